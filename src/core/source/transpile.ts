// The person's TS/TSX/JS/JSX/MJS -> JavaScript we can evaluate, with sucrase.
//
// Why sucrase: it only removes types and rewrites `import`/`export` to CommonJS, and it keeps every
// line where it was (its helpers all go on line 1), so a throw on line N of the person's file is
// reported on line N. It does not downlevel parameters, so `cmd.length`, which decides whether a
// Command gets the AbortSignal (spec §9), comes out as V8 computes it for the original source.
// Columns can move (removed type annotations, rewritten imports); align.ts maps them back.

import { transform, type Transform } from 'sucrase';
import { alignLine, type ColumnMap } from './align';
import { locateSyntaxError } from './syntaxError';
import { ENTER, FN_WRAPPER, instrumentBuilders, LEAVE, type AnyNode } from './instrument';
import { siteMarks, SITE_HOOK } from './siteMarks';
import { analyzeScopes, type ScopeFacts } from './scope';
import { freeNameInsertions, ownInsertions, READ_HOOK, TYPEOF_HOOK, WRITE_HOOK } from './freeNames';
import { OWN_HOOK } from './protectedNames';
import { evasions } from './evade';
import { MODULE_NAMES } from './globals';
import { isModuleSource, prepareModuleText, repairForSucrase } from './moduleSyntax';
import { LOG_HOOK, LOG_VALUE } from '../logpoints/place';

