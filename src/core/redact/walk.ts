// Redacting one JSON value: a copy with matched values replaced by pseudonyms
// and detected spans replaced inside strings. The input is never changed.
//
// Safe on hostile input:
// - an explicit stack, not recursion, so 100,000 levels of nesting cost
//   memory, not the call stack;
// - output objects get their keys with defineProperty, so a `__proto__` key
//   (which JSON.parse makes an own property) stays data and never becomes
//   the copy's prototype;
// - keys keep their order (the narration prints values in stored order).
//
// Under a matched key or path, every string and number becomes a token of
// the rule's type, while objects, arrays, keys, booleans and null stay: the
// shape (an array's length, a flag) is what replay and the reader need, and
// booleans and null hold no personal data.

import { detectorRuleId, keyRuleId, pathRuleId, type KeyRule } from './rules';
import { detectSpans, type DetectorId } from './detectors';
import { findCards } from './detect-card';
import { matchKey, type CompiledKeyRule } from './keys';
import { completedRule, stepProgress, type CompiledPathRule, type PathProgress } from './paths';
import { isToken, type Pseudonymize } from './pseudonym';
import { childPlace, type Place, type Tally } from './report';

export interface Redactor {
  readonly keyRules: readonly CompiledKeyRule[];
  readonly pathRules: readonly CompiledPathRule[];
  readonly detectors: ReadonlySet<DetectorId>;
  readonly pseudonymize: Pseudonymize;
  readonly tally: Tally;
}

/** A rule that covers a whole value and everything inside it. */
export interface Forced {
  readonly rule: string;
  readonly type: string;
}

const keyForced = (rule: KeyRule | undefined): Forced | undefined =>
  rule && { rule: keyRuleId(rule), type: rule.type ?? rule.name };

/** The key rule that covers the value under `key`, if any. */
export const forcedByKey = (r: Redactor, key: string) => keyForced(matchKey(r.keyRules, key));

/** Keys of a stored error (`{__error: true, …}`, spec §4.7) that revival reads as structure, not data. */
const ERROR_STRUCTURE = new Set(['__error', '__enumerable', 'name']);
const isStoredError = (value: object) => (value as { __error?: unknown }).__error === true;

interface Task {
  readonly value: unknown;
  readonly place: Place;
  readonly progress: PathProgress[];
  /** a rule matched above this value */
  readonly inherited: Forced | undefined;
  /** a key rule matched this value's own key */
  readonly byKey: Forced | undefined;
  readonly target: Record<string, unknown> | unknown[];
  readonly slot: string | number;
}

function put(target: Task['target'], slot: string | number, value: unknown): void {
  Object.defineProperty(target, slot, { value, enumerable: true, writable: true, configurable: true });
}

/** Detected spans replaced by tokens (the string itself when nothing was found), and which detector made each replacement. */
export async function replaceSpans(text: string, r: Redactor): Promise<{ text: string; fired: DetectorId[] }> {
  if (r.detectors.size === 0 || text.length === 0) return { text, fired: [] };
  const spans = detectSpans(text, r.detectors);
  if (spans.length === 0) return { text, fired: [] };
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + (await r.pseudonymize(span.detector, text.slice(span.start, span.end)));
    at = span.end;
  }
  return { text: out + text.slice(at), fired: spans.map((span) => span.detector) };
}

export function countFired(fired: readonly DetectorId[], r: Redactor, place: Place): void {
  for (const detector of fired) r.tally.count(detectorRuleId(detector), place);
}

async function stringLeaf(value: string, r: Redactor, place: Place): Promise<string> {
  const { text, fired } = await replaceSpans(value, r);
  countFired(fired, r, place);
  return text;
}

async function forcedLeaf(value: string | number, forced: Forced, r: Redactor, place: Place): Promise<unknown> {
  if (typeof value === 'string' && isToken(value)) return value; // redacting twice changes nothing
  r.tally.count(forced.rule, place);
  return keepNumber(value, await r.pseudonymize(forced.type, String(value)));
}

/** A stand-in for a number (standIn.ts) is all digits, and stays a number; a token never is. */
function keepNumber(value: unknown, token: string): unknown {
  return typeof value === 'number' && /^-?[0-9]{1,16}$/.test(token) && Number.isSafeInteger(Number(token)) ? Number(token) : token;
}

/** A card number stored as a JSON number, which the string detectors never see. */
async function numberLeaf(value: number, r: Redactor, place: Place): Promise<unknown> {
  if (!r.detectors.has('card') || !Number.isSafeInteger(value) || value < 1e12) return value;
  const text = String(value);
  const [span] = findCards(text);
  if (!span || span.end - span.start !== text.length) return value;
  r.tally.count(detectorRuleId('card'), place);
  return keepNumber(value, await r.pseudonymize('card', text));
}

async function leaf(value: unknown, forced: Forced | undefined, r: Redactor, place: Place): Promise<unknown> {
  if (typeof value === 'string') return forced ? forcedLeaf(value, forced, r, place) : stringLeaf(value, r, place);
  if (typeof value === 'number') return forced ? forcedLeaf(value, forced, r, place) : numberLeaf(value, r, place);
  return value;
}

/**
 * A redacted copy of `value`, which sits at `place` with `progress` along the
 * path rules (see paths.ts). `byKey` is the key rule its own key matched.
 */
export async function redactValue(value: unknown, r: Redactor, place: Place, progress: PathProgress[], byKey?: Forced): Promise<unknown> {
  const root: unknown[] = [undefined];
  const stack: Task[] = [{ value, place, progress, inherited: undefined, byKey, target: root, slot: 0 }];
  for (let task = stack.pop(); task; task = stack.pop()) {
    const byPath = task.inherited ? undefined : completedRule(r.pathRules, task.progress);
    const forced = task.inherited ?? (byPath && { rule: pathRuleId(byPath.rule), type: byPath.type }) ?? task.byKey;
    const v = task.value;
    if (v === null || typeof v !== 'object') {
      put(task.target, task.slot, await leaf(v, forced, r, task.place));
      continue;
    }
    const children: Task[] = [];
    if (Array.isArray(v)) {
      const copy: unknown[] = new Array(v.length);
      put(task.target, task.slot, copy);
      for (let i = 0; i < v.length; i++) {
        const key = String(i);
        children.push({
          value: v[i],
          place: childPlace(task.place, key),
          progress: stepProgress(r.pathRules, task.progress, key),
          inherited: forced,
          byKey: undefined,
          target: copy,
          slot: i
        });
      }
    } else {
      const copy: Record<string, unknown> = {};
      put(task.target, task.slot, copy);
      const structural = isStoredError(v);
      for (const key of Object.keys(v)) {
        const item = (v as Record<string, unknown>)[key];
        if (structural && ERROR_STRUCTURE.has(key)) {
          put(copy, key, item);
          continue;
        }
        // Keys are data too: a map keyed by email address must not keep the addresses.
        const { text: outKey, fired } = await replaceSpans(key, r);
        const place = childPlace(task.place, outKey); // pointers name the new key, never the old one
        countFired(fired, r, place);
        put(copy, outKey, item); // the key's place in order; the task overwrites the value
        children.push({
          value: item,
          place,
          progress: stepProgress(r.pathRules, task.progress, key),
          inherited: forced,
          byKey: forced ? undefined : forcedByKey(r, key),
          target: copy,
          slot: outKey
        });
      }
    }
    // Pushed in reverse so values are visited in document order: the first
    // use of a value decides its pseudonym's length (pseudonym.ts).
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Task);
  }
  return root[0];
}
