// Instrumentation points for Timescope's replayTrace, which wants to show
// what each step received and what produced it (provenance.ts), the value it
// passed on, and where its Command was built. The runtime calls these only
// while a tracer is installed (for the duration of one replayTrace), and a
// tracer only observes: it never changes what a flow does or returns.

import type { Producer, Via } from './provenance';

export interface Tracer {
  /** A Command, Ask, Parallel or Failure was built by flow code. */
  created(node: object): void;
  /** effectPipe rebuilt `from` as `to` (a rewired copy): same origin. */
  inherit(from: object, to: object): void;
  /** A pipeline step called with `input` returned `node` (which may predate the tracer). */
  adopt(node: object, input: unknown): void;
  /**
   * A builder is called with `value`: the input of the nodes it builds until
   * the matching leave(). `via` says which builder it is, `producer` what
   * produced the value; either left out is the enclosing call's (a pure step
   * passes its producer on). A pair of calls rather than a callback, so that
   * the interpreter makes no closure per step for it.
   */
  enter(value: unknown, via?: Via, producer?: Producer): void;
  /**
   * A function of the flow's own that builds effects (marked by core/source/instrument.ts) is
   * called with `arg`; `label` is `name@file:line`. Paired with leave(). Whether it built a Parallel
   * branch is known only once the Parallel is built from what it returned.
   */
  enterBuilder(label: string, arg: unknown): void;
  leave(): void;
  /** An Ask's next runs where the Ask was built: its builder's call again. */
  enterAsk(node: object): void;
  /** A Command or Parallel started as the step at `path`. */
  started(node: object, path: string): void;
  /** The interpreter is about to call the next of the step at `path`. */
  expectNext(path: string): void;
  /** A next returned `value`; the first report during one expectNext is the user's own next. */
  nextReturned(value: unknown): void;
  endNext(): void;
  /** The next of the step at `path` (with the pure steps after it) returned the Failure `failure`, which ends its sequence. */
  ledToFailure(path: string, failure: object): void;
  /** A Retry's try after the first starts, under `prefix` ('3r1/'): it re-runs the tree built before it. */
  tryBegan(prefix: string): void;
  /** A replay with logpoints: their reads run (core/logpoints/place.ts). */
  readonly logging?: boolean;
  /** A logpoint's line ran: `x` is what its expression read, threw, or a function reading it (`how`). */
  logHit?(index: unknown, x: unknown, how: unknown): void;
}

let active: Tracer | undefined;

export function currentTracer(): Tracer | undefined {
  return active;
}

export function installTracer(t: Tracer | undefined): void {
  active = t;
  pendingSite = undefined;
}

/** The site key of the constructor call being made (core/source/siteMarks.ts), until a node takes it. */
let pendingSite: string | undefined;

/**
 * What a marked constructor call calls first: notes its site's key, while a tracer is installed,
 * and hands the constructor back. Flow code can call it too; a wrong key only misplaces its own step.
 */
export function siteAt<T>(key: unknown, callee: T): T {
  if (active !== undefined && typeof key === 'string') pendingSite = key;
  return callee;
}

/** The key noted since the last node was built, cleared: the tracer's, as a node is built. */
export function takeSite(): string | undefined {
  const key = pendingSite;
  pendingSite = undefined;
  return key;
}

/**
 * What instrumented flow code calls (core/source/instrument.ts). `enterBuilder(label, arg)` on a
 * builder's entry and `leaveBuilder(entered)` on its way out (in a finally) only tell the tracer,
 * when one is installed, that the builder runs with `arg`. Flow code can reach both, so neither
 * hands it the tracer: a stray leave costs the flow only the accuracy of its own why.
 */
export function enterBuilder(label: string, arg: unknown): boolean {
  const t = active;
  if (t === undefined) return false;
  t.enterBuilder(label, arg);
  return true;
}

export function leaveBuilder(entered: unknown): void {
  if (entered === true) active?.leave();
}

/**
 * `markBuilder(fn, label)` wraps a builder arrow whose first argument has no name of its own.
 * The function keeps its name and length (a Command's name and `cmd.length` decide matching and
 * the signal, §2.2, §9).
 */
export function markBuilder<F>(fn: F, label: string): F {
  if (typeof fn !== 'function') return fn;
  const f = fn as unknown as (...args: unknown[]) => unknown;
  // `f.apply(this, arguments)`: V8 passes the arguments on without making an array of them.
  function builder(this: unknown): unknown {
    const t = active;
    // eslint-disable-next-line prefer-rest-params
    if (t === undefined) return f.apply(this, arguments as unknown as unknown[]);
    // eslint-disable-next-line prefer-rest-params
    t.enterBuilder(label, arguments[0]);
    try {
      // eslint-disable-next-line prefer-rest-params
      return f.apply(this, arguments as unknown as unknown[]);
    } finally {
      t.leave();
    }
  }
  const named = label.slice(0, label.indexOf('@'));
  Object.defineProperty(builder, 'name', { value: named === 'anonymous' ? f.name : named });
  if (f.length !== 0) Object.defineProperty(builder, 'length', { value: f.length });
  return builder as unknown as F;
}

/**
 * What a logpoint placed in flow code calls first (core/logpoints/place.ts): whether to read at
 * all. False unless a replay with logpoints runs, so a read costs nothing otherwise.
 */
export function logOn(): boolean {
  const t = active;
  return t !== undefined && t.logging === true;
}

/**
 * What a logpoint's read hands on. Flow code can call it too, so the tracer checks every argument;
 * a forged call can only add a hit to that flow's own logs.
 */
export function logValue(index: unknown, x: unknown, how: unknown): void {
  const t = active;
  if (t !== undefined && t.logHit !== undefined) t.logHit(index, x, how);
}
