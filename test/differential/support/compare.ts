// Node's outcome against the sandbox's, the by-design list applied, and the table a failure prints.
import type { Outcome } from './outcome';

export interface ByDesign {
  /** what the sandbox gives instead of what plain JavaScript gives */
  readonly sandbox: Outcome;
  /** why, in a few words: which rule of the sandbox */
  readonly why: string;
}

export type Verdict =
  | 'same'
  /** listed in byDesign.ts, and the sandbox gave exactly the listed outcome */
  | 'by-design'
  /** listed, and the sandbox gave something else than listed (a message changed, say) */
  | 'by-design-changed'
  /** listed, and the sandbox now does what plain JavaScript does: the entry is stale */
  | 'by-design-gone'
  | 'different';

export interface Compared {
  readonly id: string;
  readonly plain: Outcome;
  readonly sandbox: Outcome;
  readonly verdict: Verdict;
  readonly listed?: ByDesign;
}

/**
 * Whether two outcomes agree: the same kind; the same value; for a throw, the same constructor
 * name and message, and the same line of the snippet where both sides name one. A compile
 * refusal is a SyntaxError on both sides: its message (V8's or sucrase's words) is not compared,
 * except against a by-design entry (`compileMessages`), which says the sandbox's own words.
 */
export function sameOutcome(a: Outcome, b: Outcome, compileMessages = false): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'value' && b.kind === 'value') return a.value === b.value;
  if (a.kind === 'threw' && b.kind === 'threw') {
    if (a.name !== b.name) return false;
    const compile = !compileMessages && (a.phase === 'compile' || b.phase === 'compile');
    if (!compile && a.message !== b.message) return false;
    if (!compile && a.line !== undefined && b.line !== undefined && a.line !== b.line) return false;
    return true;
  }
  return a.kind === b.kind && a.kind !== 'broken';
}

export function compare(id: string, plain: Outcome, sandbox: Outcome, listed: ByDesign | undefined): Compared {
  const base = { id, plain, sandbox, ...(listed ? { listed } : {}) };
  if (!listed) return { ...base, verdict: sameOutcome(plain, sandbox) ? 'same' : 'different' };
  if (sameOutcome(listed.sandbox, sandbox, true)) return { ...base, verdict: 'by-design' };
  return { ...base, verdict: sameOutcome(plain, sandbox) ? 'by-design-gone' : 'by-design-changed' };
}

export const passes = (c: Compared): boolean => c.verdict === 'same' || c.verdict === 'by-design';

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One cell: a value as its serialized text, a throw as `throws Name: message (phase, line N)`. */
export function describeOutcome(o: Outcome, width = 110): string {
  switch (o.kind) {
    case 'value':
      return cut(o.value, width);
    case 'threw': {
      const where = [o.phase === 'run' ? '' : `at ${o.phase}`, o.line !== undefined ? `line ${o.line}` : ''].filter(Boolean).join(', ');
      const what = o.name === 'value' ? `throws ${o.message}` : `throws ${o.name}: ${o.message}`;
      return cut(`${what}${where ? ` (${where})` : ''}`, width);
    }
    case 'pending':
      return 'still pending when the replay read it';
    case 'broken':
      return cut(o.message.startsWith('(cut') ? o.message : `NO ANSWER: ${o.message}`, width);
  }
}

const NOTE: Record<Verdict, string> = {
  same: '',
  'by-design': '',
  'by-design-changed': 'by-design entry, but the sandbox now says something else',
  'by-design-gone': 'by-design entry, but the sandbox now agrees with plain JavaScript: remove the entry',
  different: ''
};

/** A readable table of the failures: snippet id, plain JavaScript's result, the sandbox's result. */
export function table(rows: readonly Compared[], sides: { plain: string; sandbox: string }): string {
  const lines = [`${rows.length} snippet(s) differ:`, ''];
  for (const r of rows) {
    lines.push(`  ${r.id}${NOTE[r.verdict] ? `  [${NOTE[r.verdict]}]` : ''}`);
    lines.push(`      ${sides.plain.padEnd(8)} ${describeOutcome(r.plain)}`);
    lines.push(`      ${sides.sandbox.padEnd(8)} ${describeOutcome(r.sandbox)}`);
    if (r.verdict === 'by-design-changed' && r.listed) lines.push(`      ${'listed'.padEnd(8)} ${describeOutcome(r.listed.sandbox)}`);
  }
  return lines.join('\n');
}
