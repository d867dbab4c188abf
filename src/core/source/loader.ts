// A small CommonJS loader over the files the person loaded (no file system: they are strings).
//
// - 'pure-effect' is the runtime object we are given, so the flow builds the very nodes the replay
//   engine understands.
// - A relative import resolves among the loaded files (with or without extension, or to a folder's
//   index); anything else becomes a stand-in (stub.ts) that only throws when used.
// - Each module is evaluated with indirect eval (global scope, no access to ours), wrapped so that the
//   person's line 1 stays on line 1, and named with a sourceURL so stacks show their file and line.
//   V8 (Node and Chrome) prints such a frame as `at fn (timescope-src:///flow.ts:9:15)`, and the module
//   body's own frame as `at eval (timescope-src:///flow.ts:3:1)`; the name must be URI-encoded,
//   or V8 ignores a sourceURL with a space and prints `eval at …, <anonymous>:9:15` instead.

import type { SourceFile } from './locate';
import type { CodeLocation } from '../replay/report';
import { isCodeFile, sourceColumn, transpile, WRAPPER_NAMES, type CompileError } from './transpile';
import { createModuleStub } from './stub';
import { SandboxError } from './refusals';
import { enterBuilder, leaveBuilder, logOn, logValue, markBuilder, siteAt } from '../effect/tracer';
import { globalHooks } from './globalHooks';
import { prepareOwn } from './protectedNames';
import { moduleOnlyFeatureAt } from './moduleSyntax';
import { registerCompiledModule } from './functionText';

/** A loaded file; `compile` is its text with logpoints placed, when it has any (runFlow.ts). */
export interface LoadedFile extends SourceFile {
  readonly compile?: string;
}

export const SOURCE_URL_PREFIX = 'timescope-src:///';
// Everything before the person's code on line 1; stack columns on line 1 are shifted by its length.
// The parameters are transpile.ts's WRAPPER_NAMES, in that order.
const WRAPPER_PREFIX = `(function (${WRAPPER_NAMES.join(', ')}) {`;
// What instrument.ts's and siteMarks.ts's marks and logpoints call; frozen, since every Compartment of a worker shares them.
const BUILDER_HOOKS = Object.freeze([Object.freeze(markBuilder), Object.freeze(enterBuilder), Object.freeze(leaveBuilder), Object.freeze(logOn), Object.freeze(logValue), Object.freeze(siteAt), Object.freeze(prepareOwn)] as const);

/** Thrown by require() of a loaded file that does not compile. */
export class CompileFailure extends Error {
  readonly error: CompileError;
  constructor(error: CompileError) {
    super(`${error.file}:${error.line}:${error.column}: ${error.message}`);
    this.name = 'CompileFailure';
    this.error = error;
  }
}

export interface Loader {
  /** Evaluates (once) and returns the exports of a loaded file, by its exact name. */
  load(name: string): unknown;
}

interface Module {
  exports: unknown;
}

/**
 * Turns a module's wrapped source into its function. By default indirect eval
 * (global scope); the sandbox passes a Compartment's evaluate instead, so the
 * code sees only the globals the sandbox gives it.
 */
export type Evaluate = (source: string) => unknown;

const globalEval: Evaluate = (source) => (0, eval)(source);

/** An import of a URL ('https://…', 'data:…'): code from elsewhere, which flow code may not load. */
function remoteImportRefused(specifier: string): SandboxError {
  return new SandboxError(`import of '${specifier}' is not available to flow code in Timescope: a replay never loads code from the network or from data URLs.`);
}

