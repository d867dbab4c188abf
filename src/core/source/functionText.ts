// What `String(fn)` and `fn.toString()` give for a function of the flow: the text the person wrote,
// as Node gives it, and never the compiled text the sandbox runs. That text carries sucrase's
// rewrites and our own insertions (freeNames.ts's `__pe$r("a")`, instrument.ts's builder marks,
// siteMarks.ts, evade.ts, logpoints), so a flow that prints, hashes or compares a function's source
// would otherwise behave differently in a replay than in production.
//
// V8 gives a function's text as a slice of the code it compiled, with no position. So the compiled
// text is looked up in the modules this realm has evaluated (the loader registers each), and its
// first character is mapped back to the person's line and column as align.ts maps any column (lines
// never move). Where it ends is read from the person's own text, parsed (once per module, and only
// when a flow asks): the innermost function or class there that holds that first character. Token
// alignment alone cannot say it: `(sub) => Command(x);` compiled to `(sub) => { …; try { return
// (Command(x)); } finally { … } }` would end at the statement's `;`. Text found in no module (a
// built-in, a bound function, our own code) is left as V8 gives it.
import { parse } from '@babel/parser';
import { alignLine, alignLineEnd } from './align';
import { pluginsFor } from './syntaxError';
import type { Transpiled } from './transpile';

// The modules evaluated in this realm, newest first. A batch worker evaluates the same few
// transpiled files for every trace (transpile.ts caches them), so this stays as small as that cache.
const modules: Transpiled[] = [];
const MODULES_KEPT = 64;
// A flow that calls toString in a loop asks for the same few texts.
const answers = new Map<string, string>();
const ANSWERS_KEPT = 256;

/** The loader calls this for each module it evaluates. */
export function registerCompiledModule(t: Transpiled): void {
  const at = modules.indexOf(t);
  if (at === 0) return;
  if (at > 0) modules.splice(at, 1);
  modules.unshift(t);
  if (modules.length > MODULES_KEPT) modules.pop();
  answers.clear();
}

/** The person's text for a function whose compiled text this is, or the text itself when it is none of theirs. */
export function writtenFunctionText(compiledText: string): string {
  const known = answers.get(compiledText);
  if (known !== undefined) return known;
  let answer = compiledText;
  for (const t of modules) {
    const start = t.code.indexOf(compiledText);
    if (start < 0) continue;
    answer = sourceSlice(t, start, start + compiledText.length) ?? compiledText;
    break;
  }
  if (answers.size >= ANSWERS_KEPT) answers.clear();
  answers.set(compiledText, answer);
  return answer;
}

interface Place {
  readonly line: number; // 0-based
  readonly column: number; // 0-based
}

function placeOf(text: string, offset: number): Place {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart };
}

function offsetOf(lines: readonly string[], line: number, column: number): number {
  let offset = 0;
  for (let i = 0; i < line; i++) offset += lines[i]!.length + 1;
  return offset + column;
}

/** The person's text from compiled offsets [start, end), or undefined when the places do not map. */
function sourceSlice(t: Transpiled, start: number, end: number): string | undefined {
  if (t.code === t.source) return t.code.slice(start, end);
  const codeLines = t.code.split('\n');
  const sourceLines = t.source.split('\n');
  const from = placeOf(t.code, start);
  if (sourceLines[from.line] === undefined) return undefined;
  const a = offsetOf(sourceLines, from.line, alignLine(codeLines[from.line]!, sourceLines[from.line]!)(from.column + 1) - 1);
  const b = endOfFunctionAt(t, a) ?? alignedEnd(t, codeLines, sourceLines, end);
  return b !== undefined && b > a ? t.source.slice(a, b) : undefined;
}

/** Where the innermost function or class holding source offset `at` ends in the person's text. */
function endOfFunctionAt(t: Transpiled, at: number): number | undefined {
  const spans = spansOf(t);
  let best: Span | undefined;
  for (const span of spans) if (span.start <= at && at < span.end && (!best || span.start >= best.start)) best = span;
  return best?.end;
}

/** Token alignment's guess at the end, when the person's text does not parse. */
function alignedEnd(t: Transpiled, codeLines: readonly string[], sourceLines: readonly string[], end: number): number | undefined {
  const to = placeOf(t.code, end);
  if (sourceLines[to.line] === undefined) return undefined;
  return offsetOf(sourceLines, to.line, alignLineEnd(codeLines[to.line]!, sourceLines[to.line]!)(to.column + 1) - 1);
}

interface Span {
  readonly start: number;
  readonly end: number;
}

const FUNCTION_LIKE = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod', 'ClassDeclaration', 'ClassExpression']);
const NOT_CHILDREN = new Set(['loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);
const spans = new WeakMap<Transpiled, readonly Span[]>();

function spansOf(t: Transpiled): readonly Span[] {
  let found = spans.get(t);
  if (found) return found;
  found = [];
  const ast = parsed(t);
  if (ast) collect(ast, found as Span[]);
  spans.set(t, found);
  return found;
}

function parsed(t: Transpiled): unknown {
  for (const sourceType of ['module', 'script'] as const) {
    try {
      return parse(t.source, { sourceType, plugins: pluginsFor(t.file), allowReturnOutsideFunction: true, allowUndeclaredExports: true, errorRecovery: true, attachComment: false });
    } catch {
      // a script's syntax a module refuses (an HTML comment): try it as a script
    }
  }
  return undefined;
}

function collect(node: unknown, out: Span[]): void {
  if (Array.isArray(node)) {
    for (const n of node) collect(n, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as { type?: unknown; start?: unknown; end?: unknown } & Record<string, unknown>;
  if (typeof n.type === 'string' && FUNCTION_LIKE.has(n.type) && typeof n.start === 'number' && typeof n.end === 'number') out.push({ start: n.start, end: n.end });
  for (const key of Object.keys(n)) if (!NOT_CHILDREN.has(key)) collect(n[key], out);
}

/**
 * Makes Function.prototype.toString answer with the person's text. The sandbox calls it once per
 * realm, before lockdown() freezes the intrinsic (ses then wraps this one to keep its own
 * `[native code]` answers). A method, so it has no prototype and no constructor, as the native one.
 */
export function installWrittenFunctionText(): void {
  const native = Function.prototype.toString;
  const { toString } = {
    toString(this: unknown): string {
      return writtenFunctionText(Reflect.apply(native, this, []) as string);
    }
  };
  Object.defineProperty(Function.prototype, 'toString', { value: toString, writable: true, enumerable: false, configurable: true });
}
