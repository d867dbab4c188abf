// What a person should know about a trace before trusting a replay of it.
// The first three mirror timeTravel's own warnings (§7.2), in its order; the
// rest cover what a replay would otherwise only reveal by stopping.

import { plural } from './describe';
import type { Head } from './entries';
import type { TraceWarning } from './model';

/** §6.6: why the recorder left a value out, in the library's words. */
export function unrecordedReason(reason: string): string {
  if (reason === 'redact') return 'redact threw on it';
  if (reason === 'copy') return 'it could not be copied, as when it holds a BigInt or a getter that throws';
  return 'it could not be recorded';
}

/** The same, for several values left out for one reason. */
function manyReason(reason: string): string {
  if (reason === 'redact') return 'redact threw on each';
  if (reason === 'copy') return 'they could not be copied, as when a value holds a BigInt or a getter that throws';
  return 'they could not be recorded';
}

export interface WarningInput {
  readonly head: Head;
  /** a bare array of entries rather than a trace object */
  readonly bare: boolean;
  /** how many entries the trace has */
  readonly count: number;
  readonly matching: 'path' | 'position';
  readonly anonymous: number;
  /** unrecorded entries, counted per reason ('redact', 'copy', other) */
  readonly unrecorded: ReadonlyMap<string, number>;
  /** index of the first entry without a string path, -1 if none */
  readonly firstPathless: number;
  /** how many entries have a string path */
  readonly withPath: number;
}

function unrecordedWarning(byReason: ReadonlyMap<string, number>): TraceWarning | undefined {
  let total = 0;
  for (const n of byReason.values()) total += n;
  if (total === 0) return undefined;
  if (byReason.size === 1) {
    const [reason] = byReason.keys();
    const why = unrecordedReason(reason!);
    return {
      kind: 'unrecorded',
      message:
        total === 1
          ? `1 entry holds no value: ${why}, so the recorder left it out, and a replay stops with an error when it reaches that step.`
          : `${total} entries hold no value: ${manyReason(reason!)}, so the recorder left them out, and a replay stops with an error at the first of them it reaches.`
    };
  }
  const parts = [...byReason].map(([reason, n]) =>
    reason === 'redact' ? `redact threw on ${n}` : reason === 'copy' ? `${n} could not be copied` : `${n} could not be recorded`
  );
  return {
    kind: 'unrecorded',
    message: `${total} entries hold no value (${parts.join(', ')}), so the recorder left them out, and a replay stops with an error at the first of them it reaches.`
  };
}

export function collectWarnings(input: WarningInput): TraceWarning[] {
  const { head } = input;
  const warnings: TraceWarning[] = [];
  if (head.version) warnings.push({ kind: 'version', message: `Recorded at build ${head.version}.` });

  if (!head.hasInitialInput) {
    const left = head.unrecorded?.initialInput;
    warnings.push({
      kind: 'no-input',
      message: left
        ? `The trace holds no initial input: ${unrecordedReason(left)}, so the recorder left it out, and a replay cannot rebuild the flow from it.`
        : input.bare
          ? 'This is a bare array of entries: it holds no initial input, so a replay rebuilds the flow from undefined.'
          : 'The trace holds no initial input, so a replay rebuilds the flow from undefined.'
    });
  }

  if (input.anonymous > 0) {
    warnings.push({
      kind: 'anonymous',
      message:
        input.anonymous === 1
          ? "1 step named 'anonymous' (an inline arrow Command): replay cannot tell it from another anonymous Command, and would not notice one taking its place. Name it with a const or meta.name."
          : `${input.anonymous} steps named 'anonymous' (inline arrow Commands): replay cannot tell them apart, and would not notice two of them trading places. Name them with a const or meta.name.`
    });
  }

  if (head.dropped > 0) {
    warnings.push({
      kind: 'dropped',
      message: `${plural(head.dropped, 'entry was', 'entries were')} dropped by a maxEntries cap: the recording ends early, and a replay stops at the first step it lacks.`
    });
  }

  const lost = unrecordedWarning(input.unrecorded);
  if (lost) warnings.push(lost);
  const leftContext = head.unrecorded?.context;
  if (leftContext && !head.hasContext) {
    warnings.push({
      kind: 'unrecorded',
      message: `The trace holds no context: ${unrecordedReason(leftContext)}, so the recorder left it out. A replay needs a context given to it, or it could take another branch at an Ask.`
    });
  }

  if (input.matching === 'position' && input.count > 0) {
    // Position mode with entries means at least one entry lacks a string path.
    warnings.push({
      kind: 'positional',
      message:
        input.withPath === 0
          ? 'This trace has no paths (an older format): replay matches steps by position, and cannot match Commands inside a Parallel.'
          : `Entry ${input.firstPathless} has no string path, so replay matches every step by position, as for an older trace, and cannot match Commands inside a Parallel.`
    });
  }
  return warnings;
}
