// Where a file that sucrase rejected really goes wrong, found by parsing it again with @babel/parser.
//
// Why: sucrase backtracks out of arrow functions. Once it has seen `(…) =>`, it parses an arrow,
// and if anything in it fails, its body included, it starts over parsing `(…)` as a parenthesized
// expression (meant for look-alikes whose "parameters" are not parameters, sucrase issue #666),
// which then fails at the `=>`. So an error inside an arrow is reported at the arrow: a typo on
// line 31 of the demo flow, in `const applyPromo = (order: CheckoutInput & …) => {`, comes out as
// 26:60. Flows are arrows all the way down, so that is where most syntax errors are (sucrase
// 3.35.1; typed or not, .ts or .js). Babel's parser reports the token itself, as TypeScript (and
// Monaco's squiggle) does.
//
// Babel only parses: it builds a tree we throw away and runs nothing, so hostile text can at worst
// make it throw, which we catch whatever it is (a stack overflow on deep nesting included).
//
// Which place we report: babel's, unless sucrase's lies further into the text. A parser that
// backtracks reports a place before the real error, never after it, and babel backtracks too, out
// of generic arrows: in `async <T>(a: T) => {…}` (where sucrase is right) and in `<T,>(a: T) => {…}`
// in a .tsx file (where sucrase's `=>` is at least nearer).
// (Where babel is stricter than sucrase, sucrase's later place is an error too, and it is the one
// that stopped the transpile.) Babel is told to accept what sucrase passes through: decorators,
// `accessor` fields, `import … assert {}`, a top-level `return` (fine in the CommonJS we evaluate).
import { parse, type ParserPlugin } from '@babel/parser';

/** A 1-based line and column in the person's source, and what is wrong there. */
export interface SyntaxErrorAt {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The syntax babel accepts for a file, to match what transpile.ts's sucrase transforms accept for it. */
export function pluginsFor(file: string): ParserPlugin[] {
  const lower = file.toLowerCase();
  // Syntax sucrase parses whatever the file: standard decorators, `accessor` fields, `import … assert {}`.
  const always: ParserPlugin[] = ['decorators', 'decoratorAutoAccessors', 'deprecatedImportAssert'];
  if (lower.endsWith('.tsx')) return ['typescript', 'jsx', ...always];
  if (/\.[mc]?ts$/.test(lower)) return ['typescript', ...always];
  return ['jsx', ...always];
}

/**
 * Babel's message without the " (line:col)" it appends and without a final period, as sucrase
 * writes them; a proposal babel knows but was not told to accept is named without babel's advice
 * to enable its plugin, which the person cannot do.
 */
export function cleanMessage(message: string, missingPlugin?: unknown): string {
  const clean = message.replace(/ \(\d+:\d+\)$/, '').replace(/\.$/, '');
  if (!Array.isArray(missingPlugin) || !/^This experimental syntax requires enabling /.test(clean)) return clean;
  return `This experimental syntax is not supported (${missingPlugin.map((p) => JSON.stringify(String(p))).join(', ')})`;
}

/** Where babel rejects the text, or undefined when it parses it or cannot say where. */
function babelError(file: string, text: string): SyntaxErrorAt | undefined {
  let thrown: unknown;
  try {
    parse(text, {
      sourceType: 'module',
      plugins: pluginsFor(file),
      // sucrase accepts both: a top-level `return` is fine in the CommonJS function body we evaluate,
      // and an `export { x }` of an undeclared x fails when it runs.
      allowReturnOutsideFunction: true,
      allowUndeclaredExports: true,
      attachComment: false
    });
    return undefined;
  } catch (e) {
    thrown = e;
  }
  try {
    const err = thrown as { message?: unknown; loc?: { line?: unknown; column?: unknown }; missingPlugin?: unknown };
    if (err === null || typeof err !== 'object') return undefined;
    const { message, loc } = err;
    if (typeof message !== 'string' || typeof loc?.line !== 'number' || typeof loc.column !== 'number') return undefined;
    // babel's column is 0-based
    return { line: loc.line, column: loc.column + 1, message: cleanMessage(message, err.missingPlugin) };
  } catch {
    return undefined;
  }
}

/**
 * The syntax error to report for a file sucrase rejected at `sucrase` (1-based): babel's place and
 * message when babel rejects the text too, unless sucrase's place is further on (see above).
 */
export function locateSyntaxError(file: string, text: string, sucrase: SyntaxErrorAt): SyntaxErrorAt {
  const babel = babelError(file, text);
  if (!babel) return sucrase;
  const sucraseLater = sucrase.line > babel.line || (sucrase.line === babel.line && sucrase.column > babel.column);
  return sucraseLater ? sucrase : babel;
}