/** A file that does not parse, located in the person's source (1-based line and column). */
export interface CompileError {
  readonly kind: 'compile-error';
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface Transpiled {
  readonly kind: 'ok';
  readonly file: string;
  /** CommonJS code, line N of it is line N of the source */
  readonly code: string;
  readonly source: string;
  /** per line, made on first use (a replay of 5,000 steps asks about the same few lines) */
  readonly lineMaps: Map<number, ColumnMap>;
  /** every Command and Failure call in the file marks its site (siteMarks.ts): stacks need not be walked */
  readonly sitesMarked: boolean;
  /**
   * `this` at the module's top level: undefined in an ES module (a file with import or export), the
   * exports object in a CommonJS one, as Node gives them
   */
  readonly topLevelThis: 'undefined' | 'exports';
}

/** Every name the loader binds around a module (loader.ts's wrapper): declared, never free. */
export const WRAPPER_NAMES = [...MODULE_NAMES, FN_WRAPPER, ENTER, LEAVE, LOG_HOOK, LOG_VALUE, SITE_HOOK, OWN_HOOK, READ_HOOK, TYPEOF_HOOK, WRITE_HOOK] as const;

const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;

export function isCodeFile(name: string): boolean {
  return CODE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
}

function transformsFor(name: string): Transform[] {
  const lower = name.toLowerCase();
  if (lower.endsWith('.tsx')) return ['typescript', 'jsx', 'imports'];
  if (/\.[mc]?ts$/.test(lower)) return ['typescript', 'imports'];
  // JSX in .js files is common in React projects, and the jsx parser accepts all plain JS.
  return ['jsx', 'imports'];
}

// Re-transpiling on every replay (and in locateInStack) would be wasteful; sources rarely change.
// Keyed by the strings themselves, one level each, not by one string made of them: a replay asks
// several times with the same text objects, whose hashes V8 keeps, where a joined key would be a
// new string of the whole file to hash at every call.
const cache = new Map<string, Map<string, Map<string, Transpiled | CompileError>>>();
let cached = 0;
const CACHE_SIZE = 64;

/**
 * `compile`, when given, is the text to compile in place of `text` (the source with logpoints
 * placed, core/logpoints/place.ts): same lines, more tokens on some. Columns still map to `text`.
 */
export function transpile(file: string, text: string, compile?: string): Transpiled | CompileError {
  const byText = cache.get(file);
  const byCompile = byText?.get(text);
  const hit = byCompile?.get(compile ?? '');
  if (hit) return hit;
  const result = transpileUncached(file, text, compile ?? text);
  if (cached >= CACHE_SIZE) {
    cache.clear();
    cached = 0;
  }
  let texts = cache.get(file);
  if (!texts) cache.set(file, (texts = new Map()));
  let compiles = texts.get(text);
  if (!compiles) texts.set(text, (compiles = new Map()));
  compiles.set(compile ?? '', result);
  cached += 1;
  return result;
}

function sucraseOf(file: string, compile: string): string {
  return transform(compile, {
    transforms: transformsFor(file),
    filePath: file,
    // Modern engines run optional chaining, class fields etc. as written; fewer rewrites, closer columns.
    disableESTransforms: true,
    // The automatic runtime imports 'react/jsx-runtime', which the loader turns into a stub with a clear
    // message, instead of a bare `React` ReferenceError.
    jsxRuntime: 'automatic',
    production: true
  }).code;
}

function transpileUncached(file: string, text: string, original: string): Transpiled | CompileError {
  // A #! line, and an ES module's own exports/module/require, as Node reads them (moduleSyntax.ts).
  const compile = prepareModuleText(file, original);
  let sucrased: string;
  try {
    sucrased = sucraseOf(file, compile);
  } catch (e) {
    // Valid code sucrase cannot read (a bare `yield` before `)`, `]` or `,`): mended, or said so.
    const { valid, repaired } = repairForSucrase(file, compile);
    try {
      if (repaired === undefined) throw e;
      sucrased = sucraseOf(file, repaired);
    } catch {
      // sucrase places an error inside an arrow function at the arrow: syntaxError.ts finds the real place.
      const { line, column, message } = toCompileError(file, e);
      const located = locateSyntaxError(file, text, { line, column, message });
      const unsupported = valid ? ` (this is valid JavaScript that Timescope's transpiler, sucrase, cannot compile: rewrite the expression here, for example with a variable)` : '';
      return { kind: 'compile-error', file, ...located, message: `${located.message}${unsupported}` };
    }
  }
  // The flow's builders marked for provenance (instrument.ts), its Command and Failure calls with
  // their sites (siteMarks.ts), its free names made to behave as JavaScript's (freeNames.ts) and
  // text ses would refuse mended (evade.ts), in one pass over one parse: lines stay where they were.
  let sitesMarked = false;
  let facts: ScopeFacts | undefined;
  let htmlOpen: number | undefined;
  const code = instrumentBuilders(sucrased, file, (ast) => {
    const marks = siteMarks(ast, file);
    sitesMarked = marks.safe;
    facts = analyzeScopes(ast.program as AnyNode, WRAPPER_NAMES);
    const mended = evasions(sucrased, ast, (at) => (htmlOpen ??= at));
    return [...(marks.safe ? marks.inserts : []), ...freeNameInsertions(facts.free), ...ownInsertions(facts.owned), ...mended];
  });
  // Where a module and a script differ, and only then, ask which this file is (a second parse).
  const moduleOnly = facts === undefined ? undefined : moduleOnlyError(facts, htmlOpen);
  const esModule = (facts?.topLevelThis || moduleOnly !== undefined) && isModuleSource(file, compile);
  if (esModule && moduleOnly) {
    const line = sucrased.slice(0, moduleOnly.start).split('\n').length;
    const lineStart = sucrased.lastIndexOf('\n', moduleOnly.start - 1) + 1;
    const column = alignLine(sucrased.split('\n')[line - 1] ?? '', text.split('\n')[line - 1] ?? '')(moduleOnly.start - lineStart + 1);
    return { kind: 'compile-error', file, line, column, message: moduleOnly.message };
  }
  return { kind: 'ok', file, code, source: text, lineMaps: new Map(), sitesMarked, topLevelThis: esModule ? 'undefined' : 'exports' };
}

/** What a script allows and a module does not, as V8 says it, with where: the first of them. */
function moduleOnlyError(facts: ScopeFacts, htmlOpen: number | undefined): { start: number; message: string } | undefined {
  const found = [
    facts.redeclared && { start: facts.redeclared.start, message: `Identifier '${facts.redeclared.name}' has already been declared` },
    facts.topLevelReturn !== undefined && { start: facts.topLevelReturn, message: 'Illegal return statement' },
    htmlOpen !== undefined && { start: htmlOpen, message: 'HTML comments are not allowed in modules' }
  ].filter((f): f is { start: number; message: string } => !!f);
  return found.sort((a, b) => a.start - b.start)[0];
}

function toCompileError(file: string, e: unknown): CompileError {
  const err = e as { message?: unknown; loc?: { line?: unknown; column?: unknown } };
  const raw = typeof err?.message === 'string' ? err.message : String(e);
  // sucrase says "Error transforming <file>: <what> (<line>:<col>)"; we report file and place separately.
  const message = raw.replace(/^Error transforming [^:]*: /, '').replace(/ \(\d+:\d+\)$/, '');
  const line = typeof err?.loc?.line === 'number' ? err.loc.line : 1;
  // sucrase's loc column is already 1-based (checked: a ')' at the start of line 2 reports 2:1).
  const column = typeof err?.loc?.column === 'number' ? Math.max(1, err.loc.column) : 1;
  return { kind: 'compile-error', file, line, column, message };
}

/** Maps a 1-based column on a 1-based line of the generated code to the source's 1-based column. */
export function sourceColumn(t: Transpiled, line: number, column: number): number {
  let map = t.lineMaps.get(line);
  if (!map) {
    map = alignLine(t.code.split('\n')[line - 1] ?? '', t.source.split('\n')[line - 1] ?? '');
    t.lineMaps.set(line, map);
  }
  return map(column);
}
