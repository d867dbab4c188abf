// Applying overrides (the schema for them is in overrides.ts; this file stays free of zod so the
// replay worker can apply them without it).
//
// "What if this step had answered differently?": overrides of recorded outcomes, applied to a raw
// trace before it is replayed. The replay engine then reads the changed trace exactly as it reads a
// recording, so an override is answered by the same rules as any entry (spec §4.8, §6.4, §6.10);
// nothing in the engine knows about what-ifs. The verdict compares against the unchanged recording.
//
// An override names its entry by path, or, in a path-less trace (spec §5, matched by position),
// by `#<entry index>`. `#<index>` is accepted for a trace with paths too, but `at` is written as the
// path there, so a link made from one reads the same in the other's terms.
export type ThrownError = { readonly name: string; readonly message: string; readonly code?: string | number };

export type StepOverride =
  | { readonly at: string; readonly kind: 'result'; readonly value: unknown }
  | { readonly at: string; readonly kind: 'throw'; readonly error: ThrownError }
  /** only for a Parallel decision entry ('<k>p'): which branch cancelled the others, or null for none */
  | { readonly at: string; readonly kind: 'cancelled'; readonly branch: number | null };

type Entry = Record<string, unknown>;

const POSITION = /^#(0|[1-9]\d*)$/;
const DECISION_PATH = /(^|\/)(0|[1-9]\d*)p$/;

function isEntry(v: unknown): v is Entry {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Path mode as the library decides it (spec §5): at least one entry, and every entry has a string path. */
export function matchesByPath(entries: readonly unknown[]): boolean {
  return entries.length > 0 && entries.every((e) => isEntry(e) && typeof e.path === 'string');
}

/** How an override addresses the entry at `index`: its path, or `#<index>` in a path-less trace. */
export function overrideAddress(entries: readonly unknown[], index: number): string {
  const e = entries[index];
  return matchesByPath(entries) && isEntry(e) ? (e.path as string) : `#${index}`;
}

/** The entry index `at` names, or a problem. */
function locate(entries: readonly unknown[], byPath: boolean, address: string): number | string {
  const position = POSITION.exec(address);
  if (position) {
    const index = Number(position[1]);
    return index < entries.length ? index : `no step ${address}: the trace has ${entries.length} entries`;
  }
  if (!byPath) return `no step at path '${address}': this trace carries no paths, so its steps are named by position, as #0, #1…`;
  const index = entries.findIndex((e) => isEntry(e) && e.path === address);
  return index >= 0 ? index : `no step at path '${address}' in the trace`;
}

function isDecision(e: Entry): boolean {
  return e.command === 'Parallel' && typeof e.path === 'string' && DECISION_PATH.test(e.path);
}

/** The entry rebuilt in the recorder's key order (spec §4.3), with its outcome replaced. */
function withOutcome(e: Entry, outcome: { result: unknown } | { error: unknown }): Entry {
  const out: Entry = { command: e.command };
  if (e.path !== undefined) out.path = e.path;
  if ('result' in outcome) out.result = outcome.result;
  else {
    // Path-less entries say "threw" with the error key alone (spec §5); keep that form.
    if (e.path !== undefined) out.threw = true;
    out.error = outcome.error;
  }
  if (e.durationMs !== undefined) out.durationMs = e.durationMs;
  return out;
}

/** An Error as the recorder stores one (spec §4.7), code only when it was given. */
export function storedError(error: ThrownError): Record<string, unknown> {
  const out: Record<string, unknown> = { __error: true, name: error.name, message: error.message };
  if (error.code !== undefined) out.code = error.code;
  return out;
}

/** Values go through JSON on their way into a trace (spec §4.6); undefined has no `result` at all. */
function copied(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function apply(e: Entry, o: StepOverride, label: string): Entry | string {
  if (o.kind === 'result') {
    const out = withOutcome(e, { result: copied(o.value) });
    if (o.value === undefined) delete out.result;
    return out;
  }
  if (o.kind === 'throw') {
    if (isDecision(e)) return `${label} is a Parallel decision, which cannot throw; choose which branch cancelled instead`;
    return withOutcome(e, { error: storedError(o.error) });
  }
  if (!isDecision(e)) return `${label} is not a Parallel decision, so no branch of it can be cancelled`;
  const recorded = isEntry(e.result) ? e.result : {};
  const branches = Number.isInteger(recorded.branches) ? (recorded.branches as number) : undefined;
  if (o.branch !== null && branches !== undefined && o.branch >= branches) {
    return `${label} has ${branches} branches (0 to ${branches - 1}), so branch ${o.branch} cannot have cancelled them`;
  }
  const decision: Entry =
    o.branch === null ? { cancelled: false } : { cancelled: true, branch: o.branch };
  if (branches !== undefined) decision.branches = branches;
  return withOutcome(e, { result: decision });
}

/** A new raw trace with the overrides applied; problems name each override that does not fit (no such step, not a decision…). */
export function applyOverrides(trace: unknown, overrides: readonly StepOverride[]): { trace: unknown; problems: string[] } {
  const problems: string[] = [];
  if (overrides.length === 0) return { trace, problems };
  const entries = Array.isArray(trace) ? trace : isEntry(trace) && Array.isArray(trace.trace) ? trace.trace : undefined;
  if (!entries) return { trace, problems: ['the overrides have no trace to apply to: expected an object with a trace array'] };
  const byPath = matchesByPath(entries);
  const next = entries.slice();
  const seen = new Map<number, string>();
  for (const o of overrides) {
    const index = locate(entries, byPath, o.at);
    if (typeof index === 'string') {
      problems.push(index);
      continue;
    }
    const e = entries[index];
    const label = `the step at '${o.at}'${isEntry(e) && typeof e.command === 'string' ? ` (${e.command})` : ''}`;
    if (seen.has(index)) {
      problems.push(`${label} is overridden twice ('${seen.get(index)}' and '${o.at}'); the first is kept`);
      continue;
    }
    if (!isEntry(e) || typeof e.command !== 'string') {
      problems.push(`${label} is not an entry with a command, so it cannot be overridden`);
      continue;
    }
    const changed = apply(e, o, label);
    if (typeof changed === 'string') problems.push(changed);
    else {
      next[index] = changed;
      seen.set(index, o.at);
    }
  }
  return { trace: Array.isArray(trace) ? next : { ...(trace as Entry), trace: next }, problems };
}

