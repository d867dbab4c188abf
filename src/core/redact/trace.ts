// Redacting a whole raw trace (spec §4.3) before it leaves the browser.
//
// Never touched, because replay and the timeline need them exactly and they
// hold code, not customer data:
// - top level: `flowName`, `version` (the source to fetch), `dropped`,
//   `unrecorded` (the recorder's reasons);
// - each entry: `command` and `path` (replay matches on them, §6.4),
//   `threw`, `unrecorded`, `durationMs`;
// - a Parallel decision's `cancelled`, `branch` and `branches` (replay
//   re-runs the cancellation from them, §6.10; the recorder never redacts
//   decisions either);
// - in a stored error, `__error`, `__enumerable` and `name` (how it revives).
// Each is left alone only while it has the type the spec gives it; anything
// else there is not what a recorder writes, so it is redacted like data.
//
// Everything else is data and is redacted: `initialInput`, `context`, every
// entry's `result` and `error` (message, stack, cause, `__errors`, own
// fields), and any key the spec does not know. Redacting `context` can change
// which branch an Ask takes on replay; that is the price of sharing it.

import { compileKeyRules } from './keys';
import { compilePathRules, startProgress, stepProgress, type PathProgress } from './paths';
import type { Pseudonymize } from './pseudonym';
import { childPlace, ROOT, Tally, type Place, type RedactionReport } from './report';
import { ruleIds, type RedactionRules } from './rules';
import { countFired, forcedByKey, redactValue, replaceSpans, type Redactor } from './walk';

export interface Redacted<T> {
  readonly trace: T;
  readonly report: RedactionReport;
}

type Guard = (value: unknown) => boolean;

const isString: Guard = (v) => typeof v === 'string';
const isNumber: Guard = (v) => typeof v === 'number';
const isCount: Guard = (v) => typeof v === 'number' || (typeof v === 'string' && /^[0-9]{1,16}$/.test(v));
const isStringMap: Guard = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string' && x.length <= 64);

