// The order in which a replay asks its steps, worked out turn by turn from
// the rules of spec §6.11 (and the result rules of §2.5 and §6.10), without
// running any flow code or any promise.
//
// During a replay the trace answers every step at once, so the only thing
// that orders the steps of concurrent branches is how many microtask turns
// each construct takes. This is a second, independent statement of those
// turns: the runtime (core/effect) takes them with real awaits, and the
// property tests check the two against each other on generated flows. The
// trace-only narration uses it to put a recording's steps in the order a
// replay of the unchanged flow would ask them.
//
// Jobs run in turns. A job run in turn t queues work for turn t+1 at the end
// of that turn's queue, exactly as a microtask does, so the work a job queues
// takes its place in the next turn (§6.11 "Order within one turn"). A delay
// of k turns is a chain of k such hops, never a jump, because a jump would
// not keep that order. A 0 ms Retry wait is a timer: timers fire one at a
// time, in the order they were set, once no job is left.

import type { Item, ParallelItem, RetryItem, Sequence } from './program';

export interface StepInfo {
  readonly index: number;
  readonly name: string;
  readonly path: string;
}

/** How the trace (or a Resolver) answered a Command step. */
export type CommandAnswer =
  | { readonly kind: 'value' }
  | { readonly kind: 'threw'; readonly error: unknown }
  /** a step of a branch production cancelled (§6.4 step 3) */
  | { readonly kind: 'cut' }
  /** a TimeParadox or ReplayError */
  | { readonly kind: 'fault'; readonly error: unknown };

/** How the trace answered a Parallel's lookup. */
export type ParallelAnswer =
  /** `has` false: no recorded decision, so the Parallel replays by timing */
  | { readonly kind: 'decision'; readonly has: boolean; readonly decision?: unknown }
  | { readonly kind: 'cut' }
  | { readonly kind: 'fault'; readonly error: unknown };

export interface Lookup {
  command(step: StepInfo): CommandAnswer;
  parallel(step: StepInfo): ParallelAnswer;
  /** The TimeParadoxes a recorded decision can raise (§6.5, §6.10 rules 1, 2 and 4.1). */
  pastEnd(path: string, branch: number, branches: number): unknown;
  count(path: string, recorded: number, branches: number): unknown;
  didNotFail(path: string, branch: number): unknown;
}

/** How a sequence, a construct or the whole replay ended. */
export type Outcome =
  | { readonly kind: 'success' }
  /** a Failure: returned by a pure step, or a cancellation (error CANCELLED) */
  | { readonly kind: 'failure'; readonly error: unknown }
  /** an I/O fault: a recorded throw or an exhausted Retry; a Retry retries it */
  | { readonly kind: 'io'; readonly error: unknown }
  /** a bug, a TimeParadox or a ReplayError: no Retry or Parallel absorbs it */
  | { readonly kind: 'throw'; readonly error: unknown };

/** The error of a cancelled branch, `Failure(ParallelCancelled)`. */
export const CANCELLED_ERROR = Object.freeze({ name: 'ParallelCancelled', message: 'Parallel branch cancelled.' });

export interface Ask {
  readonly step: StepInfo;
  readonly answer: CommandAnswer;
  /** the microtask turn it was asked in, counted from the replay's start or from the last timer */
  readonly turn: number;
  /** how many timers had fired before it: 0 until the first Retry wait ends */
  readonly epoch: number;
}

export interface Simulation {
  /** every Command step asked, in the order asked; `step.index` is its place in that order */
  readonly asks: readonly Ask[];
  /** Parallel lookups, in the order made */
  readonly decisions: readonly StepInfo[];
  /** how many turns each count took: [0] from the start, then one per timer */
  readonly epochTurns: readonly number[];
  /** how often each rule that is rarely met came into play (what the property tests cover) */
  readonly met: Readonly<Record<Rule, number>>;
  readonly outcome: Outcome;
}

/** The rules of §6.11 that only some flows meet. */
export type Rule =
  | 'abort'
  | 'queued branch after an abort'
  | 'wait begun in an aborted scope'
  | 'wait ended by an abort'
  | 'wait ended by its timer'
  | 'fallback'
  | 'cut'
  | 'reproduced cancellation';

