// "Export regression test" (issue 10): a test file that replays the recorded trace against the flow
// with pure-effect's public replayEffect and asserts what the last replay showed. It must pass with
// the real library, so it does exactly what our timeTravel does (src/core/replay/timeTravel.ts):
// build the flow from the trace's own initialInput and replay with the defaults, passing `context`
// only when the replay was given one instead of the recorded one (spec §6.2, §7.1).
//
// Pure: the app and the CLI both call it with a ReplayReport and the raw trace. Every piece of data
// (trace, title, paths, names) enters the file through literal.ts, never as code or comment text.
import type { ReplayOutcome, ReplayReport } from '../replay/report';
import { accessorOf, changedLeaves, isStoredError, labelOf, leafAt, valueLeaves, type LeafPath } from './regression/leaves';
import { jsLiteral, stringLiteral } from './regression/literal';
import { testNameOf, verdictWords } from './regression/verdict';

export { changedLeaves, labelOf, parseLeafPath, valueLeaves, type LeafChoice, type LeafPath } from './regression/leaves';
export { verdictWords } from './regression/verdict';

export type Flavour = 'node' | 'vitest';
/** 'embed': the trace is a literal in the test; 'beside': it is read from `<name>.trace.json` next to it */
export type TraceMode = 'embed' | 'beside';

export interface RegressionInput {
  readonly flavour: Flavour;
  /** the raw trace object the replay ran on (src/core/trace/raw.ts toRawTrace, or the file as parsed) */
  readonly trace: unknown;
  readonly traceMode: TraceMode;
  /** the files' base name; by default from the title, else the trace's flowName */
  readonly name?: string;
  /** the trace file's name for 'beside' (default `<name>.trace.json`); a plain file name */
  readonly traceFileName?: string;
  /** the module specifier the test imports the flow from, as written in the test: './checkout/flow.ts' */
  readonly flowImportPath: string;
  /** the flow's export: the function that builds the flow from its input */
  readonly exportName: string;
  /** the incident's title; the trace's flowName stands in when there is none */
  readonly title: string | undefined;
  /** the replay's result, stored form (ReplayReport.result) */
  readonly outcome: ReplayOutcome;
  /** the Command names of the unreached trace entries, in trace order */
  readonly unreached: readonly string[];
  /** values to assert, as keys into the Success value or the Failure error (valueLeaves' keys) */
  readonly assertPaths: readonly LeafPath[];
  /** the context the replay was given instead of the recorded one; undefined or null: the trace's own */
  readonly context?: unknown;
}

