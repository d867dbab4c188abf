// A batch replay's row as plain data, and the few pure helpers the CLI's main thread and the app's
// matrix use on rows. Nothing here imports the trace model or the engine, so the CLI's main thread
// (which only prints rows) loads none of it; verdict.ts builds rows and re-exports all of this.

/** Said of a reproduced row whose outcome could not be compared (no baseline, and the trace proves none). */
export const UNPROVEN = 'the trace does not prove production’s outcome';

/** refused: the library would not replay the trace as given (spec §6.7), before any of the flow's code ran. */
export type BatchVerdict = 'reproduced' | 'fixed' | 'outcome-changed' | 'diverged' | 'missing-step' | 'flow-error' | 'refused';

export const BATCH_VERDICTS: readonly BatchVerdict[] = ['reproduced', 'fixed', 'outcome-changed', 'diverged', 'missing-step', 'flow-error', 'refused'];

export interface BatchRow {
  readonly verdict: BatchVerdict;
  /** where it diverged / the missing step / the failing step: the trace path, or undefined */
  readonly path: string | undefined;
  /** the trace entry index of that step, when known (opening the trace at its divergence) */
  readonly stepIndex: number | undefined;
  /** command names of the recorded entries no step received, in trace order */
  readonly unreached: readonly string[];
  /** one line for people: "TimeParadox: …", "Failure: Amount must be non-zero." … */
  readonly detail: string;
  /** true when the outcome could not be compared (no baseline and the trace does not prove it) */
  readonly outcomeUnproven: boolean;
  /** refused: what the library needs supplied ('context'), when it names it */
  readonly refusalField?: string;
  /** where the flow's pure code read the clock or drew randomness in this trace's replay (absent: nowhere) */
  readonly ambient?: readonly AmbientPlace[];
}

/**
 * A place pure code read the clock or drew randomness (core/source/ambient.ts), as a corpus row holds
 * it: without a count, since a batch shares each distinct row by its JSON text and a count per trace
 * would make every trace's row its own. `file` is the loaded file's name.
 */
export interface AmbientPlace {
  readonly kind: 'clock' | 'random';
  readonly api: string;
  readonly file?: string;
  readonly line?: number;
  /** answered from the fixed clock or seed */
  readonly fixed: boolean;
}

/** A verdict that lets a change ship: CI passes on these and fails on the rest. */
export const isPassing = (verdict: BatchVerdict): boolean => verdict === 'reproduced' || verdict === 'fixed';

/** A detail is one line of a table or a JUnit message, whatever a trace put in an error message. */
export const MAX_DETAIL_CHARS = 300;

export function oneLine(text: string, max = MAX_DETAIL_CHARS): string {
  // eslint-disable-next-line no-control-regex -- control characters in a value must not reach a terminal
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A row for a trace that never got a report: the worker timed out, ran out of memory, the flow did not load. */
export function flowErrorRow(detail: string, unreached: readonly string[] = []): BatchRow {
  return { verdict: 'flow-error', path: undefined, stepIndex: undefined, unreached, detail: oneLine(detail), outcomeUnproven: true };
}