export function createLoader(files: readonly LoadedFile[], runtime: unknown, evaluateSource: Evaluate = globalEval): Loader {
  const byName = new Map(files.map((f) => [f.name, f] as const));
  // freeNames.ts's hooks, over the global object the modules' code sees (a Compartment's, in the sandbox).
  let hooks: readonly unknown[] | undefined;
  const hooksFor = () => (hooks ??= globalHooks(evaluateSource('globalThis') as object));
  const modules = new Map<string, Module>();
  const stubs = new Map<string, unknown>();

  function load(name: string): unknown {
    const cached = modules.get(name);
    if (cached) return cached.exports; // also ends import cycles, with the exports so far, as Node does
    const file = byName.get(name);
    if (!file) throw new Error(`No loaded file named '${name}'.`);
    const module: Module = { exports: {} };
    modules.set(name, module);
    try {
      if (name.toLowerCase().endsWith('.json')) {
        module.exports = JSON.parse(file.text);
      } else {
        evaluate(file, module, (specifier: string) => requireFrom(name, specifier), evaluateSource, hooksFor());
      }
    } catch (e) {
      modules.delete(name); // a later attempt reports the same error instead of half-made exports
      throw e;
    }
    return module.exports;
  }

  function requireFrom(importer: string, specifier: string): unknown {
    if (specifier === 'pure-effect') return runtime;
    // A scheme other than node: is a URL; import() of one would fetch code (sucrase turns import() into require()).
    if (/^[a-z][a-z\d+.-]*:/i.test(specifier) && !/^node:/i.test(specifier)) throw remoteImportRefused(specifier);
    const target = isRelative(specifier) ? resolveRelative(importer, specifier, byName) : undefined;
    if (target) return load(target);
    let stub = stubs.get(specifier);
    if (stub === undefined) {
      stub = createModuleStub(specifier);
      stubs.set(specifier, stub);
    }
    return stub;
  }

  return { load };
}

function evaluate(file: LoadedFile, module: Module, require: (specifier: string) => unknown, evaluateSource: Evaluate, globals: readonly unknown[]): void {
  const compiled = transpile(file.name, file.text, file.compile);
  if (compiled.kind === 'compile-error') throw new CompileFailure(compiled);
  const source = `${WRAPPER_PREFIX}${compiled.code}\n})\n//# sourceURL=${SOURCE_URL_PREFIX}${encodeURI(file.name)}`;
  registerCompiledModule(compiled);
  let fn: (...args: unknown[]) => void;
  try {
    fn = evaluateSource(source) as typeof fn;
  } catch (e) {
    // sucrase parsed it but the engine refused it (top-level await, import.meta…), or the sandbox
    // did (refused); the engine gives no position for eval code, so then we can only name the file.
    const message = e instanceof Error ? e.message : String(e);
    throw new CompileFailure(refused(file.name, message) ?? moduleOnly(file, message) ?? { kind: 'compile-error', file: file.name, line: 1, column: 1, message });
  }
  // `this` at the top: undefined in an ES module, the exports in a CommonJS one (as in Node).
  fn.call(compiled.topLevelThis === 'undefined' ? undefined : module.exports, module.exports, require, module, ...BUILDER_HOOKS, ...globals);
}

/**
 * What the sandbox (ses) still refuses before running any of it, by pattern, after evade.ts mended
 * every match it could without changing the code's meaning: a direct `eval(…)` (by design), and
 * `<!--`, `-->` or `import(` in a tagged template, whose raw text the tag reads. Said with its line.
 */
function refused(file: string, message: string): CompileError | undefined {
  const m = /Possible (direct eval|import|HTML comment) (?:expression )?rejected at [^:]*:\/\/\/[^:]*:(\d+)/.exec(message);
  if (!m) return undefined;
  const why: Record<string, string> = {
    'direct eval': 'eval() is not available to flow code in Timescope: flow code cannot compile or start more code at run time. The sandbox refuses a direct `eval(…)` call.',
    import: "The sandbox cannot run `import(` or `import /*` in a tagged template's text, which the tag can read as written: build that text another way (a placeholder such as ${'import('}).",
    'HTML comment': "The sandbox cannot run `<!--` or `-->` in a tagged template's text, which the tag can read as written (ses refuses HTML-like comments anywhere): build that text another way (a placeholder such as ${'<!--'})."
  };
  return { kind: 'compile-error', file, line: Number(m[2]), column: 1, message: why[m[1]!]! };
}

/**
 * What a module may hold that a flow loaded as CommonJS cannot run, named at its own line: V8 says
 * where only for the wrapper, so the person's text is read again (moduleSyntax.ts).
 */
