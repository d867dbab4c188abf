// Command-line parsing for `timescope explain …`: the trace or capsule, the flow's files when there
// are any, and which view (the first screen, one step, or --json). Strict, as the others.
import { keyValuesJoined, LIMIT_OPTIONS, optional, readLimits, strictParse } from './argv';
import type { ReplayArgs } from './types';

export const EXPLAIN_USAGE = `Usage: timescope explain <trace.json> [flow.ts|js] [more source files…] [options]
       timescope explain <incident.zip|incident.capsule.enc> [source files…] [options]

Prints what the app's first screen shows: the flow, build and outcome; the step
that explains the Failure, with its error and the line that built it; the value
it received, what produced it and what changed on the way; then the steps worth
a look (Retry tries, fallbacks, Parallel cancellations, other throws) and the
recorded Commands the recorded code never reached.

With the flow's files (or a capsule that holds them) the recorded code is
replayed once, in the sandbox, for what each step received; without them, it
says what the recording alone shows.

Options:
  --step N              one step's details instead (N as the app numbers steps, from 1)
  --json                the same as one JSON object (see README: "timescope explain")
  --export NAME, --context FILE, --key KEY, --timeout SECONDS, --max-memory MB,
  --clock TIME, --seed N
                        as for 'timescope replay' (see 'timescope replay --help')
  -h, --help            show this help

Exit status: 0 explained; 2 unusable input (as for replay) or a step that is not there.`;

export interface ExplainArgs extends ReplayArgs {
  /** 1-based */
  readonly step?: number;
}

export type ExplainParsed =
  | { readonly kind: 'explain'; readonly args: ExplainArgs }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage-error'; readonly message: string; readonly usage: string };

export function parseExplain(argv: readonly string[]): ExplainParsed {
  const parsed = strictParse(keyValuesJoined(argv), {
    json: { type: 'boolean' },
    step: { type: 'string' },
    export: { type: 'string' },
    context: { type: 'string' },
    key: { type: 'string' },
    ...LIMIT_OPTIONS
  });
  if (typeof parsed === 'string') return { kind: 'usage-error', message: parsed, usage: EXPLAIN_USAGE };
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: EXPLAIN_USAGE };
  const [trace, ...sources] = positionals;
  if (trace === undefined) return { kind: 'usage-error', message: 'missing <trace.json>', usage: EXPLAIN_USAGE };
  let step: number | undefined;
  if (values.step !== undefined) {
    step = Number(values.step);
    if (!/^\d+$/.test(values.step) || step < 1) return { kind: 'usage-error', message: `--step takes a step number from 1, as the app numbers steps, got '${values.step}'`, usage: EXPLAIN_USAGE };
  }
  const limits = readLimits(values);
  if (typeof limits === 'string') return { kind: 'usage-error', message: limits, usage: EXPLAIN_USAGE };
  return {
    kind: 'explain',
    args: {
      trace,
      sources,
      json: values.json === true,
      ...limits,
      ...optional('step', step),
      ...optional('key', values.key),
      ...optional('exportName', values.export),
      ...optional('context', values.context)
    }
  };
}
