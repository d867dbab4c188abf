// Pinned hits leave with the incident's redaction applied. A pin holds a value as text (what the
// logpoint showed, formatted), so key and path rules, which need structure, cannot find their
// fields in it. Instead every value the trace's redaction replaced is replaced alike wherever it
// turns up in the text (the address a key rule caught in the trace, a path rule's account number),
// with the same token, and the detectors then run on the text as on any free text. What the flow
// computed from personal data (half a name, a hash of an address) is no value of the trace and can
// still show: the Share dialog says so and shows every pin as it will leave.
import { MAX_CHANGED_PATHS, redactText, type Pseudonymize, type RedactionReport, type RedactionRules } from '../core/redact';
import { replacements } from './redactFacts';

/** Shorter strings are not looked for in text: "a" or "ok" replaced everywhere would say nothing and ruin the rest. */
const MIN_STRING = 2;
/** Numbers are replaced only standing alone (not inside a longer number), and only from this many characters. */
const MIN_NUMBER = 3;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One function that replaces, in a text, every original the trace's redaction changed. */
export function textReplacer(raw: unknown, redactedTrace: unknown): (text: string) => string {
  const pairs: { source: string; original: string; by: string }[] = [];
  for (const [json, token] of replacements(raw, redactedTrace)) {
    const original: unknown = JSON.parse(json);
    const by = typeof token === 'string' ? token : (JSON.stringify(token) ?? '');
    if (typeof original === 'string' && original.length >= MIN_STRING) pairs.push({ source: escape(original), original, by });
    else if (typeof original === 'number' && json.length >= MIN_NUMBER) pairs.push({ source: `(?<![\\d.])${escape(json)}(?![\\d.])`, original: json, by });
  }
  if (pairs.length === 0) return (text) => text;
  // One pass, so a token put in is never searched again; the longest first, so an address goes
  // whole before a part of it (the name before the @) could match where it starts.
  pairs.sort((a, b) => b.original.length - a.original.length);
  const by = new Map<string, string>();
  for (const p of pairs) if (!by.has(p.original)) by.set(p.original, p.by);
  const find = new RegExp(pairs.map((p) => p.source).join('|'), 'g');
  return (text) => text.replace(find, (m) => by.get(m) ?? m);
}

export interface PinText {
  readonly text: string;
}

/** Each pin's text redacted: the trace's replacements, then the detectors, with the incident's pseudonymizer. */
export async function redactPins<P extends PinText>(pins: readonly P[], raw: unknown, redactedTrace: unknown, rules: RedactionRules, p: Pseudonymize): Promise<P[]> {
  if (pins.length === 0) return [];
  const replace = textReplacer(raw, redactedTrace);
  return Promise.all(pins.map(async (pin) => ({ ...pin, text: (await redactText(replace(pin.text), rules, p)).text })));
}

/**
 * The trace's report with what the pins' redaction changed added, so the dialog's count and places
 * are of everything that leaves: a pin whose text changed is a place (`/logpoints/pinned/<i>/text`),
 * and each changed pin counts as one replacement (by the detectors' rule when they fired).
 */
export async function withPinsReport<P extends PinText>(
  report: RedactionReport,
  before: readonly P[],
  after: readonly P[],
  rules: RedactionRules,
  p: Pseudonymize
): Promise<RedactionReport> {
  const changed = after.flatMap((pin, i) => (pin.text !== before[i]?.text ? [i] : []));
  if (changed.length === 0) return report;
  const fired = new Map(report.fired.map((f) => [f.rule, f.count]));
  for (const i of changed) {
    // The detectors' own report for this text, after the trace's replacements: which rule fired.
    const detected = (await redactText(before[i]!.text, rules, p)).report;
    for (const f of detected.fired) fired.set(f.rule, (fired.get(f.rule) ?? 0) + f.count);
  }
  const paths = [...report.changedPaths, ...changed.map((i) => `/logpoints/pinned/${i}/text`)];
  return {
    ...report,
    fired: report.applied.filter((rule) => fired.has(rule)).map((rule) => ({ rule, count: fired.get(rule)! })),
    replacements: report.replacements + changed.length,
    changedPaths: paths.slice(0, MAX_CHANGED_PATHS),
    changedPathsTruncated: report.changedPathsTruncated || paths.length > MAX_CHANGED_PATHS
  };
}
