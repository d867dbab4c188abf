// What one replay of a flow against a trace produced, as plain data: it is
// built in the replay worker (or the CLI) and crosses postMessage, so every
// value in it is a JSON-style copy and every error is in the trace's stored
// form ({__error: true, name, message, ...}).

import type { Producer, Via } from '../effect/provenance';
import type { LogReport } from '../logpoints/types';

export type { Producer, Via };

/** A value or stored error, copied the way the recorder copies (spec §4.6, §4.7). */
export type Stored = unknown;

export type ReplayOutcome =
  | { readonly type: 'Success'; readonly value: Stored }
  | { readonly type: 'Failure'; readonly error: Stored };

/** A replay fault that ended the run as a Failure (spec §6.5, §6.6). */
export interface ReplayFault {
  readonly kind: 'TimeParadox' | 'ReplayError';
  readonly message: string;
  /** the path where the flow and the trace part ways (TimeParadox) or the missing step's path (ReplayError) */
  readonly path?: string;
  /** the step index field of the error, when it has one */
  readonly index?: number;
  readonly expected?: unknown;
  readonly actual?: unknown;
  readonly command?: string;
  /** the trace entry at the fault's path (path mode) or position, when there is one */
  readonly entryIndex?: number;
}

/** Where in the person's source a Command was built (from a stack captured when Command() ran). */
export interface CodeLocation {
  readonly file: string;
  /** 1-based */
  readonly line: number;
  readonly column: number;
}

/** One step the flow asked for, in the order steps started. */
export interface ReplayStep {
  /** the step protocol's fields (spec §6.4) */
  readonly index: number;
  readonly name: string;
  readonly type: 'Command' | 'Parallel';
  readonly path: string;
  /** the trace entry that answered it, when one did */
  readonly entryIndex?: number;
  /** how the step ended in the replay */
  readonly status: 'answered' | 'paradox' | 'missing' | 'cut' | 'decision';
  /** the value the builder that built this Command (or Parallel) was called with: what it received */
  readonly before?: Stored;
  readonly hasBefore?: boolean;
  /** which builder that was (a pipeline step, a next, onExhausted, the flow function…) */
  readonly via?: Via;
  /** what produced the value it received: the input, a step's answer, a Parallel's join, a Retry… */
  readonly producer?: Producer;
  /** the value this Command's next passed on (Success value), when it got that far */
  readonly after?: Stored;
  readonly hasAfter?: boolean;
  /** where Command() was called for this step, when the caller could map it to a source file */
  readonly location?: CodeLocation;
  /** its next (or a pure step after it) returned the Failure that ended its sequence */
  readonly ledToFailure?: true;
  /** where that Failure(…) was built, when the source maps it */
  readonly failureLocation?: CodeLocation;
}

export interface ReplayReport {
  /** 'rejected' when timeTravel rejected instead of resolving (a bug in flow code, a malformed trace…) */
  readonly status: 'resolved' | 'rejected';
  /** the replay's result when it resolved */
  readonly result?: ReplayOutcome;
  /** the error it rejected with, stored form, plus where in the person's code when known */
  readonly rejection?: {
    readonly error: Stored;
    /** what was thrown, described so a person can read it whatever it was (a Symbol, a Proxy, a 10 MB string) */
    readonly text: { readonly name: string; readonly message: string };
    readonly location?: CodeLocation;
    /**
     * The library refused the replay before or outside the flow's code (spec §6.7: a malformed trace,
     * an unrecorded context…): its own ReplayError, told apart by the engine's mark, which flow code
     * cannot forge. `field` names what the person must supply ('context').
     */
    readonly refusal?: { readonly field?: string };
  };
  /** the TimeParadox or ReplayError in result.error, if that is what ended it */
  readonly fault?: ReplayFault;
  /** trace entry indices no step received, in trace order (spec §6.8) */
  readonly unreached: readonly number[];
  /** every line timeTravel printed, one log call each */
  readonly narration: readonly string[];
  readonly steps: readonly ReplayStep[];
  /** true when pipeline values grew past the capture budget and later steps kept none */
  readonly pipelineLimited?: boolean;
  /** when the replay had logpoints: where each went and every time its line ran */
  readonly logs?: LogReport;
}
