// Several files opened at once (a folder of traces, several JSONL files or
// capsules) as one corpus: every trace of every file, in the order the files
// were given, each summary naming its file. A file that holds no trace does
// not sink the others: it is set aside with its problem, named in the list.
import type { TraceModel, TraceSummary } from './model';
import { summarize } from './summary';
import type { TraceProblem } from './errors';

export interface CorpusFile<M> {
  readonly name: string;
  readonly result:
    | { readonly kind: 'trace'; readonly model: M }
    | { readonly kind: 'collection'; readonly summaries: TraceSummary[]; readonly models: M[]; readonly skipped?: SkippedFile[] }
    | { readonly kind: 'error'; readonly problem: TraceProblem };
}

/** A file of the corpus, or one line of a JSONL file (`line`), that was set aside, and why. */
export interface SkippedFile {
  readonly name: string;
  /** the JSONL line (1-based), when only that line was set aside; `message` names it too */
  readonly line?: number;
  readonly message: string;
}

export type CorpusResult<M> =
  | { readonly kind: 'collection'; readonly summaries: TraceSummary[]; readonly models: M[]; readonly skipped: SkippedFile[] }
  | { readonly kind: 'error'; readonly problem: TraceProblem };

/** `summaryOf` says a file's one trace in a line of the list: summarize, unless M is not a model (the engine's held traces). */
export function combineCorpus<M>(files: readonly CorpusFile<M>[], summaryOf: (m: M, line: number) => TraceSummary = (m, line) => summarize(m as TraceModel, line)): CorpusResult<M> {
  const summaries: TraceSummary[] = [];
  const models: M[] = [];
  const skipped: SkippedFile[] = [];
  for (const { name, result } of files) {
    if (result.kind === 'error') skipped.push({ name, message: result.problem.message });
    else if (result.kind === 'trace') {
      models.push(result.model);
      summaries.push({ ...summaryOf(result.model, 1), source: name });
    } else {
      models.push(...result.models);
      summaries.push(...result.summaries.map((s) => ({ ...s, source: name })));
      for (const line of result.skipped ?? []) skipped.push({ ...line, name });
    }
  }
  if (models.length === 0) {
    const first = skipped[0];
    return {
      kind: 'error',
      problem: {
        message: `none of the ${files.length} files holds a trace${first ? `: ${first.name}: ${first.message}` : ''}`,
        hint: 'Open trace files (.json, .jsonl) or capsules (.zip) of one flow, with the flow’s source file.'
      }
    };
  }
  return { kind: 'collection', summaries, models, skipped };
}

/** "2 lines and 1 file were set aside: …": a JSONL line set aside is not a file lost. */
export function setAsideText(skipped: readonly SkippedFile[]): string {
  const lines = skipped.filter((s) => s.line !== undefined).length;
  const files = skipped.length - lines;
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const what = [lines ? count(lines, 'line') : '', files ? count(files, 'file') : ''].filter(Boolean).join(' and ');
  return `${what} ${skipped.length === 1 ? 'was' : 'were'} set aside: not a trace Timescope can open`;
}
