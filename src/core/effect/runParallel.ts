// Running a Parallel (spec §2.5, and §6.10 for a recorded decision): an
// AbortController scope linked to the enclosing one, branches under
// `<k>p<i>/`, the trigger, the decision, and the result rules.
//
// The microtask turns taken here are part of the contract (§6.11): during a
// replay nothing waits for I/O, so they alone decide the order in which
// concurrent branches ask their steps, and so the narration's Step numbers.
// Reached in turn r, a Parallel looks its decision up and starts its branches
// in turn r; a branch whose sequence ends in turn e settles (and may abort the
// scope) in turn e+1; the loop resumes in turn E+9 (E+10 under `limit`), E
// being the turn the last branch's sequence ended. The awaits below take
// exactly those turns with the replay's async onStep around op; the comments
// at each await say which turn it is.

import { decisionParadoxes } from '../replay/errors';
import { asDirective, cancelled, IoFault, isCut, isIoFault, isHarness, isSuccess, parallelDirective, type ParallelDirective, type StepResult } from './internal';
import { isInteger } from './kinds';
import { Failure, Success, type Outcome, type ParallelNode } from './nodes';
import type { Run } from './run';
import { currentTracer } from './tracer';

interface Settled {
  readonly results: Array<StepResult | undefined>;
  /** branch index → what it threw (a bug) */
  readonly threw: Map<number, unknown>;
  readonly trigger: number | null;
  /** set when replaying a recorded cancellation: the recorded trigger (null: the enclosing Parallel) */
  readonly reproduce: { readonly branch: number | null } | undefined;
  readonly directive: ParallelDirective | undefined;
  readonly decision: Record<string, unknown>;
}

