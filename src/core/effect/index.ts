// What `import { … } from 'pure-effect'` gives a flow: the library's public
// surface under its own names (spec §2–§7).
export { Success, FailureOfFlow as Failure, Command, commandName, Ask } from './nodes';
export type {
  Effect,
  Outcome,
  SuccessNode,
  FailureNode,
  CommandNode,
  AskNode,
  RetryNode,
  ParallelNode,
  RetryOptions,
  RetryExhaustion,
  ParallelOptions
} from './nodes';
export { Retry } from './retry';
export { Parallel } from './parallel';
export { effectPipe } from './pipe';
export { runEffect, type CallConfig } from './run';
export { configureEffect, type Hooks, type OnStep, type OnRun, type OnBeforeCommand } from './hooks';
export { EffectTypeError } from './errors';
export { recorder, recordEffect, type Recorder, type RecorderOptions, type RecordOptions, type Trace, type TraceEntry } from './recorder';
export { replayEffect, type ReplayOptions } from '../replay/replayEffect';
export { timeTravel, type TimeTravelOptions } from '../replay/timeTravel';
export { TimeParadox, ReplayError } from '../replay/errors';
