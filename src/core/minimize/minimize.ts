// The incident minimizer: ddmin (ddmin.ts) over the incident's parts (parts.ts), each candidate
// replayed against the recorded code by the caller's `replay` (the batch sandbox's workers, in the
// CLI and the app alike: sandbox/batch/candidates.ts) and kept when it still fails the same way
// (sameFailure.ts). A step's candidates go out together, as many as there are workers. First fields and unreached entries are
// removed, then what is left is simplified (strings to '', numbers to 0), then removal runs once more
// over the simplified incident, so the result is 1-minimal: without any single remaining field it
// no longer fails the same way. Candidates with the same content are replayed once.
import { ddmin } from './ddmin';
import { applyParts, countFields, partKey, removableParts, simplifiableParts, type Part } from './parts';
import { sameSignature, type FailureSignature } from './sameFailure';

type TraceDoc = Parameters<typeof applyParts>[0];

/** One replay of a candidate incident against the recorded code, as its signature; undefined when it gave none (a timeout, a crash). */
export type ReplayCandidate = (doc: TraceDoc) => Promise<FailureSignature | undefined>;

export interface MinimizeProgress {
  readonly phase: 'remove' | 'simplify' | 'remove again';
  /** replays run so far, of the budget */
  readonly replays: number;
  readonly budget: number;
}

export interface MinimizeOptions {
  /** the most replays to run; past it the smallest incident found so far is returned, and says so */
  readonly budget: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: MinimizeProgress) => void;
  /** candidates replayed at once: the replayer's workers (1 by default) */
  readonly parallel?: number;
}

export interface Manifest {
  readonly fields: { readonly before: number; readonly after: number };
  readonly answerFields: { readonly before: number; readonly after: number };
  readonly entries: { readonly before: number; readonly after: number };
  readonly simplified: number;
  /** "kept 7 of 312 fields, 3 of 41 answers' fields, 4 of 4 entries" */
  readonly text: string;
}

export interface Minimized {
  readonly trace: TraceDoc;
  /** its replay: the same failure as the original's */
  readonly signature: FailureSignature;
  readonly replays: number;
  /** proven 1-minimal: every remaining field was removed once more and the failure changed */
  readonly minimal: boolean;
  readonly stopped?: 'budget' | 'cancelled';
  readonly manifest: Manifest;
}

function manifestOf(before: TraceDoc, after: TraceDoc, simplified: number): Manifest {
  const fields = (d: TraceDoc) => countFields(d.initialInput) + countFields(d.context);
  const answers = (d: TraceDoc) => (d.trace ?? []).reduce<number>((n, e) => n + countFields((e as { result?: unknown } | null)?.result), 0);
  const m = {
    fields: { before: fields(before), after: fields(after) },
    answerFields: { before: answers(before), after: answers(after) },
    entries: { before: before.trace?.length ?? 0, after: after.trace?.length ?? 0 },
    simplified
  };
  const text = `kept ${m.fields.after} of ${m.fields.before} fields, ${m.answerFields.after} of ${m.answerFields.before} answers' fields, ${m.entries.after} of ${m.entries.before} entries${simplified ? `; ${simplified} value${simplified === 1 ? '' : 's'} simplified` : ''}`;
  return { ...m, text };
}

/** Why an incident cannot be minimized (its own replay must end in an outcome, not a replay fault), or undefined. */
export function notMinimizable(original: FailureSignature): string | undefined {
  const self = sameSignature(original, original);
  return self.same ? undefined : `its replay against the recorded code does not end in an outcome of the flow's own (${self.why}), so there is no failure to keep`;
}

export async function minimizeIncident(doc: TraceDoc, original: FailureSignature, replay: ReplayCandidate, options: MinimizeOptions): Promise<Minimized> {
  const refused = notMinimizable(original);
  if (refused) throw new Error(`This incident cannot be minimized: ${refused}.`);
  const byContent = new Map<string, Promise<FailureSignature | undefined>>();
  let replays = 0;
  let phase: MinimizeProgress['phase'] = 'remove';
  let stopped: Minimized['stopped'];
  // Candidates in flight together may have the same content: they share one replay.
  const run = (candidate: TraceDoc): Promise<FailureSignature | undefined> => {
    const key = JSON.stringify(candidate);
    const known = byContent.get(key);
    if (known) return known;
    replays++;
    const answer = replay(candidate).then((signature) => {
      options.onProgress?.({ phase, replays, budget: options.budget });
      return signature;
    });
    byContent.set(key, answer);
    return answer;
  };
  const fails = async (candidate: TraceDoc) => {
    const signature = await run(candidate);
    return signature !== undefined && sameSignature(original, signature).same;
  };
  const ddminOptions = () => ({ budget: remaining(), ...(options.signal ? { signal: options.signal } : {}), ...(options.parallel ? { parallel: options.parallel } : {}) });
  const remaining = () => Math.max(0, options.budget - replays);

  // Remove: kept is the fields (and unreached entries) left in.
  const removeFrom = async (from: TraceDoc, unreached: readonly number[]) => {
    const parts = removableParts(from, unreached);
    const r = await ddmin(parts, (kept) => fails(applyParts(from, without(parts, kept))), ddminOptions());
    stopped ??= r.stopped;
    return { doc: applyParts(from, without(parts, r.kept)), minimal: r.minimal };
  };

  let current = (await removeFrom(doc, original.ended ? original.unreached : [])).doc;
  let simplifiedCount = 0;
  let minimal = false;
  if (!stopped) {
    phase = 'simplify';
    const parts = simplifiableParts(current);
    const from = current;
    // Kept is the values left as they are: the fewer, the simpler the incident.
    const r = await ddmin(parts, (kept) => fails(applyParts(from, [], without(parts, kept))), ddminOptions());
    stopped ??= r.stopped;
    const simplified = without(parts, r.kept);
    simplifiedCount = simplified.length;
    current = applyParts(from, [], simplified);
    if (!stopped) {
      phase = 'remove again';
      const again = await removeFrom(current, []);
      current = again.doc;
      minimal = again.minimal && !stopped;
    }
  }
  const signature = (await run(current)) ?? original;
  return { trace: current, signature, replays, minimal, ...(stopped ? { stopped } : {}), manifest: manifestOf(doc, current, simplifiedCount) };
}

/** The parts of `all` not in `kept`. */
function without(all: readonly Part[], kept: readonly Part[]): Part[] {
  const keep = new Set(kept.map(partKey));
  return all.filter((p) => !keep.has(partKey(p)));
}