const SUCCESS: Outcome = { kind: 'success' };
const CANCELLED: Outcome = { kind: 'failure', error: CANCELLED_ERROR };

type Job = () => void;

/** An AbortController scope: listeners run in the order they were added, at once, nested scopes included. */
class Scope {
  aborted = false;
  private readonly listeners = new Set<Job>();

  listen(f: Job): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const f of [...this.listeners]) if (this.listeners.delete(f)) f();
  }
}

/** A chain of hops without a closure per hop: each turn it queues itself again, in its own place, until it runs the job. */
class Delay {
  constructor(
    private left: number,
    private readonly job: Job,
    private readonly push: (job: Job) => void
  ) {}

  readonly hop = (): void => {
    if (this.left === 0) return this.job();
    this.left -= 1;
    this.push(this.hop);
  };
}

interface Timer {
  live: boolean;
  readonly fire: Job;
}

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

export function simulate(program: Sequence, lookup: Lookup): Simulation {
  return new Simulator(lookup).run(program);
}

class Simulator {
  private turn = 0;
  private epoch = 0;
  private next: Job[] = [];
  private readonly timers: Timer[] = [];
  private count = 0;
  private readonly asks: Ask[] = [];
  private readonly decisions: StepInfo[] = [];
  private readonly epochTurns: number[] = [];
  private readonly met: Record<Rule, number> = {
    abort: 0,
    'queued branch after an abort': 0,
    'wait begun in an aborted scope': 0,
    'wait ended by an abort': 0,
    'wait ended by its timer': 0,
    fallback: 0,
    cut: 0,
    'reproduced cancellation': 0
  };

  constructor(private readonly lookup: Lookup) {}

  run(program: Sequence): Simulation {
    let outcome: Outcome | undefined;
    // Turn 0 is the synchronous start of the replay, once the flow is built.
    this.sequence(program, new Scope(), '', (o) => (outcome = o));
    for (;;) {
      while (this.next.length > 0) {
        const jobs = this.next;
        this.next = [];
        this.turn += 1;
        for (const job of jobs) job();
      }
      this.epochTurns[this.epoch] = this.turn;
      const timer = this.timers.shift();
      if (!timer) break;
      if (!timer.live) continue;
      // A timer is turn 0 of a new count (§6.11 "Retry wait").
      this.epoch += 1;
      this.turn = 0;
      timer.fire();
    }
    return { asks: this.asks, decisions: this.decisions, epochTurns: this.epochTurns, met: this.met, outcome: outcome ?? SUCCESS };
  }

  private readonly push = (job: Job): void => {
    this.next.push(job);
  };

  /** Queue `job` for the next turn, in the place of the job running now. */
  private hop(job: Job): void {
    this.next.push(job);
  }

  private after(turns: number, job: Job): void {
    if (turns === 0) job();
    else if (turns === 1) this.next.push(job);
    else this.next.push(new Delay(turns - 1, job, this.push).hop);
  }

  /** A sequence's loop (§3.2): `done` is called in the turn it ends. */
  private sequence(seq: Sequence, scope: Scope, prefix: string, done: (o: Outcome) => void): void {
    let at = 0;
    let k = 0;
    const resume = (o: Outcome): void => {
      if (o.kind !== 'success') return done(o);
      at += 1;
      loop();
    };
    const loop = (): void => {
      const item: Item | undefined = seq.items[at];
      if (!item) return done(SUCCESS);
      // An outcome ends the sequence with itself, aborted scope or not; a pure step's throw happens before the check.
      if (item.kind === 'fail') return done({ kind: 'failure', error: item.value });
      if (item.kind === 'bug') return done({ kind: 'throw', error: item.value });
      // The loop-top check: nothing is asked once the scope is aborted.
      if (scope.aborted) return done(CANCELLED);
      if (item.step !== undefined) k = item.step;
      const path = prefix + String(k);
      k += 1;
      if (item.kind === 'command') this.command(item.name, scope, path, resume);
      else if (item.kind === 'retry') this.retry(item, scope, path, resume);
      else this.parallel(item, scope, path, resume);
    };
    loop();
  }

