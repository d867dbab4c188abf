// Command-line parsing for `timescope replay-all`, strict as `replay`'s (args.ts): an unknown or
// misspelt option is a usage error (exit 2), not ignored.
import { availableParallelism } from 'node:os';
import { parseShard, type Shard } from '../core/batch/shard';
import { AMBIENT_USAGE, isCodeFile, LIMIT_OPTIONS, optional, OVERRIDE_OPTIONS, readLimits, strictParse, type AmbientArgs } from './argv';

export const REPLAY_ALL_USAGE = `Usage: timescope replay-all <traces.jsonl|folder|capsule.zip>… <flow.ts|js> [more source files…] [options]

Replays every trace of a corpus against your flow's source (a change, a fix), in a
pool of sandboxed worker threads, and gives each trace a verdict:
  reproduced        the replay ends as production did
  fixed             production's recorded Failure now ends in Success
  outcome-changed   another outcome than production's
  diverged          the flow asked for another step than the trace recorded (TimeParadox)
  missing-step      the flow asked for a step the trace does not hold (ReplayError)
  flow-error        the flow's code threw, ran past --timeout or used more than --max-memory

Arguments:
  <traces.jsonl>        one whole trace per line (blank lines are skipped)
  <trace.json>          one trace
  <folder>              every *.json, *.jsonl and capsule *.zip in it, by name
  <capsule.zip>         a debug capsule from Timescope's Share: its trace
  <flow.ts|js>          the first source file: the one that exports the flow function
  [more source files]   files the flow imports that hold pure code (others are stand-ins)

Options:
  --export NAME         the exported flow function (default: named after each trace's flowName)
  --baseline FILE       the flow as it was (e.g. the original): each trace is replayed against it
                        too, its outcome is production's, and rows show before -> after
  --override PATH=JSON  what if the step at PATH had answered otherwise, in every trace (as
                        replay's --override; the baseline reads the recording). A trace with
                        no such step is a flow-error that says so. Repeatable
  --override-file FILE  a JSON array of overrides, as replay's --override-file
  --jobs N              worker threads (default: the number of cores)
  --shard i/n           replay only the i-th of n shards (by a hash of each trace's source and
                        line): every trace lands in exactly one shard, for a CI matrix
  --json                print one JSON object per trace, one per line, in input order:
                        {"source","line","verdict","path","unreached",…}
  --junit FILE          also write a JUnit XML report, one test case per trace
  --timeout SECONDS     stop a trace's replay after this long (default 5); it is a flow-error
  --max-memory MB       the heap each worker's flow code may use (default 1024)
${AMBIENT_USAGE}
  -h, --help            show this help

Exit status: 0 every trace reproduced or fixed; 1 any other verdict; 2 unusable input (bad
arguments, an unreadable file, a line that is not a trace, no traces, a flow that does not
compile or load).`;

export interface ReplayAllArgs {
  readonly inputs: readonly string[];
  readonly sources: readonly string[];
  readonly exportName?: string;
  readonly baseline?: string;
  readonly jobs: number;
  readonly shard?: Shard;
  readonly json: boolean;
  readonly junit?: string;
  readonly timeoutMs: number;
  readonly maxMemoryMb: number;
  /** --clock and --seed, as replay's */
  readonly ambient?: AmbientArgs;
  /** each --override PATH=JSON, as given (cli/overrides.ts reads them) */
  readonly overrides?: readonly string[];
  readonly overrideFile?: string;
}

export type ReplayAllParsed =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'replay-all'; readonly args: ReplayAllArgs }
  | { readonly kind: 'usage-error'; readonly message: string; readonly usage: string };


const usageError = (message: string): ReplayAllParsed => ({ kind: 'usage-error', message, usage: REPLAY_ALL_USAGE });

export function parseReplayAll(argv: readonly string[]): ReplayAllParsed {
  const parsed = strictParse(argv, {
    export: { type: 'string' },
    baseline: { type: 'string' },
    jobs: { type: 'string' },
    shard: { type: 'string' },
    json: { type: 'boolean' },
    junit: { type: 'string' },
    ...OVERRIDE_OPTIONS,
    ...LIMIT_OPTIONS
  });
  if (typeof parsed === 'string') return usageError(parsed);
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: REPLAY_ALL_USAGE };
  // The traces come first; the first source file (by its extension) starts the flow's files.
  const firstSource = positionals.findIndex((p) => isCodeFile(p));
  if (firstSource < 0) return usageError('missing <flow.ts|js>: give the file that exports the flow, after the traces');
  const inputs = positionals.slice(0, firstSource);
  const sources = positionals.slice(firstSource);
  if (inputs.length === 0) return usageError('missing <traces.jsonl|folder|capsule.zip>: give the traces before the flow file');
  const limits = readLimits(values);
  if (typeof limits === 'string') return usageError(limits);
  let jobs = availableParallelism();
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) return usageError(`--jobs takes a whole number of workers from 1 to 256, got '${values.jobs}'`);
  }
  let shard: Shard | undefined;
  if (values.shard !== undefined) {
    const s = parseShard(values.shard);
    if (typeof s === 'string') return usageError(s);
    shard = s;
  }
  if (values.baseline !== undefined && !isCodeFile(values.baseline)) return usageError(`--baseline takes the flow file as it was (.ts .tsx .js .jsx .mjs), got '${values.baseline}'`);
  return {
    kind: 'replay-all',
    args: {
      inputs,
      sources,
      jobs,
      json: values.json === true,
      ...limits,
      ...optional('shard', shard),
      ...optional('exportName', values.export),
      ...optional('baseline', values.baseline),
      ...optional('junit', values.junit),
      ...(values.override?.length ? { overrides: values.override } : {}),
      ...optional('overrideFile', values['override-file'])
    }
  };
}