function moduleOnly(file: LoadedFile, message: string): CompileError | undefined {
  const feature = /await is only valid in async functions/.test(message) ? 'top-level-await' : /Cannot use 'import\.meta' outside a module/.test(message) ? 'import-meta' : undefined;
  if (!feature) return undefined;
  const at = moduleOnlyFeatureAt(file.name, file.text, feature) ?? { line: 1, column: 1 };
  const why =
    feature === 'top-level-await'
      ? 'await at the top of a module is not available to flow code in Timescope: a flow\'s modules are loaded one after another, without waiting. Move it into the function that needs it.'
      : "import.meta is not available to flow code in Timescope: a flow's modules have no address of their own, and a replay reads no files.";
  return { kind: 'compile-error', file: file.name, ...at, message: why };
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.mts', '.cjs', '.cts', '.json'];
// TypeScript projects with ESM output import './x.js' for x.ts; try the source extension too.
const SOURCE_FOR_OUTPUT: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** The loaded file a relative import names, if any. */
export function resolveRelative(importer: string, specifier: string, files: ReadonlyMap<string, unknown>): string | undefined {
  const base = normalize(`${dirname(importer)}/${specifier}`);
  const tries = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  const ext = /\.[a-z]+$/i.exec(base)?.[0] ?? '';
  const alts = Object.hasOwn(SOURCE_FOR_OUTPUT, ext.toLowerCase()) ? SOURCE_FOR_OUTPUT[ext.toLowerCase()]! : [];
  for (const alt of alts) tries.push(base.slice(0, -ext.length) + alt);
  return tries.find((name) => files.has(name) && (isCodeFile(name) || name.toLowerCase().endsWith('.json')));
}

function dirname(name: string): string {
  const i = name.lastIndexOf('/');
  return i < 0 ? '.' : name.slice(0, i) || '/';
}

/** Collapses '.', '..' and repeated slashes; keeps leading '..' and a leading '/'. Names have no './'. */
function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && absolute) continue;
    else out.push(part);
  }
  return (absolute ? '/' : '') + out.join('/');
}

/** Loads the entry file with a fresh module registry and returns its exports. */
export function loadFlowModule(files: readonly SourceFile[], entryName: string, runtime: unknown): { exports: unknown; loader: Loader } {
  const loader = createLoader(files, runtime);
  return { exports: loader.load(entryName), loader };
}

/**
 * The script name a loaded file's frames carry in a stack (its sourceURL): for replayTrace's
 * isSourceScript, which must agree with locateInStack, where the first frame in a loaded file wins.
 */
export function loadedScripts(files: readonly SourceFile[]): (scriptName: string) => boolean {
  const names = new Set(files.map((f) => `${SOURCE_URL_PREFIX}${encodeURI(f.name)}`));
  return (scriptName) => names.has(scriptName);
}

/**
 * The innermost frame of a stack that lies in a loaded file, in the person's own line and column
 * (pass it as `locate` to replayTrace). Reads V8 frames (`at f (url:l:c)`) and Firefox/Safari ones (`f@url:l:c`).
 */
export function locateInStack(stack: string, files: readonly LoadedFile[]): CodeLocation | undefined {
  const frame = /timescope-src:\/\/\/(.+?):(\d+):(\d+)\)?\s*$/;
  for (const line of stack.split('\n')) {
    if (!/^\s*at\s|@/.test(line)) continue; // message lines are not frames
    const m = frame.exec(line);
    if (!m) continue;
    let name: string;
    try {
      name = decodeURI(m[1]!);
    } catch {
      continue;
    }
    const file = files.find((f) => f.name === name);
    if (!file) continue;
    const lineNo = Number(m[2]);
    let column = Number(m[3]);
    if (lineNo === 1) column = Math.max(1, column - WRAPPER_PREFIX.length);
    const compiled = transpile(file.name, file.text, file.compile);
    if (compiled.kind === 'ok') column = sourceColumn(compiled, lineNo, column);
    return { file: file.name, line: lineNo, column };
  }
  return undefined;
}
