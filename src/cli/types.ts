// The shapes the CLI's commands hand each other: what `replay` was asked (parsed by args.ts),
// what it runs on (input.ts, capsule.ts), where it writes, and what a replay gave. Types only, in
// one place, so the commands' modules import each other's shapes without importing each other.
import type { Logpoint } from '../core/logpoints/types';
import type { SourceFile } from '../core/source/locate';
import type { RunResult } from '../core/source/runFlow';
import type { StepOverride } from '../core/whatif/apply';
import type { IncidentFacts as IncidentFactsData } from '../core/share/facts';
import type { AmbientArgs } from './argv';

export interface ReplayArgs {
  readonly trace: string;
  readonly sources: readonly string[];
  readonly exportName?: string;
  readonly context?: string;
  readonly build?: string;
  readonly json: boolean;
  /** with a capsule: replay its edited sources (absent when not asked for) */
  readonly edited?: true;
  /** with an encrypted capsule: its key, or a link that ends in #key=… */
  readonly key?: string;
  readonly timeoutMs: number;
  readonly maxMemoryMb: number;
  /** --clock and --seed: what pure code's clock and randomness answer (the real ones when absent) */
  readonly ambient?: AmbientArgs;
  /** each --override PATH=JSON, as given (cli/overrides.ts reads them) */
  readonly overrides?: readonly string[];
  readonly overrideFile?: string;
  /** the flow file as production ran it (replay only) */
  readonly baseline?: string;
  /** each --log, parsed (replay only); files as the person named them, matched to the loaded ones before the replay */
  readonly logpoints?: readonly Logpoint[];
  /** a capsule without sources is read, not refused (explain: what the recording alone shows) */
  readonly sourcesOptional?: true;
}

export interface ReplayInput {
  readonly traceText: string;
  readonly trace: unknown;
  readonly files: SourceFile[];
  /** file name -> how to name it in messages */
  readonly display: ReadonlyMap<string, string>;
  /** the entry file; undefined lets the runner choose as the app does (flow.* first) */
  readonly entry?: string;
  readonly context?: unknown;
  readonly exportName?: string;
  /** lines for stderr before the replay's output (what the capsule says about itself) */
  readonly notices: readonly string[];
  /** a capsule's what-if overrides (its overrides.json); cli/overrides.ts applies them */
  readonly overrides?: readonly StepOverride[];
  /** where production's facts come from: the recorded code to replay too, or the facts a capsule carries */
  readonly incident?: { readonly files: SourceFile[]; readonly entry?: string } | { readonly facts: IncidentFactsData };
}

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
}

/** A replay that produced a report: what it ran on, and what it gave. */
export interface Replayed {
  readonly input: ReplayInput;
  /** the trace as recorded, before any what-if override (input.trace has them applied) */
  readonly recordedTrace: unknown;
  /** the what-if overrides the replay ran with (input.trace has them applied) */
  readonly overrides: readonly StepOverride[];
  readonly run: Extract<RunResult, { kind: 'report' }>;
  /** a loaded file's name as the person gave it */
  readonly shown: (file: string) => string;
  /** production's facts, when the recorded code was replayed too or a capsule carried them */
  readonly incident?: import('../core/replay/report').ReplayReport;
}