export interface RegressionTest {
  /** `<name>.test.ts`, or `.test.mjs` when the flow is JavaScript */
  readonly fileName: string;
  readonly text: string;
  /** for 'beside': the trace file to write next to the test */
  readonly traceFile?: { readonly name: string; readonly text: string };
  /** the name given to it(): `incident <title>: <verdict>` */
  readonly testName: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// Names the generated file declares itself, and words that cannot name a binding.
const TAKEN = new Set(['it', 'assert', 'expect', 'replayEffect', 'readFileSync', 'trace', 'context', 'result', 'unreached', 'flow', 'flowModule']);
const RESERVED = new Set(
  ('await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public arguments eval').split(' ')
);

interface Check {
  /** what the test reads, such as `result.value.receipt.status` */
  readonly expr: string;
  readonly value: unknown;
}

function slug(text: string | undefined): string | undefined {
  const s = (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!s) return undefined;
  return s.length <= 60 ? s : s.slice(0, 60).replace(/-[^-]*$/, '') || s.slice(0, 60);
}

function flowNameOf(trace: unknown): string | undefined {
  const name = (trace as { flowName?: unknown } | null)?.flowName;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/** TypeScript for a TypeScript flow (or one imported without an extension), else an ES module. */
function extensionFor(importPath: string): string {
  const last = importPath.split('/').pop() ?? '';
  return /\.[cm]?tsx?$/.test(last) || !last.includes('.') ? 'ts' : 'mjs';
}

function importLine(exportName: string, from: string): { line: string; callee: string } {
  if (exportName === 'default') return { line: `import flow from ${from};`, callee: 'flow' };
  if (IDENTIFIER.test(exportName) && !RESERVED.has(exportName) && !TAKEN.has(exportName)) {
    return { line: `import { ${exportName} } from ${from};`, callee: exportName };
  }
  if (IDENTIFIER.test(exportName)) return { line: `import { ${exportName} as flow } from ${from};`, callee: 'flow' };
  return { line: `import * as flowModule from ${from};`, callee: `flowModule[${stringLiteral(exportName)}]` };
}

function isPlain(v: unknown): boolean {
  return typeof v !== 'object' || v === null;
}

function holdsStoredError(v: unknown): boolean {
  if (isStoredError(v)) return true;
  return typeof v === 'object' && v !== null && Object.values(v).some(holdsStoredError);
}

/** The value at `keys` under `root`, as checks; a part holding an error is asserted leaf by leaf. */
function checksAt(rootExpr: string, root: unknown, keys: LeafPath): Check[] {
  const at = leafAt(root, keys);
  if (!at.found) throw new Error(`The replay's result has no value at '${labelOf(keys)}' to assert.`);
  if (isPlain(at.value) || !holdsStoredError(at.value)) return [{ expr: rootExpr + accessorOf(keys), value: at.value }];
  return valueLeaves(at.value).map((leaf) => ({ expr: rootExpr + accessorOf([...keys, ...leaf.keys]), value: leaf.value }));
}

/** name, message and code of an error; for an object holding errors (a Retry's exhaustion), its plain keys and theirs. */
function errorChecks(error: unknown): LeafPath[] {
  const own = (e: Record<string, unknown>, prefix: LeafPath) => ['name', 'message', 'code'].filter((k) => k in e).map((k) => [...prefix, k]);
  if (isStoredError(error)) return own(error, []);
  if (isPlain(error)) return [[]];
  const paths: LeafPath[] = [];
  for (const [k, v] of Object.entries(error as object)) {
    if (isPlain(v)) paths.push([k]);
    else if (isStoredError(v)) paths.push(...own(v, [k]));
  }
  return paths.length > 0 ? paths : valueLeaves(error, { limit: 5 }).map((l) => l.keys);
}

function outcomeChecks(outcome: ReplayOutcome, assertPaths: readonly LeafPath[]): Check[] {
  const [rootExpr, root, paths] =
    outcome.type === 'Success' ? ['result.value', outcome.value, assertPaths] : ['result.error', outcome.error, [...errorChecks(outcome.error), ...assertPaths]];
  // A path the person picked that the defaults already cover is asserted once.
  const byExpr = new Map<string, Check>();
  for (const c of paths.flatMap((keys) => checksAt(rootExpr, root, keys))) if (!byExpr.has(c.expr)) byExpr.set(c.expr, c);
  return [...byExpr.values()];
}

function valueText(v: unknown, pad: string): string {
  // A short list of names reads best on one line.
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    const inline = `[${v.map((x) => stringLiteral(x)).join(', ')}]`;
    if (inline.length <= 100) return inline;
  }
  return jsLiteral(v, pad);
}

function assertionLine(flavour: Flavour, expr: string, value: unknown): string {
  const v = valueText(value, '  ');
  if (flavour === 'vitest') return `  expect(${expr}).${isPlain(value) ? 'toBe' : 'toEqual'}(${v});`;
  return `  assert.${isPlain(value) ? 'equal' : 'deepEqual'}(${expr}, ${v});`;
}

/** JSON drops a key whose value is undefined; in a path-less entry `error: undefined` means it threw. */
function jsonLosesMeaning(trace: unknown): boolean {
  const entries = (trace as { trace?: unknown } | null)?.trace;
  return Array.isArray(entries) && entries.some((e) => typeof e === 'object' && e !== null && 'error' in e && (e as { error?: unknown }).error === undefined);
}

function checkInput(input: RegressionInput): void {
  if (input.flowImportPath.trim() === '') throw new Error('Say where the test imports the flow from: the import path is empty.');
  if (input.exportName === '') throw new Error('Say which export builds the flow: the export name is empty.');
  const entries = (input.trace as { trace?: unknown } | null)?.trace;
  if (!Array.isArray(entries)) throw new Error('The trace has no `trace` array of entries; a regression test replays a whole trace.');
}

function traceFileNameOf(input: RegressionInput, base: string): string {
  const name = input.traceFileName ?? `${base}.trace.json`;
  if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name)) {
    throw new Error(`The trace file is written beside the test, so its name is a plain file name, not '${name}'.`);
  }
  return name;
}

