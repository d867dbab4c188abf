// The incident's facts leave with the incident's redaction applied, as its trace does. What a step
// received is made of the recorded values (the input, Commands' answers), moved about by the flow's
// code, so it is redacted twice over: every value the trace's redaction changed is changed alike
// wherever it turns up in the facts (so a path rule's /trace/3/result/email reaches the same address
// passed on to a later step), and key rules and detectors then apply to the facts as data, with the
// incident's own pseudonymizer (the same value gets the same token as in the trace).
import type { IncidentFacts } from '../core/share/facts';
import { redactTrace, type Pseudonymize, type RedactionRules } from '../core/redact';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** original leaf (strings and numbers, by JSON text) -> what the redacted trace holds in its place */
export function replacements(raw: unknown, redacted: unknown, out = new Map<string, unknown>(), depth = 0): Map<string, unknown> {
  if (depth > 64) return out;
  if (isObject(raw) && isObject(redacted) && Array.isArray(raw) === Array.isArray(redacted)) {
    for (const key of Object.keys(raw)) if (Object.hasOwn(redacted, key)) replacements(raw[key], redacted[key], out, depth + 1);
    return out;
  }
  if ((typeof raw === 'string' || typeof raw === 'number') && !Object.is(raw, redacted)) out.set(JSON.stringify(raw), redacted);
  else if (isObject(raw) && !isObject(redacted)) {
    // A whole value replaced by a token: each of its leaves goes the same way, wherever it is found.
    const leaves = (v: unknown, d: number): void => {
      if (d > 64) return;
      if (isObject(v)) for (const x of Object.values(v)) leaves(x, d + 1);
      else if (typeof v === 'string' || typeof v === 'number') out.set(JSON.stringify(v), redacted);
    };
    leaves(raw, depth);
  }
  return out;
}

function replaced(value: unknown, map: ReadonlyMap<string, unknown>, depth = 0): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => replaced(v, map, depth + 1));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaced(v, map, depth + 1)]));
  if (typeof value === 'string' || typeof value === 'number') {
    const key = JSON.stringify(value);
    return map.has(key) ? map.get(key) : value;
  }
  return value;
}

export async function redactFacts(facts: IncidentFacts, raw: unknown, redactedTrace: unknown, rules: RedactionRules, p: Pseudonymize): Promise<IncidentFacts> {
  const map = replacements(raw, redactedTrace);
  const values = facts.steps.map((s) => (s.hasBefore ? replaced(s.before, map) : undefined));
  const result = facts.result ? (replaced(facts.result, map) as IncidentFacts['result']) : undefined;
  // Key rules and detectors on the values as data, in one go: addressed as a trace's input.
  const { trace } = await redactTrace({ initialInput: { values, result } }, { ...rules, paths: [] }, p);
  const out = (trace as { initialInput: { values: unknown[]; result?: IncidentFacts['result'] } }).initialInput;
  return {
    ...(out.result ? { result: out.result } : {}),
    steps: facts.steps.map((s, i) => (s.hasBefore ? { ...s, before: out.values[i] } : s))
  };
}
