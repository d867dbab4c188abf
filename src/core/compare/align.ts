// Two recordings of one flow, step against step: which steps both runs made
// and answered alike, which answered otherwise, and which only one of them
// made. Paths name a step's place in the flow, so they align two runs even
// when Parallel branches finished in another order; a path-less (legacy) trace
// has only its order, so then steps align by position.
//
// Values compare as the verdicts do (verdict.ts): deep equality with key order
// ignored, and an error by its name, message and own fields, never its stack,
// which differs between any two processes.
import type { RecordedModel, RecordedStep } from '../trace/model';
import { comparable, sameValue } from '../verdict/verdict';
import { diffValues } from '../present/diff';
import { errorSummary, preview } from '../present/step-text';

export type AlignMark = 'same' | 'value-changed' | 'only-a' | 'only-b';

export interface AlignedRow {
  readonly mark: AlignMark;
  /** the path both runs share, or `#<position>` when aligned by position */
  readonly key: string;
  /** the step's Command in A (B's when the step is only in B) */
  readonly command: string;
  /** B's Command when it differs from A's (position alignment, or a renamed step) */
  readonly commandB?: string;
  /** step indices in each trace, undefined on the side that lacks the step */
  readonly a: number | undefined;
  readonly b: number | undefined;
  /** recorded durations; both are set only for a step the two runs share */
  readonly durationA: number | undefined;
  readonly durationB: number | undefined;
  /** one line for people saying how the two differ ("total: 60 → 54", "threw in A, returned in B"); undefined when same */
  readonly difference?: string;
}

export interface Alignment {
  readonly by: 'path' | 'position';
  readonly rows: readonly AlignedRow[];
  /** the index in rows of the first row that is not `same`, undefined when the runs agree throughout */
  readonly firstDifference: number | undefined;
  readonly counts: Readonly<Record<AlignMark, number>>;
}

/** What a step did, as the person reads it: its value for a return or decision, its error for a throw. */
export function outcomeOf(step: RecordedStep): { readonly kind: RecordedStep['kind']; readonly value: unknown } {
  if (step.kind === 'threw') return { kind: step.kind, value: comparable(step.error) };
  if (step.kind === 'unrecorded') return { kind: step.kind, value: step.threw ? 'threw' : 'returned' };
  return { kind: step.kind, value: step.result };
}

/** "returned {…}", "threw Error: …": a step's outcome in one line. */
export function outcomeText(step: RecordedStep): string {
  switch (step.kind) {
    case 'threw':
      return `threw ${errorSummary(step.error, step.hasValue)}`;
    case 'unrecorded':
      return `${step.threw ? 'threw' : 'returned'} (value not recorded)`;
    case 'decision':
      return `decided ${preview(step.result)}`;
    default:
      return `returned ${step.hasValue ? preview(step.result) : 'undefined'}`;
  }
}

const KIND_WORD: Record<RecordedStep['kind'], string> = { returned: 'returned', threw: 'threw', decision: 'decided', unrecorded: 'not recorded' };

/** undefined when the two steps made the same call and answered alike; otherwise the first difference, in words. */
export function stepDifference(a: RecordedStep, b: RecordedStep): string | undefined {
  if (a.command !== b.command) return `Command ${a.command} in A, ${b.command} in B`;
  const oa = outcomeOf(a);
  const ob = outcomeOf(b);
  if (oa.kind !== ob.kind) return `${KIND_WORD[oa.kind]} in A, ${KIND_WORD[ob.kind]} in B`;
  if (a.hasValue !== b.hasValue) return a.hasValue ? 'a value in A, none in B' : 'no value in A, a value in B';
  if (sameValue(oa.value, ob.value)) return undefined;
  const first = diffValues(oa.value, ob.value)[0];
  if (!first) return `${preview(oa.value)} → ${preview(ob.value)}`;
  const what = oa.kind === 'threw' ? 'error' : 'result';
  const at = first.path === '(value)' ? what : `${what}.${first.path}`;
  if (first.kind === 'added') return `${at}: only in B (${preview(first.after)})`;
  if (first.kind === 'removed') return `${at}: only in A (${preview(first.before)})`;
  return `${at}: ${preview(first.before)} → ${preview(first.after)}`;
}

function shared(key: string, a: RecordedStep, b: RecordedStep): AlignedRow {
  const difference = stepDifference(a, b);
  return {
    mark: difference === undefined ? 'same' : 'value-changed',
    key,
    command: a.command,
    ...(a.command !== b.command ? { commandB: b.command } : {}),
    a: a.index,
    b: b.index,
    durationA: a.durationMs,
    durationB: b.durationMs,
    ...(difference !== undefined ? { difference } : {})
  };
}

function only(side: 'a' | 'b', key: string, step: RecordedStep): AlignedRow {
  return {
    mark: side === 'a' ? 'only-a' : 'only-b',
    key,
    command: step.command,
    a: side === 'a' ? step.index : undefined,
    b: side === 'b' ? step.index : undefined,
    durationA: side === 'a' ? step.durationMs : undefined,
    durationB: side === 'b' ? step.durationMs : undefined,
    difference: side === 'a' ? `only A ran ${step.command} (${outcomeText(step)})` : `only B ran ${step.command} (${outcomeText(step)})`
  };
}

/**
 * By path, rows follow A's order; a step only B made comes right before the first shared step
 * that B made after it, so each run's own order is kept and B's extra steps sit where B made them.
 */
function byPath(a: RecordedModel, b: RecordedModel): AlignedRow[] {
  const rows: AlignedRow[] = [];
  let nextB = 0;
  const flushB = (upTo: number) => {
    for (; nextB < upTo; nextB++) {
      const s = b.steps[nextB]!;
      if (a.byPath[s.path!] === undefined) rows.push(only('b', s.path!, s));
    }
  };
  for (const sa of a.steps) {
    const ib = b.byPath[sa.path!];
    if (ib === undefined) {
      rows.push(only('a', sa.path!, sa));
      continue;
    }
    if (ib >= nextB) flushB(ib);
    rows.push(shared(sa.path!, sa, b.steps[ib]!));
    if (ib >= nextB) nextB = ib + 1;
  }
  flushB(b.steps.length);
  return rows;
}

function byPosition(a: RecordedModel, b: RecordedModel): AlignedRow[] {
  const rows: AlignedRow[] = [];
  const n = Math.max(a.steps.length, b.steps.length);
  for (let i = 0; i < n; i++) {
    const sa = a.steps[i];
    const sb = b.steps[i];
    const key = `#${i}`;
    if (sa && sb) rows.push(shared(key, sa, sb));
    else if (sa) rows.push(only('a', key, sa));
    else if (sb) rows.push(only('b', key, sb));
  }
  return rows;
}

export function alignTraces(a: RecordedModel, b: RecordedModel): Alignment {
  const by = a.matching === 'path' && b.matching === 'path' ? 'path' : 'position';
  const rows = by === 'path' ? byPath(a, b) : byPosition(a, b);
  const counts: Record<AlignMark, number> = { same: 0, 'value-changed': 0, 'only-a': 0, 'only-b': 0 };
  for (const r of rows) counts[r.mark]++;
  const first = rows.findIndex((r) => r.mark !== 'same');
  return { by, rows, firstDifference: first === -1 ? undefined : first, counts };
}

/** Words for a mark, so it never rests on colour alone. */
export const MARK_TEXT: Record<AlignMark, string> = { same: 'same', 'value-changed': 'value changed', 'only-a': 'only in A', 'only-b': 'only in B' };
