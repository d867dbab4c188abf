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
import { instrumentBuilders } from './instrument';
import { siteMarks } from './siteMarks';

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
}

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

function transpileUncached(file: string, text: string, compile: string): Transpiled | CompileError {
  try {
    const out = transform(compile, {
      transforms: transformsFor(file),
      filePath: file,
      // Modern engines run optional chaining, class fields etc. as written; fewer rewrites, closer columns.
      disableESTransforms: true,
      // The automatic runtime imports 'react/jsx-runtime', which the loader turns into a stub with a clear
      // message, instead of a bare `React` ReferenceError.
      jsxRuntime: 'automatic',
      production: true
    });
    // The flow's builders marked for provenance (instrument.ts), and its Command and Failure calls
    // with their sites (siteMarks.ts): lines stay where they were.
    let sitesMarked = false;
    const code = instrumentBuilders(out.code, file, (ast) => {
      const marks = siteMarks(ast, file);
      sitesMarked = marks.safe;
      return marks.safe ? marks.inserts : [];
    });
    return { kind: 'ok', file, code, source: text, lineMaps: new Map(), sitesMarked };
  } catch (e) {
    // sucrase places an error inside an arrow function at the arrow: syntaxError.ts finds the real place.
    const { line, column, message } = toCompileError(file, e);
    return { kind: 'compile-error', file, ...locateSyntaxError(file, text, { line, column, message }) };
  }
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
