// The replay engine's public surface (spec §6, §7), plus Timescope's entry point.
export { replayEffect, type ReplayOptions } from './replayEffect';
export { timeTravel, type TimeTravelOptions } from './timeTravel';
export { TimeParadox, ReplayError, isReplayFault } from './errors';
export type { ReplayStepInfo, Resolver, Entry } from './source';
export { replayTrace, type ReplayTraceRequest } from './replayTrace';
export type { ReplayReport, ReplayStep, ReplayFault, ReplayOutcome, CodeLocation } from './report';
