// Reading what replayEffect and timeTravel are given (spec §6.3, §7.1):
// a Resolver, a bare array of entries, or a trace object with a `trace` array.

import { describeArg } from '../effect/describe';
import { ReplayError } from './errors';

export type Entry = Readonly<Record<string, unknown>>;
export type TraceObject = Readonly<Record<string, unknown>> & { readonly trace: readonly Entry[] };
export type Resolver = (step: ReplayStepInfo) => unknown;

/** A step as the replay protocol describes it (§6.4). */
export interface ReplayStepInfo {
  readonly index: number;
  readonly name: string;
  readonly type: 'Command' | 'Parallel';
  readonly path: string;
}

export type Source =
  | { readonly kind: 'resolver'; readonly resolver: Resolver }
  | { readonly kind: 'entries'; readonly entries: readonly Entry[]; readonly trace?: TraceObject };

export function isTraceObject(x: unknown): x is TraceObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Array.isArray((x as { trace?: unknown }).trace);
}

/** `<what>` of the "expects a … got <what>" messages. */
export function whatItIs(x: unknown): string {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? 'an object with no `trace` array' : describeArg(x);
}

export function checkEntries(entries: readonly unknown[], who: string): asserts entries is readonly Entry[] {
  entries.forEach((e, i) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) {
      throw new ReplayError(`${who}'s trace entry ${i} is ${describeArg(e)}; an entry is an object with a string command.`);
    }
    if (typeof (e as Entry).command !== 'string') {
      throw new ReplayError(`${who}'s trace entry ${i} has no string command; an entry is an object with a string command.`);
    }
  });
}

export function readSource(x: unknown): Source {
  if (typeof x === 'function') return { kind: 'resolver', resolver: x as Resolver };
  if (Array.isArray(x)) {
    checkEntries(x, 'replayEffect');
    return { kind: 'entries', entries: x };
  }
  if (!isTraceObject(x)) {
    throw new ReplayError(
      `replayEffect expects a Resolver, a trace from recordEffect or a recorder's toTrace, or its array of entries, got ${whatItIs(x)}.`
    );
  }
  checkEntries(x.trace, 'replayEffect');
  return { kind: 'entries', entries: x.trace, trace: x };
}

/** Match by path only when there is at least one entry and every entry has a string path (§5). */
export function isPathMode(entries: readonly Entry[]): boolean {
  return entries.length > 0 && entries.every((e) => typeof e.path === 'string');
}

/** A Parallel decision entry: command 'Parallel' and a string path ending in 'p' (§7.2). */
export function isDecisionEntry(e: Entry): boolean {
  return e.command === 'Parallel' && typeof e.path === 'string' && e.path.endsWith('p');
}

/** An entry threw when `threw === true`, or when it has an `error` key at all (the older format, §5). */
export function entryThrew(e: Entry): boolean {
  return e.threw === true || 'error' in e;
}
