// Command-line parsing for `timescope export-test …`: replay's options (args.ts) plus where and how
// to write the regression test. parseArgs in strict mode, so a misspelt option is an error (exit 2).
import { parseLeafPath, type LeafPath } from '../core/export/regression/leaves';
import { keyValuesJoined, LIMIT_OPTIONS, optional, readLimits, strictParse, TRACE_OPTIONS } from './argv';
import type { ReplayArgs } from './types';

export const EXPORT_TEST_USAGE = `Usage: timescope export-test <trace.json> <flow.ts|js> [more source files…] [options]
       timescope export-test <incident.zip|incident.capsule.enc> [flow.ts|js …] [options]

Replays the trace against your flow, as 'timescope replay' does, then writes a
regression test that replays it again with pure-effect's replayEffect and asserts
what this replay showed: the result type, the values you name, a Failure's error
name, message and code, and the names of the recorded steps left unreached.

Arguments:
  <trace.json>          a trace from recordEffect or a recorder's toTrace
  <flow.ts|js>          the file that exports the flow function; the test imports it
  <incident.zip>        a debug capsule from Timescope's Share (an encrypted one with
                        --key), replayed as 'timescope replay' replays it. Its test
                        imports the flow from your checkout: give the flow's file after
                        it, or --import-path

Options:
  --vitest              write a vitest test (default: node:test with node:assert/strict)
  --out FILE            write the test to FILE, creating its folder (default: print it)
  --trace-beside        with --out: write the trace to <name>.trace.json next to the
                        test, which reads it from there (default: embed it in the test)
  --import-path PATH    how the test imports the flow (default: the flow file's path
                        relative to the test's folder, or to the current folder)
  --assert PATH         a value of the result to assert, such as receipt.status,
                        items[0].sku or ["odd key"]; for a Failure, a value of its
                        error, such as lastError.code. Repeat it for more. Default:
                        up to 5 values the flow changed after its last replayed step
  --title TEXT          the incident, for the test's name 'incident <title>: <verdict>'
                        (default: a capsule's title, else the trace's flowName)
  --export NAME, --context FILE, --build ID, --key KEY, --edited,
  --timeout SECONDS, --max-memory MB, --clock TIME, --seed N
                        as for 'timescope replay' (see 'timescope replay --help')
  -h, --help            show this help

Exit status: 0 the test was written, whatever the replay's result; 2 unusable input
as for replay (a replay that stopped without a result included: there is nothing
to assert), a --assert the result has no value for, or an --out that cannot be written.`;

export interface ExportTestArgs extends ReplayArgs {
  readonly flavour: 'node' | 'vitest';
  readonly out?: string;
  readonly traceBeside: boolean;
  readonly importPath?: string;
  /** --assert paths, read; empty: the default choice */
  readonly asserts: readonly LeafPath[];
  readonly assertTexts: readonly string[];
  readonly title?: string;
}

export type ExportTestParsed =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'export-test'; readonly args: ExportTestArgs }
  | { readonly kind: 'usage-error'; readonly message: string; readonly usage: string };

const usageError = (message: string): ExportTestParsed => ({ kind: 'usage-error', message, usage: EXPORT_TEST_USAGE });

export function parseExportTest(rest: readonly string[]): ExportTestParsed {
  const parsed = strictParse(keyValuesJoined(rest), {
    vitest: { type: 'boolean' },
    out: { type: 'string' },
    'trace-beside': { type: 'boolean' },
    'import-path': { type: 'string' },
    assert: { type: 'string', multiple: true },
    title: { type: 'string' },
    ...TRACE_OPTIONS,
    ...LIMIT_OPTIONS
  });
  if (typeof parsed === 'string') return usageError(parsed);
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: EXPORT_TEST_USAGE };
  const [trace, ...sources] = positionals;
  if (trace === undefined) return usageError('missing <trace.json>');
  if (values.edited && sources.length > 0) {
    return usageError('--edited replays the edited sources inside a capsule (.zip), so it takes no source files after it; give the import path with --import-path');
  }
  if (values['trace-beside'] && values.out === undefined) {
    return usageError('--trace-beside writes <name>.trace.json next to the test, so it needs --out FILE');
  }
  if (values['import-path'] !== undefined && values['import-path'].trim() === '') return usageError('--import-path is empty: give the path the test imports the flow from');
  const asserts: LeafPath[] = [];
  for (const text of values.assert ?? []) {
    const read = parseLeafPath(text);
    if (!read.ok) return usageError(`--assert ${read.message}`);
    asserts.push(read.keys);
  }
  const limits = readLimits(values);
  if (typeof limits === 'string') return usageError(limits);
  return {
    kind: 'export-test',
    args: {
      trace,
      sources,
      json: false,
      flavour: values.vitest ? 'vitest' : 'node',
      traceBeside: values['trace-beside'] === true,
      asserts,
      assertTexts: values.assert ?? [],
      ...limits,
      ...(values.edited ? { edited: true as const } : {}),
      ...optional('out', values.out),
      ...optional('importPath', values['import-path']),
      ...optional('title', values.title),
      ...optional('exportName', values.export),
      ...optional('context', values.context),
      ...optional('build', values.build),
      ...optional('key', values.key)
    }
  };
}
