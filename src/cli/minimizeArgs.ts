// Command-line parsing for `timescope minimize …`: the trace or capsule, the flow's files, where to
// write the smaller incident, and the replay budget. Strict, as the others.
import { keyValuesJoined, LIMIT_OPTIONS, optional, readLimits, strictParse } from './argv';
import type { ReplayArgs } from './types';

export const DEFAULT_BUDGET = 500;

export const MINIMIZE_USAGE = `Usage: timescope minimize <trace.json> <flow.ts|js> [more source files…] [options]
       timescope minimize <incident.zip|incident.capsule.enc> [source files…] [options]

Shrinks the incident to one that still fails the same way, by delta debugging:
fields of the initial input, the context and the recorded answers are taken away
and values simplified (strings to "", numbers to 0), each candidate replayed
against the recorded code in the sandbox, until it is 1-minimal: without any
single remaining field it no longer fails the same way (the same outcome and
error or value, at the same step, asking the same recorded Commands, with no
TimeParadox). Recorded answers are only shrunk, never invented.

Writes <out>/trace.min.json (the minimized trace) and <out>/minimize.json (what
was kept and removed, the replays it took); prints a summary, progress on stderr.

Options:
  --out DIR             where to write them (default: the current folder)
  --budget N            the most replays to run (default ${DEFAULT_BUDGET}); past it, the smallest
                        incident found so far is written, and said not to be minimal
  --json                the summary as one JSON object
  --export NAME, --key KEY, --timeout SECONDS, --max-memory MB, --clock TIME, --seed N
                        as for 'timescope replay' (see 'timescope replay --help'); the
                        time and memory limits apply to each candidate's replay
  -h, --help            show this help

Exit status: 0 minimized (1-minimal); 1 stopped at the budget (the smaller incident is
written); 2 unusable input, or an incident whose replay does not fail of its own.`;

export interface MinimizeArgs extends ReplayArgs {
  readonly out: string;
  readonly budget: number;
}

export type MinimizeParsed =
  | { readonly kind: 'minimize'; readonly args: MinimizeArgs }
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'usage-error'; readonly message: string; readonly usage: string };

export function parseMinimize(argv: readonly string[]): MinimizeParsed {
  const parsed = strictParse(keyValuesJoined(argv), {
    json: { type: 'boolean' },
    out: { type: 'string' },
    budget: { type: 'string' },
    export: { type: 'string' },
    key: { type: 'string' },
    ...LIMIT_OPTIONS
  });
  if (typeof parsed === 'string') return { kind: 'usage-error', message: parsed, usage: MINIMIZE_USAGE };
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: MINIMIZE_USAGE };
  const [trace, ...sources] = positionals;
  if (trace === undefined) return { kind: 'usage-error', message: 'missing <trace.json>', usage: MINIMIZE_USAGE };
  const budget = values.budget === undefined ? DEFAULT_BUDGET : Number(values.budget);
  if (values.budget !== undefined && (!/^\d+$/.test(values.budget) || budget < 1)) return { kind: 'usage-error', message: `--budget takes a number of replays from 1, got '${values.budget}'`, usage: MINIMIZE_USAGE };
  const limits = readLimits(values);
  if (typeof limits === 'string') return { kind: 'usage-error', message: limits, usage: MINIMIZE_USAGE };
  return {
    kind: 'minimize',
    args: { trace, sources, json: values.json === true, out: values.out ?? '.', budget, ...limits, ...optional('key', values.key), ...optional('exportName', values.export) }
  };
}