  /**
   * A Command reached in turn r: the scope is checked in r+1 (a cancelled step
   * is not asked, and its sequence ends in r+2); otherwise it is asked in r+1,
   * and the loop resumes in r+3 whatever the answer.
   */
  private command(name: string, scope: Scope, path: string, resume: (o: Outcome) => void): void {
    this.hop(() => {
      if (scope.aborted) return this.hop(() => resume(CANCELLED));
      // The index is taken when the step is asked, before the trace is consulted (§6.4).
      const step: StepInfo = { index: this.count++, name, path };
      const answer = this.lookup.command(step);
      this.asks.push({ step, answer, turn: this.turn, epoch: this.epoch });
      if (answer.kind === 'cut') this.met.cut += 1;
      const outcome: Outcome =
        answer.kind === 'value'
          ? SUCCESS
          : answer.kind === 'threw'
            ? { kind: 'io', error: answer.error }
            : answer.kind === 'cut'
              ? CANCELLED
              : { kind: 'throw', error: answer.error };
      this.after(2, () => resume(outcome));
    });
  }

  /**
   * A Retry reached in turn r: attempt 0 starts in r. An attempt that ends in
   * turn e is looked at in e+1; what is not retried reaches the loop in e+2.
   */
  private retry(item: RetryItem, scope: Scope, path: string, resume: (o: Outcome) => void): void {
    let lastError: unknown;
    const attempt = (i: number): void =>
      this.sequence(item.bodies?.[i] ?? item.body, scope, `${path}r${i}/`, (o) => this.hop(() => look(i, o)));
    const look = (i: number, o: Outcome): void => {
      if (o.kind !== 'io') return this.hop(() => resume(o));
      lastError = o.error;
      if (i < item.attempts) {
        // The wait begins in e+1; once it ends the scope is checked in the next turn.
        return this.wait(scope, () => {
          if (scope.aborted) return this.hop(() => resume(CANCELLED));
          attempt(i + 1);
        });
      }
      const exhaustion = { retryExhausted: true, lastError, attempts: item.attempts };
      if (!item.fallback) return this.hop(() => resume({ kind: 'io', error: exhaustion }));
      if (scope.aborted) return this.hop(() => resume(CANCELLED));
      // The fallback starts in e+1. Its result is handed on as a promise: it reaches
      // the loop 2 turns after the fallback ends, and never before e+4.
      this.met.fallback += 1;
      let ended: Outcome | undefined;
      let handedOn = false;
      this.sequence(item.fallback, scope, `${path}rf/`, (f) => {
        ended = f;
        if (handedOn) this.after(2, () => resume(f));
      });
      this.hop(() => {
        handedOn = true;
        const f = ended;
        if (f) this.after(2, () => resume(f));
      });
    };
    attempt(0);
  }

  /**
   * A 0 ms wait: it ends at its timer, or in the turn after its scope is
   * aborted, and `then` runs one turn after it ends. Begun in an aborted
   * scope, it ends at once.
   */
  private wait(scope: Scope, then: Job): void {
    if (scope.aborted) {
      this.met['wait begun in an aborted scope'] += 1;
      return this.hop(then);
    }
    let ended = false;
    const end = (): void => {
      if (ended) return;
      this.met[timer.live && scope.aborted ? 'wait ended by an abort' : 'wait ended by its timer'] += 1;
      ended = true;
      timer.live = false;
      stopListening();
      this.hop(then);
    };
    const timer: Timer = { live: true, fire: end };
    const stopListening = scope.listen(end);
    this.timers.push(timer);
  }