export function buildRegressionTest(input: RegressionInput): RegressionTest {
  checkInput(input);
  const base = slug(input.name) ?? slug(input.title) ?? slug(flowNameOf(input.trace)) ?? 'incident';
  const fileName = `${base}.test.${extensionFor(input.flowImportPath)}`;
  const testName = testNameOf(input.title ?? flowNameOf(input.trace), verdictWords(input.outcome, input.unreached));
  const { line: flowImport, callee } = importLine(input.exportName, stringLiteral(input.flowImportPath));
  const hasContext = input.context !== undefined && input.context !== null;
  const beside = input.traceMode === 'beside';
  const traceName = beside ? traceFileNameOf(input, base) : undefined;
  if (beside && jsonLosesMeaning(input.trace)) {
    throw new Error("The trace has an entry whose error is undefined, which a JSON file cannot hold (the entry would no longer say that it threw): embed the trace instead.");
  }

  const lines: string[] = [
    '// A regression test for a recorded incident, exported from Timescope. It replays the recorded',
    "// trace against the flow with pure-effect's replayEffect, which answers every Command from the",
    '// trace, so nothing runs for real, and asserts what the replay showed.'
  ];
  // Strings are double-quoted throughout, as JSON (and Prettier's default) writes them.
  lines.push(input.flavour === 'vitest' ? 'import { expect, it } from "vitest";' : 'import { it } from "node:test";\nimport assert from "node:assert/strict";');
  if (beside) lines.push('import { readFileSync } from "node:fs";');
  lines.push('import { replayEffect } from "pure-effect";', flowImport, '');
  if (beside) {
    const url = stringLiteral(`./${encodeURIComponent(traceName!)}`);
    lines.push('// The recorded trace, kept beside this file.', `const trace = JSON.parse(readFileSync(new URL(${url}, import.meta.url), "utf8"));`);
  } else {
    lines.push('// The recorded trace.', `const trace = ${jsLiteral(input.trace)};`);
  }
  if (hasContext) lines.push('', '// The context the replay ran with instead of the recorded one (the flow reads it with Ask).', `const context = ${jsLiteral(input.context)};`);

  const call = `await replayEffect(${callee}(trace.initialInput), trace${hasContext ? ', { context }' : ''})`;
  lines.push('', `it(${stringLiteral(testName)}, async () => {`, `  const { result, unreached } = ${call};`);
  lines.push(assertionLine(input.flavour, 'result.type', input.outcome.type));
  for (const c of outcomeChecks(input.outcome, input.assertPaths)) lines.push(assertionLine(input.flavour, c.expr, c.value));
  lines.push(assertionLine(input.flavour, 'unreached.map((e) => e.command)', [...input.unreached]), '});', '');

  const text = lines.join('\n');
  if (!beside) return { fileName, text, testName };
  return { fileName, text, testName, traceFile: { name: traceName!, text: `${JSON.stringify(input.trace, null, 2)}\n` } };
}

export interface FromReport {
  readonly report: ReplayReport;
  /** the raw trace the report came from (its unreached indices point into it) */
  readonly trace: unknown;
  readonly flavour: Flavour;
  readonly traceMode: TraceMode;
  readonly flowImportPath: string;
  readonly exportName: string;
  readonly title?: string;
  /** default: prefillAssertPaths(report, trace) */
  readonly assertPaths?: readonly LeafPath[];
  /** the replay context, if the person set one (the same value given to the replay) */
  readonly context?: unknown;
  readonly name?: string;
  readonly traceFileName?: string;
}

/** The input for buildRegressionTest from what the app holds after a replay. Throws if the replay rejected. */
export function regressionInputFromReport(o: FromReport): RegressionInput {
  const { report } = o;
  if (report.status !== 'resolved' || !report.result) {
    throw new Error('The replay stopped without a result (the flow threw or the trace was refused), so there is nothing for a test to assert; fix that first.');
  }
  const entries = ((o.trace as { trace?: unknown } | null)?.trace ?? []) as readonly { command?: unknown }[];
  return {
    flavour: o.flavour,
    trace: o.trace,
    traceMode: o.traceMode,
    flowImportPath: o.flowImportPath,
    exportName: o.exportName,
    title: o.title,
    outcome: report.result,
    unreached: report.unreached.map((i) => String(entries[i]?.command)),
    assertPaths: o.assertPaths ?? prefillAssertPaths(report, o.trace),
    ...(o.context !== undefined ? { context: o.context } : {}),
    ...(o.name !== undefined ? { name: o.name } : {}),
    ...(o.traceFileName !== undefined ? { traceFileName: o.traceFileName } : {})
  };
}

/** The value the replay had in hand before the flow's last pure code ran: what a fix there changes. */
function valueBefore(report: ReplayReport, trace: unknown, baseline?: ReplayReport): unknown {
  if (baseline?.status === 'resolved' && baseline.result) {
    // The baseline (the code before the fix): its result, or what its failing step was given.
    if (baseline.result.type === 'Success') return baseline.result.value;
    const failing = baseline.steps.findLast((s) => s.hasBefore);
    if (failing) return failing.before;
  }
  const last = report.steps.findLast((s) => s.hasAfter);
  return last ? last.after : (trace as { initialInput?: unknown } | null)?.initialInput;
}

/**
 * The values to prefill the choice with, at most `limit`: for a Success, the leaves of the result
 * that differ from the value before the flow's last pure code ran. That is the baseline's failing
 * step's input when a baseline replay (the unfixed code) is given; else the value the last replayed
 * Command's next passed on (or the initial input when no Command answered). When nothing differs,
 * the result's first leaves. A Failure asserts its error's name, message and code anyway: [].
 */
export function prefillAssertPaths(report: ReplayReport, trace: unknown, baseline?: ReplayReport, limit = 5): LeafPath[] {
  if (report.result?.type !== 'Success') return [];
  const value = report.result.value;
  const changed = changedLeaves(valueBefore(report, trace, baseline), value, limit);
  return (changed.length > 0 ? changed : valueLeaves(value, { limit })).map((l) => l.keys);
}
