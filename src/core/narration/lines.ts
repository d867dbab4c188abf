// The lines timeTravel prints (spec §7.2), as templates. Both the recorded
// narration here and the replay engine's narration build their text from
// these, so a wording change happens in one place.

import { fmt } from '../values/fmt';

export type NarrationLineKind = 'warning' | 'header' | 'input' | 'step' | 'state' | 'outcome' | 'unreached';

/** One `log(text)` call of timeTravel; `text` may contain newlines. */
export interface NarrationLine {
  readonly kind: NarrationLineKind;
  readonly text: string;
  /** for a 'step' line: the index of the trace entry it was answered from */
  readonly stepIndex?: number;
}

/** The narration as timeTravel's log calls would print it, without a trailing newline. */
export function narrationText(lines: readonly NarrationLine[]): string {
  return lines.map((l) => l.text).join('\n');
}

export function versionWarning(traceVersion: string, replayVersion: string): string {
  return `Warning: trace was recorded at ${traceVersion}, replaying against ${replayVersion}.`;
}

export const NO_INPUT_WARNING =
  'Warning: the trace holds no initial input, so the flow is rebuilt from undefined. ' +
  'A recorder installed as a hook finds the input only on a flow built with effectPipe.';

/** `n` entries named 'anonymous'; the library says "are" even for one. */
export function anonymousWarning(n: number): string {
  return (
    `Warning: ${n} of the recorded steps are named 'anonymous', usually inline arrow Commands, ` +
    'so this replay cannot tell them apart and would not notice two of them trading places. ' +
    'Name them with a const or meta.name.'
  );
}

/** `n` counts the entries that are not Parallel decisions. */
export function headerLine(flowName: string | undefined, n: number): string {
  return `Replaying '${flowName || 'flow'}' (${n} recorded ${n === 1 ? 'step' : 'steps'})`;
}

export function inputLine(initialInput: unknown): string {
  return `Initial input: ${fmt(initialInput)}`;
}

/**
 * `value` is the result, or the already revived error. `ordinal` is 1-based.
 * Timing is left out when the entry has no numeric durationMs; a number prints
 * as JavaScript prints it (12.937, 0.01, 2).
 */
export function stepLine(ordinal: number, name: string, threw: boolean, durationMs: unknown, value: unknown): string {
  const timing = typeof durationMs === 'number' ? ` in ${String(durationMs)}ms` : '';
  return `Step ${ordinal}: ${name} ${threw ? 'threw' : 'returned'}${timing} ${fmt(value)}`;
}

export function stateLine(state: 'Success' | 'Failure'): string {
  return `Replay finished with state: ${state}`;
}

export function resultLine(value: unknown): string {
  return `Result: ${fmt(value)}`;
}

/** `error` is the value the Failure carries (revived, if it came from the trace). */
export function errorLine(error: unknown): string {
  return `Error: ${fmt(error)}`;
}

/** One unreached entry: its command, with its path when it has one. */
export interface UnreachedEntry {
  readonly command: string;
  readonly path?: string | undefined;
}

export function unreachedWarning(entries: readonly UnreachedEntry[]): string {
  const n = entries.length;
  const list = entries
    .map((e) => (typeof e.path === 'string' ? `${e.command} (path '${e.path}')` : e.command))
    .join(', ');
  const count = n === 1 ? '1 recorded step was' : `${n} recorded steps were`;
  return `Warning: ${count} never reached: ${list}. The flow diverged.`;
}
