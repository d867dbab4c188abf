// The verdict matrix of a corpus replay, as the app shows it: rows grouped by
// verdict (what needs a look first), counted, and filtered with the step
// filter's language (core/filter/query.ts) plus `is:<verdict>`:
//   word        flow name, line, source, verdict, step, path, detail or an unreached Command contains it
//   cmd:charge  the step it points at, or an unreached Command, is named so
//   path:2      its path contains it
//   is:fixed    its verdict (after the change) is that: reproduced, fixed, changed, diverged, missing, error, refused
// Pure, so the app's table and its tests share it.
import { parseQuery } from '../filter/query';
import type { BatchRow, BatchVerdict } from './verdict';

/** Failing verdicts first: a matrix is read top-down for what stops the change from shipping. */
export const VERDICT_ORDER: readonly BatchVerdict[] = ['diverged', 'missing-step', 'flow-error', 'refused', 'outcome-changed', 'fixed', 'reproduced'];

export const VERDICT_LABEL: Readonly<Record<BatchVerdict, string>> = {
  diverged: 'Diverged',
  'missing-step': 'Missing step',
  'flow-error': 'Error in flow code',
  refused: 'Replay refused',
  'outcome-changed': 'Outcome changed',
  fixed: 'Fixed',
  reproduced: 'Reproduced'
};

/** The short words `is:` takes, beside the verdicts' own names. */
const IS_WORDS: Readonly<Record<string, BatchVerdict>> = {
  reproduced: 'reproduced',
  fixed: 'fixed',
  changed: 'outcome-changed',
  'outcome-changed': 'outcome-changed',
  diverged: 'diverged',
  missing: 'missing-step',
  'missing-step': 'missing-step',
  error: 'flow-error',
  'flow-error': 'flow-error',
  refused: 'refused'
};

/** What a row is matched on, beside its verdict row. */
export interface MatrixEntry {
  readonly index: number;
  readonly line: number;
  readonly flowName: string | undefined;
  readonly source: string | undefined;
  /** the Command at the row's step, when it points at one */
  readonly command: string | undefined;
  readonly after: BatchRow;
  readonly before?: BatchRow;
}

export interface MatrixQuery {
  readonly test: (entry: MatrixEntry) => boolean;
  /** terms that mean nothing here, shown to the person (the query then matches nothing) */
  readonly unknown: readonly string[];
}

const has = (text: string | undefined, needle: string) => text !== undefined && text.toLowerCase().includes(needle);

export function matrixQuery(text: string): MatrixQuery {
  const q = parseQuery(text);
  const verdicts: BatchVerdict[] = [];
  const unknown: string[] = [];
  for (const word of [...q.is, ...q.unknown.map((u) => u.replace(/^is:/i, ''))]) {
    const verdict = IS_WORDS[word.toLowerCase()];
    if (verdict) verdicts.push(verdict);
    else unknown.push(`is:${word}`);
  }
  const words = [...q.words, ...q.phrases];
  const test = (e: MatrixEntry) => {
    if (unknown.length) return false;
    const commands = [e.command, ...e.after.unreached];
    if (!verdicts.every((v) => e.after.verdict === v)) return false;
    if (!q.cmd.every((c) => commands.some((name) => has(name, c)))) return false;
    if (!q.path.every((p) => has(e.after.path, p))) return false;
    const haystack = [e.flowName, String(e.line), e.source, VERDICT_LABEL[e.after.verdict], e.after.verdict, e.after.path, e.after.detail, e.before?.detail, ...commands];
    return words.every((w) => haystack.some((h) => has(h, w)));
  };
  return { test, unknown };
}

export interface MatrixGroup {
  readonly verdict: BatchVerdict;
  readonly entries: readonly MatrixEntry[];
}

/** Count per verdict over every answered row (the filter does not change the counts). */
export function verdictCounts(entries: readonly MatrixEntry[]): Record<BatchVerdict, number> {
  const counts = Object.fromEntries(VERDICT_ORDER.map((v) => [v, 0])) as Record<BatchVerdict, number>;
  for (const e of entries) counts[e.after.verdict]++;
  return counts;
}

/** The rows that pass the query, grouped by verdict in VERDICT_ORDER, each group in corpus order. */
export function groupMatrix(entries: readonly MatrixEntry[], query: MatrixQuery, only?: BatchVerdict): MatrixGroup[] {
  const byVerdict = new Map<BatchVerdict, MatrixEntry[]>(VERDICT_ORDER.map((v) => [v, []]));
  for (const e of entries) if ((!only || e.after.verdict === only) && query.test(e)) byVerdict.get(e.after.verdict)!.push(e);
  return VERDICT_ORDER.map((verdict) => ({ verdict, entries: byVerdict.get(verdict)! })).filter((g) => g.entries.length > 0);
}
