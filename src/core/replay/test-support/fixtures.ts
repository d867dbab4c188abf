// Test-only access to the shared fixtures (tsconfig.test.json gives this
// folder Node's types; the app build never sees it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as runtime from '../../effect';
import { loadFlowModule } from '../../source/loader';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
/** The read-only shared folder; TIMESCOPE_SHARED overrides it. */
const SHARED = process.env.TIMESCOPE_SHARED ? resolve(process.env.TIMESCOPE_SHARED) : resolve(REPO_ROOT, '../shared');
export const FIXTURES = join(SHARED, 'fixtures');

export interface Variant {
  readonly name: string;
  readonly file: string;
  readonly context?: unknown;
  readonly version?: string;
}
export interface CaseJson {
  readonly flowExport: string;
  readonly trace?: string;
  readonly variants: readonly Variant[];
}

/** One replay the library was recorded doing: the original flow, or a variant. */
export interface Run {
  readonly caseName: string;
  readonly variant?: string;
  readonly flowFile: string;
  readonly flowExport: string;
  readonly traceFile: string;
  readonly options: { context?: unknown; version?: string };
  /** expected/narration[-variant].txt */
  readonly narration: string;
  /** expected/replay[-variant].json */
  readonly replay: { readonly result: unknown; readonly unreached: unknown[] } | undefined;
  /** expected/replay[-variant].rejected.json, when the library refused instead */
  readonly rejected: Record<string, unknown> | undefined;
}

const readJson = (p: string): unknown => JSON.parse(readFileSync(p, 'utf8'));
const optional = (p: string): unknown => (existsSync(p) ? readJson(p) : undefined);

export function caseNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((d) => existsSync(join(FIXTURES, d, 'case.json')))
    .sort();
}

export function runsOf(caseName: string): Run[] {
  const dir = join(FIXTURES, caseName);
  const c = readJson(join(dir, 'case.json')) as CaseJson;
  const traceFile = c.trace ? join(dir, c.trace) : join(dir, 'expected/trace.json');
  const original = ['flow.ts', 'flow.js'].find((f) => existsSync(join(dir, f))) ?? 'flow.ts';
  const make = (variant: Variant | undefined): Run => {
    const suffix = variant ? `-${variant.name}` : '';
    const options: Run['options'] = {};
    if (variant?.context !== undefined) options.context = variant.context;
    if (variant?.version !== undefined) options.version = variant.version;
    return {
      caseName,
      variant: variant?.name,
      flowFile: join(dir, variant ? variant.file : original),
      flowExport: c.flowExport,
      traceFile,
      options,
      narration: readFileSync(join(dir, `expected/narration${suffix}.txt`), 'utf8'),
      replay: optional(join(dir, `expected/replay${suffix}.json`)) as Run['replay'],
      rejected: optional(join(dir, `expected/replay${suffix}.rejected.json`)) as Run['rejected']
    };
  };
  return [make(undefined), ...c.variants.map(make)];
}

/** A fresh copy of the trace for every replay, since flows receive its own objects. */
export function loadTrace(run: Run): Record<string, unknown> {
  return readJson(run.traceFile) as Record<string, unknown>;
}

export async function loadFlow(run: Run): Promise<(input: unknown) => unknown> {
  const mod = (await import(/* @vite-ignore */ pathToFileURL(run.flowFile).href)) as Record<string, unknown>;
  const fn = mod[run.flowExport];
  if (typeof fn !== 'function') throw new Error(`${run.flowFile} has no export ${run.flowExport}`);
  return fn as (input: unknown) => unknown;
}

/**
 * The flow as the app and the CLI load it: its folder's code files through core/source's loader,
 * so what the loader adds (the builders instrument.ts marks) is part of what is tested.
 */
export function loadFlowAsApp(run: Run): (input: unknown) => unknown {
  const dir = dirname(run.flowFile);
  const files = readdirSync(dir)
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
  const { exports } = loadFlowModule(files, basename(run.flowFile), runtime);
  const fn = (exports as Record<string, unknown>)[run.flowExport];
  if (typeof fn !== 'function') throw new Error(`${run.flowFile} has no export ${run.flowExport}`);
  return fn as (input: unknown) => unknown;
}

/** Errors as the expected files show them: name, message, then own enumerable fields, recursively. */
export function plain(v: unknown): unknown {
  if (v instanceof Error) {
    const out: Record<string, unknown> = { name: v.name, message: v.message };
    for (const k of Object.keys(v)) out[k] = plain((v as unknown as Record<string, unknown>)[k]);
    return out;
  }
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}