  /**
   * A Parallel reached in turn r looks its decision up and starts its
   * branches in r. A branch that ends in turn e settles in e+1, and may abort
   * the scope then. The loop resumes 8 turns after the last branch settles
   * (7 after r with no branch); under `limit`, a slot starts its next queued
   * branch one turn after its last one settled, and the loop resumes 8 turns
   * after the last slot has nothing left to start.
   */
  private parallel(item: ParallelItem, scope: Scope, path: string, resume: (o: Outcome) => void): void {
    const ppath = `${path}p`;
    const step: StepInfo = { index: this.count, name: 'Parallel', path: ppath };
    this.decisions.push(step);
    const answer = this.lookup.parallel(step);
    // A lookup that raises starts no branch: a cut or a shape TimeParadox ends the sequence in r+2.
    if (answer.kind === 'cut') return this.after(2, () => resume(CANCELLED));
    if (answer.kind === 'fault') return this.after(2, () => resume({ kind: 'throw', error: answer.error }));
    const n = item.branches.length;
    const settled = item.settled === true;
    // §6.10 rules 1 and 2, before any branch runs; their TimeParadox ends the sequence in r+4.
    let reproduce: { readonly branch: number | null } | undefined;
    if (answer.has && typeof answer.decision === 'object' && answer.decision !== null) {
      const { cancelled, branch, branches } = answer.decision as Record<string, unknown>;
      if (cancelled === true && isInteger(branch) && branch >= n) {
        return this.after(4, () => resume({ kind: 'throw', error: this.lookup.pastEnd(ppath, branch, n) }));
      }
      if (isInteger(branches) && branches !== n) {
        return this.after(4, () => resume({ kind: 'throw', error: this.lookup.count(ppath, branches, n) }));
      }
      if (cancelled === true && (branch === null || (isInteger(branch) && branch >= 0))) reproduce = { branch: branch as number | null };
      if (reproduce) this.met['reproduced cancellation'] += 1;
    }

    const inner = new Scope();
    let parentAborted = false;
    const stopListening = scope.listen(() => {
      parentAborted = true;
      inner.abort();
    });
    const results: Outcome[] = new Array<Outcome>(n).fill(SUCCESS);
    const threw = new Map<number, unknown>();
    let trigger: number | null = null;
    // While a recorded cancellation is reproduced, no branch cancels another.
    const stop = (i: number): void => {
      if (reproduce) return;
      if (trigger === null && !parentAborted) trigger = i;
      if (!inner.aborted) this.met.abort += 1;
      inner.abort();
    };
    const settle = (i: number, o: Outcome): void => {
      results[i] = o;
      if (o.kind === 'throw') {
        threw.set(i, o.error);
        stop(i);
      } else if (!settled && o.kind !== 'success') stop(i);
    };
    const join = (): void => {
      stopListening();
      resume(this.conclude(settled, ppath, { results, threw, trigger, reproduce, parentAborted }));
    };
    const run = (i: number, then: Job): void =>
      this.sequence(item.branches[i] as Sequence, inner, `${ppath}${i}/`, (o) =>
        this.hop(() => {
          settle(i, o);
          then();
        })
      );

    const limit = item.limit;
    if (typeof limit === 'number' && limit < n) {
      let queued = 0;
      let open = limit;
      const slot = (): void => {
        if (queued < n) {
          if (inner.aborted) this.met['queued branch after an abort'] += 1;
          const i = queued;
          queued += 1;
          run(i, () => this.hop(slot));
        } else {
          open -= 1;
          if (open === 0) this.after(8, join);
        }
      };
      for (let s = 0; s < limit; s++) slot();
      return;
    }
    if (n === 0) return this.after(7, join);
    let running = n;
    for (let i = 0; i < n; i++) run(i, () => (--running === 0 ? this.after(8, join) : undefined));
  }

  /** What the Parallel returns once every branch has settled (§2.5, §6.10 rule 4). */
  private conclude(
    settled: boolean,
    ppath: string,
    s: {
      results: readonly Outcome[];
      threw: ReadonlyMap<number, unknown>;
      trigger: number | null;
      reproduce: { readonly branch: number | null } | undefined;
      parentAborted: boolean;
    }
  ): Outcome {
    const lowest = [...s.threw.keys()].sort((a, b) => a - b)[0];
    if (lowest !== undefined) return { kind: 'throw', error: s.threw.get(lowest) };
    const firstBad = (): Outcome => s.results.find((o) => o.kind !== 'success') ?? SUCCESS;
    if (s.reproduce) {
      const b = s.reproduce.branch;
      if (b !== null && s.results[b]?.kind === 'success') return { kind: 'throw', error: this.lookup.didNotFail(ppath, b) };
      if (settled) return SUCCESS;
      return b === null ? firstBad() : (s.results[b] as Outcome);
    }
    if (settled) return SUCCESS;
    if (s.trigger !== null) return s.results[s.trigger] as Outcome;
    return s.parentAborted ? firstBad() : SUCCESS;
  }
}