export async function runParallel(run: Run, node: ParallelNode, outer: AbortSignal | undefined, path: string): Promise<StepResult> {
  currentTracer()?.started(node, path);
  const ppath = `${path}p`;
  const controller = new AbortController();
  let parentAborted = false;
  const onOuterAbort = (): void => {
    parentAborted = true;
    controller.abort();
  };
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  let branches: Promise<Settled> | undefined;
  // op resolves to the decision, even when a branch threw: the bug is rethrown
  // only after the decision has gone back through onStep (so it is recorded).
  // A decision passed to op is used, whoever passes it: the replay's own
  // (which also tells Timescope's observer), or any hook's (§12 case 5).
  const op = async (decision?: unknown): Promise<unknown> => {
    if (!branches) {
      const directive = asDirective(decision) ?? (decision === undefined ? undefined : parallelDirective(true, decision, decisionParadoxes(ppath)));
      // Checked before any branch runs; a throw here leaves the branches unstarted.
      const reproduce = readDirective(directive, node.effects.length);
      branches = runBranches(run, node, controller, ppath, reproduce, directive, () => parentAborted);
    }
    return (await branches).decision;
  };
  try {
    try {
      if (run.onStep) await run.onStep('Parallel', 'Parallel', op, ppath);
      else await op();
    } catch (e) {
      if (isCut(e)) return cancelled();
      if (isHarness(e) || branches) throw e;
      return new IoFault(e);
    }
    if (!branches) {
      throw new TypeError(
        `An onStep hook returned without letting op run the Parallel at path '${ppath}'. ` +
          'A hook has to call op for a Parallel and pass on what it returns or throws, because op runs its branches.'
      );
    }
    return conclude(node, await branches, parentAborted);
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

function readDirective(d: ParallelDirective | undefined, n: number): Settled['reproduce'] {
  if (!d?.hasDecision) return undefined;
  const rec = d.decision;
  if (typeof rec !== 'object' || rec === null) return undefined;
  const { cancelled: c, branch, branches } = rec as Record<string, unknown>;
  if (c === true && isInteger(branch) && branch >= n) throw d.faults.pastEnd(branch, n);
  if (isInteger(branches) && branches !== n) throw d.faults.count(branches, n);
  if (c === true && (branch === null || (isInteger(branch) && branch >= 0))) return { branch: branch as number | null };
  // {cancelled: false} or an unusable decision: replay by timing, as a live run would.
  return undefined;
}

async function runBranches(
  run: Run,
  node: ParallelNode,
  controller: AbortController,
  ppath: string,
  reproduce: Settled['reproduce'],
  directive: ParallelDirective | undefined,
  parentAborted: () => boolean
): Promise<Settled> {
  const n = node.effects.length;
  const settledOpt = node.options.settled === true;
  const results: Array<StepResult | undefined> = new Array<StepResult | undefined>(n).fill(undefined);
  const threw = new Map<number, unknown>();
  let trigger: number | null = null;
  const signal = controller.signal;

  // The first branch to end badly (by completion time) is the trigger; when
  // reproducing a recorded cancellation no branch cancels any other (§6.10 rule 4).
  const stop = (i: number): void => {
    if (reproduce) return;
    if (trigger === null && !parentAborted()) trigger = i;
    controller.abort();
  };
  // A branch's sequence starts in this turn; it settles one turn after it ends (§6.11).
  const runOne = async (i: number): Promise<void> => {
    try {
      const out = await run.sequence(node.effects[i], signal, `${ppath}${i}/`);
      results[i] = out;
      if (!settledOpt && !isSuccess(out)) stop(i);
    } catch (e) {
      threw.set(i, e);
      // A throw aborts the scope even when settled: a bug, and during a replay
      // a TimeParadox or ReplayError too (§2.5, §12 case 6). The siblings stop
      // at their next check; the lowest-index throw is rethrown once all have settled.
      stop(i);
    }
  };

  const limit = node.options.limit;
  if (typeof limit === 'number' && limit < n) {
    let next = 0;
    // Slot s starts branch s, then each queued branch it picks up, one turn
    // after its last one settled, in that branch's place in the turn (§6.11).
    // A queued branch reached once the scope is aborted ends at its loop-top
    // check, before any hook, as every sequence does.
    const slot = async (): Promise<void> => {
      while (next < n) {
        const i = next;
        next += 1;
        await runOne(i);
      }
    };
    await Promise.all(Array.from({ length: limit }, slot));
  } else {
    await Promise.all(node.effects.map((_, i) => runOne(i)));
  }
  // One idle turn before the join goes back through onStep: with it the loop
  // resumes 8 turns after the last branch settles (9 after, under limit,
  // counting the slot's own turn), as the library's does (§6.11).
  await idleTurn();

  let decision: Record<string, unknown>;
  if (reproduce) decision = { cancelled: true, branch: reproduce.branch, branches: n };
  else if (trigger !== null) decision = { cancelled: true, branch: trigger, branches: n };
  else if (parentAborted()) decision = { cancelled: true, branch: null, branches: n };
  else decision = { cancelled: false, branches: n };
  return { results, threw, trigger, reproduce, directive, decision };
}

/** One microtask turn and nothing else. */
function idleTurn(): Promise<void> {
  return Promise.resolve();
}

function conclude(node: ParallelNode, s: Settled, parentAborted: boolean): StepResult {
  // A bug wins over everything, lowest branch index first.
  const thrown = [...s.threw.keys()].sort((a, b) => a - b)[0];
  if (thrown !== undefined) throw s.threw.get(thrown);
  const results = s.results as StepResult[];
  const firstBad = (): StepResult | undefined => results.find((r) => !isSuccess(r));
  const values = (): StepResult => Success(results.map((r) => (r as Outcome & { value?: unknown }).value));

  const outcomes = (): StepResult =>
    Success(results.map((r) => (isIoFault(r) ? Failure(r.error) : r.type === 'Success' ? Success(r.value) : Failure(r.error))));

  // Reproducing a recorded cancellation (§6.10 rule 4), in this order: the
  // recorded trigger must fail again; a throw is rethrown (above); a settled
  // Parallel returns its outcomes whatever the decision, so adding
  // `settled: true` to an incident's Parallel replays to Success (§12 case 7);
  // otherwise the recorded trigger's outcome, or for a cancellation from
  // outside, the first outcome that is not a Success.
  if (s.reproduce) {
    const trigger = s.reproduce.branch;
    if (trigger !== null && isSuccess(results[trigger])) throw s.directive?.faults.didNotFail(trigger);
    if (node.options.settled === true) return outcomes();
    if (trigger === null) return firstBad() ?? values();
    return results[trigger] as StepResult;
  }
  if (node.options.settled === true) return outcomes();
  if (s.trigger !== null) return results[s.trigger] as StepResult;
  if (parentAborted) return firstBad() ?? values();
  return values();
}