const TOP_LEVEL_KEPT: Readonly<Record<string, Guard>> = { flowName: isString, version: isString, dropped: isCount, unrecorded: isStringMap };
const ENTRY_KEPT: Readonly<Record<string, Guard>> = {
  command: isString,
  path: isString,
  threw: (v) => typeof v === 'boolean',
  unrecorded: isString,
  durationMs: isNumber
};
const DECISION_KEPT: Readonly<Record<string, Guard>> = {
  cancelled: (v) => typeof v === 'boolean',
  branch: (v) => v === null || isNumber(v),
  branches: isNumber
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function put(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Same definition as the model's (core/trace/entries.ts): the library's own (§7.2). */
const isDecision = (entry: Record<string, unknown>) =>
  entry.command === 'Parallel' && typeof entry.path === 'string' && entry.path.endsWith('p');

function kept(guards: Readonly<Record<string, Guard>>, key: string, value: unknown): boolean {
  const guard = Object.hasOwn(guards, key) ? guards[key] : undefined;
  return guard !== undefined && guard(value);
}

/**
 * Keys of the trace's own envelope, which key rules never match: a rule named
 * `result` or `context` means a field inside the data, not all of it.
 */
const ENVELOPE: ReadonlySet<string> = new Set(['initialInput', 'context', 'trace', 'result', 'error']);
const NO_ENVELOPE: ReadonlySet<string> = new Set();

/** An object of which `guards` name the untouched keys and the rest is redacted as data. */
async function redactRecord(
  record: Record<string, unknown>,
  guards: Readonly<Record<string, Guard>>,
  envelope: ReadonlySet<string>,
  r: Redactor,
  place: Place,
  progress: PathProgress[],
  inner: (key: string, value: unknown, place: Place, progress: PathProgress[]) => Promise<unknown> | undefined = () => undefined
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (kept(guards, key, value)) {
      // `unrecorded` is the one kept object: copied, so the output shares nothing with the input.
      put(out, key, typeof value === 'object' ? structuredClone(value) : value);
      continue;
    }
    const at = childPlace(place, key);
    const down = stepProgress(r.pathRules, progress, key);
    const byKey = envelope.has(key) ? undefined : forcedByKey(r, key);
    put(out, key, await (inner(key, value, at, down) ?? redactValue(value, r, at, down, byKey)));
  }
  return out;
}

function redactEntry(entry: unknown, r: Redactor, place: Place, progress: PathProgress[]): Promise<unknown> {
  if (!isRecord(entry)) return redactValue(entry, r, place, progress);
  const decision = isDecision(entry);
  return redactRecord(entry, ENTRY_KEPT, ENVELOPE, r, place, progress, (key, value, at, down) =>
    decision && key === 'result' && isRecord(value) ? redactRecord(value, DECISION_KEPT, NO_ENVELOPE, r, at, down) : undefined
  );
}

async function redactEntries(entries: readonly unknown[], r: Redactor, place: Place, progress: PathProgress[]): Promise<unknown[]> {
  const out: unknown[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const key = String(i);
    put(out, i, await redactEntry(entries[i], r, childPlace(place, key), stepProgress(r.pathRules, progress, key)));
  }
  return out;
}

function redactorFor(rules: RedactionRules, pseudonymize: Pseudonymize): Redactor {
  return {
    keyRules: compileKeyRules(rules.keys),
    pathRules: compilePathRules(rules.paths),
    detectors: new Set(rules.detectors),
    pseudonymize,
    tally: new Tally()
  };
}

const appliedRules = (rules: RedactionRules) => [...new Set(ruleIds(rules))];

/**
 * A redacted copy of a raw trace (an object as recorded, or a bare array of
 * entries), and a report of what changed. The input is not modified.
 */
export async function redactTrace(raw: Record<string, unknown>, rules: RedactionRules, pseudonymize: Pseudonymize): Promise<Redacted<Record<string, unknown>>>;
export async function redactTrace(raw: unknown[], rules: RedactionRules, pseudonymize: Pseudonymize): Promise<Redacted<unknown[]>>;
export async function redactTrace(raw: unknown, rules: RedactionRules, pseudonymize: Pseudonymize): Promise<Redacted<unknown>>;
export async function redactTrace(raw: unknown, rules: RedactionRules, pseudonymize: Pseudonymize): Promise<Redacted<unknown>> {
  const r = redactorFor(rules, pseudonymize);
  const start = startProgress(r.pathRules);
  let trace: unknown;
  if (Array.isArray(raw)) {
    // Addressed as `{trace: [...]}` so one path rule means the same in both forms.
    trace = await redactEntries(raw, r, childPlace(ROOT, 'trace'), stepProgress(r.pathRules, start, 'trace'));
  } else if (isRecord(raw)) {
    trace = await redactRecord(raw, TOP_LEVEL_KEPT, ENVELOPE, r, ROOT, start, (key, value, at, down) =>
      key === 'trace' && Array.isArray(value) ? redactEntries(value, r, at, down) : undefined
    );
  } else {
    trace = await redactValue(raw, r, ROOT, start);
  }
  return { trace, report: r.tally.report(appliedRules(rules)) };
}

/**
 * Detected spans replaced in plain text, for flow source files: string
 * literals may hold an address or a key. Key and path rules need structure,
 * so only the detectors apply; `changedPaths` is `['']` when anything changed.
 */
export async function redactText(text: string, rules: RedactionRules, pseudonymize: Pseudonymize): Promise<{ text: string; report: RedactionReport }> {
  const detectorsOnly: RedactionRules = { keys: [], detectors: rules.detectors, paths: [] };
  const r = redactorFor(detectorsOnly, pseudonymize);
  const { text: out, fired } = await replaceSpans(text, r);
  countFired(fired, r, ROOT);
  return { text: out, report: r.tally.report(appliedRules(detectorsOnly)) };
}
