// A flow reduced to what decides the order of a replay's steps: its
// sequences of Commands, Retries and Parallels, and the pure steps that end a
// sequence early. Pure steps, `next`, Ask and effectPipe take no turn
// (spec §6.11), so they are not here; a nested pipeline is part of its
// sequence, as the interpreter runs it (§4.5).
//
// Two places build one: the trace-only narration, from a recording's paths
// (fromTrace.ts), and the property tests, which generate programs, build real
// flows from them, and check the runtime against this model.

export interface Sequence {
  readonly items: readonly Item[];
}

export type Item = CommandItem | RetryItem | ParallelItem | EndItem;

/**
 * A pending node's step number in its sequence, when it is not simply the
 * next one: a recording can have holes (a step vetoed before it ran, or one
 * dropped under maxEntries), and a program rebuilt from it keeps its paths.
 */
interface Numbered {
  readonly step?: number;
}

export interface CommandItem extends Numbered {
  readonly kind: 'command';
  readonly name: string;
}

export interface RetryItem extends Numbered {
  readonly kind: 'retry';
  readonly body: Sequence;
  /** attempt by attempt, where they differ: a program rebuilt from a recording, whose attempts took different ways */
  readonly bodies?: readonly Sequence[];
  /** retries after the first try (spec §2.4); waits are 0 ms timers under fastRetry */
  readonly attempts: number;
  readonly fallback?: Sequence;
}

export interface ParallelItem extends Numbered {
  readonly kind: 'parallel';
  readonly branches: readonly Sequence[];
  readonly limit?: number;
  readonly settled?: boolean;
}

/**
 * A pure step that ends the sequence: `Failure(value)` returned (an abort,
 * which no Retry retries), or a throw (a bug, which rejects the run). Either
 * happens in the turn the loop gets there, aborted scope or not.
 */
export type EndItem = { readonly kind: 'fail'; readonly value: unknown } | { readonly kind: 'bug'; readonly value: unknown };
