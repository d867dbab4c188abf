// Command-line parsing for `timescope replay …` (`export-test` has its own, in exportTestArgs.ts),
// with node:util's parseArgs in strict mode so an unknown or misspelt option is an error (exit 2)
// instead of being silently ignored.
import { AMBIENT_USAGE, isCodeFile, keyValuesJoined, LIMIT_OPTIONS, optional, OVERRIDE_OPTIONS, readLimits, strictParse, TRACE_OPTIONS } from './argv';
import { parseExplain, type ExplainParsed } from './explainArgs';
import { parseMinimize, type MinimizeParsed } from './minimizeArgs';
import { parseShare, type ShareParsed } from './shareArgs';
import { parseExportTest, type ExportTestParsed } from './exportTestArgs';
import { parseReplayAll, type ReplayAllParsed } from './replayAllArgs';
import { readLogSpecs } from './logpoints';
import type { ReplayArgs } from './types';

export const USAGE = `Usage: timescope replay <trace.json> <flow.ts|js> [more source files…] [options]
       timescope replay <incident.zip> [source files…] [options]

Replays a recorded pure-effect trace against your flow's source, without I/O,
and prints timeTravel's narration.

Arguments:
  <trace.json>          a trace from recordEffect or a recorder's toTrace
  <flow.ts|js>          the file that exports the flow function (.ts .tsx .js .jsx .mjs)
  [more source files]   files the flow imports that hold pure code; any import not
                        given here ('./services', 'pg', node:fs…) is a stand-in
                        that throws if the flow touches it outside a Command
  <incident.zip>        a debug capsule from Timescope's Share: its trace is replayed
                        against the original sources inside it (see --edited), with
                        its replay context and flow export. Source files given after
                        it replace the capsule's sources (the first is the flow).
  <incident.capsule.enc>
                        an encrypted capsule (Share's "Download encrypted capsule"),
                        replayed as the capsule inside once --key decrypts it

Options:
  --export NAME         the exported flow function (default: the one named after
                        the trace's flowName, e.g. 'split-shipment' -> splitShipmentFlow,
                        else the only export ending in 'Flow')
  --context FILE        a JSON file with the context to replay with, instead of the
                        recorded one (for Ask), or the one a capsule carries
  --edited              with a capsule: replay its sources as last edited in
                        Timescope (the fix being tried), instead of the originals
  --key KEY             with an encrypted capsule: its key, the part after #key= in
                        its link (the whole link works too)
  --build ID            the build you are replaying; warns when the trace was
                        recorded at another version
  --override PATH=JSON  what if the step at PATH had answered otherwise: JSON is its result;
                        PATH=throw:{"name","message","code"} makes it throw that error;
                        KP=cancelled:BRANCH|none sets which branch of a Parallel cancelled
                        the others. PATH is the entry's path, or #INDEX in a path-less
                        trace. Repeatable
  --override-file FILE  a JSON array of overrides: {"at", "kind": "result", "value"},
                        {"at", "kind": "throw", "error"}, {"at", "kind": "cancelled", "branch"}
                        (a capsule's own overrides.json applies by itself)
  --baseline FILE       the flow file as production ran it, when the flow given is a fix:
                        it is replayed too, for what production's failing step received
                        (a capsule's original sources serve with --edited, or the
                        incident's facts it carries)
  --log FILE:LINE=EXPR  show EXPR's value at LINE of FILE every time the line runs in
                        the replay, with no change to the code. EXPR only reads: names,
                        properties (a?.b, a[i]), literals, operators, [a, b] and {a, b};
                        no calls or assignments. Its hits are printed by step before the
                        verdict (or --json's "logs"). FILE is a source file as given, or
                        its name. Repeatable
  --json                print {"verdict", "tier", "verdictText", "unreachedCommands",
                        "divergence", "result", "unreached"} instead of the narration
                        (and "logs" with --log: placements, hits with their step
                        numbered from 1, counts, dropped)
  --timeout SECONDS     stop the flow's code after this long (default 5)
  --max-memory MB       the heap the flow's code may use (default 1024)
${AMBIENT_USAGE}
  -h, --help            show this help

Exit status: 0 the replay ended in Success; 1 it ended in Failure (a TimeParadox or
a missing step included); 2 unusable input (unreadable file, bad JSON, not a
trace, compile error, no or ambiguous flow export, or timeTravel rejected:
a malformed trace or a bug in flow code), or the flow's code ran past --timeout
or --max-memory.

The flow's code runs in a sandbox (a worker thread with hardened JavaScript):
no network, files, process, environment or timers, and a fresh one per replay.

After the narration, the last line is the verdict the app shows: reproduced, fixed,
outcome-changed, diverged, missing-step or flow-error. Tier 2 (diverged, missing-step):
the change asks for a Command the recording does not hold there, so replay cannot
verify it and a person must decide.
"unreached" lists the recorded trace entries no step received, as stored.`;

