// The few lines of flow source around a step's Command, for a slide. The
// line is found the way the source panel finds it (core/source/locate: the
// Command's definition in the code on screen), falling back to where the last
// replay saw the Command built, moved along with any edits since.
import { locate, type SourceFile } from '../source/locate';
import { lineMap } from '../source/lineMap';
import type { CodeLocation, ReplayReport } from '../replay/report';

export interface SourceExcerpt {
  readonly file: string;
  /** 1-based, the step's line */
  readonly focus: number;
  readonly lines: readonly { readonly number: number; readonly text: string }[];
}

/** lines shown on either side of the focus line */
export const EXCERPT_CONTEXT = 3;
const MAX_LINE = 160;

export interface ReplayedFiles {
  readonly report: ReplayReport;
  /** the files as they were replayed: the report's lines refer to these */
  readonly files: readonly SourceFile[];
}

/** A replay's location, moved to where its line is in the code on screen. */
function follow(loc: CodeLocation, replay: ReplayedFiles, files: readonly SourceFile[]): CodeLocation | undefined {
  const now = files.find((f) => f.name === loc.file);
  const then = replay.files.find((f) => f.name === loc.file);
  if (!now) return undefined;
  return then ? { ...loc, line: lineMap(then.text, now.text)(loc.line) } : loc;
}

/** Where the step's Command is in `files`, or undefined when neither the text nor a replay can place it. */
export function stepLine(files: readonly SourceFile[], command: string, entryIndex: number, replay: ReplayedFiles | undefined): CodeLocation | undefined {
  const report = replay?.report;
  // On the step where a replay diverged, the code that asked for something else is the point.
  if (report?.fault?.kind === 'TimeParadox' && report.fault.entryIndex === entryIndex) {
    const paradox = report.steps.find((s) => s.status === 'paradox' && s.location);
    const at = paradox?.location && follow(paradox.location, replay!, files);
    if (at) return at;
  }
  const named = command === 'Parallel' ? undefined : locate(files, command);
  if (named) return named;
  if (!report) return undefined;
  const answered = report.steps.find((s) => s.entryIndex === entryIndex && s.status === 'answered' && s.location);
  const sameName = command === 'anonymous' ? undefined : report.steps.find((s) => s.name === command && s.type === 'Command' && s.status === 'answered' && s.location);
  const loc = (answered ?? sameName)?.location;
  return loc ? follow(loc, replay!, files) : undefined;
}

const plain = (text: string) => text.replace(/\t/g, '    ').replace(/\r$/, '');
const clip = (text: string) => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);
const indentOf = (text: string) => text.length - text.trimStart().length;

/** The lines around `at` in its file; undefined when the file is not open or the line is past its end. */
export function excerptAt(files: readonly SourceFile[], at: CodeLocation, context = EXCERPT_CONTEXT): SourceExcerpt | undefined {
  const file = files.find((f) => f.name === at.file);
  if (!file) return undefined;
  const all = file.text.split('\n');
  if (at.line < 1 || at.line > all.length) return undefined;
  const from = Math.max(1, at.line - context);
  const to = Math.min(all.length, at.line + context);
  const texts = all.slice(from - 1, to).map(plain);
  // The indent all the lines share is dropped: in large type every column counts.
  const shared = Math.min(...texts.filter((t) => t.trim() !== '').map(indentOf), Infinity);
  const cut = Number.isFinite(shared) ? shared : 0;
  return { file: file.name, focus: at.line, lines: texts.map((t, i) => ({ number: from + i, text: clip(t.slice(cut)) })) };
}
