// A found piece of a string, and how pieces from several detectors are merged.

export interface Span {
  readonly start: number;
  /** exclusive */
  readonly end: number;
}

/**
 * Adds `candidates` (sorted, not overlapping each other) to `accepted` (the
 * same), dropping every candidate that overlaps an accepted span: detectors
 * run from the most specific to the most general, so a JWT after `Bearer ` is
 * a jwt token and the bearer detector's wider span loses. One merge walk, so
 * 100,000s of spans in a big string cost linear time.
 */
export function mergeSpans<T extends Span>(accepted: readonly T[], candidates: readonly T[]): T[] {
  const out: T[] = [];
  let a = 0;
  for (const candidate of candidates) {
    while (a < accepted.length && (accepted[a] as T).end <= candidate.start) out.push(accepted[a++] as T);
    const next = accepted[a];
    if (next !== undefined && next.start < candidate.end) continue;
    out.push(candidate);
  }
  while (a < accepted.length) out.push(accepted[a++] as T);
  return out;
}

/** Every match of a global regex, through `pick` (which may refuse one or narrow it to a group). */
export function regexSpans(re: RegExp, text: string, pick: (m: RegExpExecArray) => Span | undefined): Span[] {
  const spans: Span[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0] === '') re.lastIndex++; // never loop on an empty match
    const span = pick(m);
    if (span) spans.push(span);
  }
  return spans;
}

export const wholeMatch = (m: RegExpExecArray): Span => ({ start: m.index, end: m.index + m[0].length });