export const TOP_USAGE = `Usage: timescope <command>

Commands:
  replay <trace.json> <flow.ts|js> [more source files…]   replay a trace against source
  replay <incident.zip> [source files…]                   replay a debug capsule from Timescope's Share
  replay <incident.capsule.enc> --key KEY                 replay an encrypted capsule
  export-test <trace.json|capsule> <flow.ts|js> [--out FILE]
                                                          write a regression test for what the replay shows
  replay-all <traces.jsonl|folder|capsule.zip>… <flow.ts|js> [more source files…]
                                                          replay a corpus against a change: a verdict per
                                                          trace, counts, --json, --junit, --shard i/n
  explain <trace.json|capsule> [flow.ts|js …]             what failed, where, and the value it received
                                                          (the app's first screen), --json, --step N
  minimize <trace.json|capsule> <flow.ts|js …> [--out DIR] [--budget N]
                                                          the smallest incident that still fails the same
                                                          way (delta debugging), 1-minimal
  share <trace.json|capsule> [flow.ts|js …] --app URL     a redacted link, checked to still fail the same
                                                          way (--stand-in TYPE=KIND when it does not)
  mcp                                                     the same as Model Context Protocol tools, over stdio

Run 'timescope <command> --help' (replay, export-test, replay-all, explain, minimize, share) for the options.`;

export const MCP_USAGE = `Usage: timescope mcp

Serves Timescope as Model Context Protocol tools over stdio, for agents (Claude Code,
Cursor, Codex…): open_incident, list_steps, get_step, narrate, replay, logpoint,
replay_corpus, export_test and share_link. It runs on this machine, uploads nothing, and runs flow
code only in the sandbox 'timescope replay' uses. share_link needs the app's public
address: TIMESCOPE_APP_URL, or its appUrl argument.

Configure it in your agent as the command: npx timescope mcp`;

/** The usage error for a JSON trace given without the flow's file. */
export const MISSING_FLOW = 'missing <flow.ts|js>: give the file that exports the flow';

export type Parsed =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'replay'; readonly args: ReplayArgs }
  | ExportTestParsed
  | ReplayAllParsed
  | Exclude<ExplainParsed, { kind: 'help' | 'usage-error' }>
  | Exclude<MinimizeParsed, { kind: 'help' | 'usage-error' }>
  | Exclude<ShareParsed, { kind: 'help' | 'usage-error' }>
  | { readonly kind: 'mcp' }
  | { readonly kind: 'usage-error'; readonly message: string; readonly usage: string };

export function parseCommandLine(argv: readonly string[]): Parsed {
  // `npx timescope -- --help`: npm users add a `--` to keep npm's hands off the options. npx passes
  // it on, so one leading `--` means nothing here (a later one ends the options, as parseArgs has it).
  const [command, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  if (command === undefined) return { kind: 'usage-error', message: 'no command given', usage: TOP_USAGE };
  if (command === '--help' || command === '-h' || command === 'help') return { kind: 'help', text: TOP_USAGE };
  if (command === 'export-test') return parseExportTest(rest);
  if (command === 'replay-all') return parseReplayAll(rest);
  if (command === 'explain') return parseExplain(rest);
  if (command === 'minimize') return parseMinimize(rest);
  if (command === 'share') return parseShare(rest, process.env);
  if (command === 'mcp') {
    if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', text: MCP_USAGE };
    return rest.length === 0 ? { kind: 'mcp' } : { kind: 'usage-error', message: `mcp takes no arguments, got '${rest.join(' ')}'`, usage: MCP_USAGE };
  }
  if (command !== 'replay') return { kind: 'usage-error', message: `unknown command '${command}'`, usage: TOP_USAGE };

  const parsed = strictParse(keyValuesJoined(rest), {
    json: { type: 'boolean' },
    baseline: { type: 'string' },
    log: { type: 'string', multiple: true },
    ...TRACE_OPTIONS,
    ...OVERRIDE_OPTIONS,
    ...LIMIT_OPTIONS
  });
  if (typeof parsed === 'string') return { kind: 'usage-error', message: parsed, usage: USAGE };
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help', text: USAGE };
  const [trace, ...sources] = positionals;
  if (trace === undefined) return { kind: 'usage-error', message: 'missing <trace.json>', usage: USAGE };
  // No source files is fine for a capsule, which holds its own; whether the first file is one is
  // known only from its bytes (main.ts checks, with MISSING_FLOW, before anything runs).
  if (values.edited && sources.length > 0) {
    return { kind: 'usage-error', message: "--edited replays the edited sources inside a capsule (.zip), so it takes no source files after it", usage: USAGE };
  }
  if (values.baseline !== undefined && !isCodeFile(values.baseline)) {
    return { kind: 'usage-error', message: `--baseline takes the flow file as production ran it (.ts .tsx .js .jsx .mjs), got '${values.baseline}'`, usage: USAGE };
  }
  const limits = readLimits(values);
  if (typeof limits === 'string') return { kind: 'usage-error', message: limits, usage: USAGE };
  const logpoints = readLogSpecs(values.log ?? []);
  if (typeof logpoints === 'string') return { kind: 'usage-error', message: logpoints, usage: USAGE };
  return {
    kind: 'replay',
    args: {
      trace,
      sources,
      json: values.json === true,
      ...(values.edited ? { edited: true as const } : {}),
      ...optional('key', values.key),
      ...limits,
      ...optional('exportName', values.export),
      ...optional('context', values.context),
      ...optional('build', values.build),
      ...optional('baseline', values.baseline),
      ...(values.override?.length ? { overrides: values.override } : {}),
      ...optional('overrideFile', values['override-file']),
      ...(logpoints.length ? { logpoints } : {})
    }
  };
}
