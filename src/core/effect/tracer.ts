// Instrumentation points for Timescope's replayTrace, which wants to show the
// pipeline value going into and out of each step and where its Command was
// built. The runtime calls these only while a tracer is installed (for the
// duration of one replayTrace), and a tracer only observes: it never changes
// what a flow does or returns.

export interface Tracer {
  /** A Command, Ask or Parallel was built by flow code. */
  created(node: object): void;
  /** effectPipe rebuilt `from` as `to` (a rewired copy): same origin. */
  inherit(from: object, to: object): void;
  /** A pipeline step called with `input` returned `node` (which may predate the tracer). */
  adopt(node: object, input: unknown): void;
  /**
   * A builder (a pipeline step or a next) is called with `value`: the input of the nodes it
   * builds until the matching leave(). A pair of calls rather than a callback, so that the
   * interpreter makes no closure per step for it.
   */
  enter(value: unknown): void;
  leave(): void;
  /** The value to treat as the builder input while an Ask's next runs. */
  askInput(node: object): unknown;
  /** A Command or Parallel started as the step at `path`. */
  started(node: object, path: string): void;
  /** The interpreter is about to call the next of the step at `path`. */
  expectNext(path: string): void;
  /** A next returned `value`; the first report during one expectNext is the user's own next. */
  nextReturned(value: unknown): void;
  endNext(): void;
}

let active: Tracer | undefined;

export function currentTracer(): Tracer | undefined {
  return active;
}

export function installTracer(t: Tracer | undefined): void {
  active = t;
}
