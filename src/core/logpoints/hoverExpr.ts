// The expression under the mouse in a line of code: the identifier, with the member chain that
// leads to it (`order.cart` when the mouse is on `cart` in `order.cart.subtotal`). A hover shows
// that expression's value where the line runs. Not a parser: a read of one line that says no to
// what it cannot be sure of (a string, a comment, a keyword, a chain through a call's result).

const IDENT = /[A-Za-z0-9_$]/;

const KEYWORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof let new null return super switch throw true try typeof var void while with yield async await of as interface type ' +
    'implements private protected public readonly static declare namespace module keyof infer unknown never any number string boolean'
  ).split(' ')
);

export interface ExpressionAt {
  readonly expr: string;
  /** 1-based columns of the expression in the line, end exclusive */
  readonly start: number;
  readonly end: number;
}

/** Where strings and comments are on a line: true for each character inside one. */
function quoted(line: string): boolean[] {
  const inside = new Array<boolean>(line.length).fill(false);
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      inside[i] = true;
      if (c === '\\') {
        inside[i + 1] = true;
        i++;
      } else if (c === quote) quote = undefined;
    } else if (c === '/' && line[i + 1] === '/') {
      for (let j = i; j < line.length; j++) inside[j] = true;
      break;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
      inside[i] = true;
    }
  }
  return inside;
}

/** The expression at 1-based `column` of `line`, or undefined when there is none to evaluate there. */
export function expressionAt(line: string, column: number): ExpressionAt | undefined {
  let i = column - 1;
  if (!IDENT.test(line[i] ?? '') && IDENT.test(line[i - 1] ?? '')) i -= 1;
  if (!IDENT.test(line[i] ?? '')) return undefined;
  if (quoted(line)[i]) return undefined;
  let start = i;
  let end = i + 1;
  while (start > 0 && IDENT.test(line[start - 1]!)) start--;
  while (end < line.length && IDENT.test(line[end]!)) end++;
  if (/[0-9]/.test(line[start]!)) return undefined;
  const word = line.slice(start, end);
  if (KEYWORDS.has(word) && word !== 'this') return undefined;
  // An object literal's key or a type annotation's name is no value on its own.
  const after = line.slice(end).trimStart();
  const before = line.slice(0, start).trimEnd();
  if (after.startsWith(':') && !after.startsWith('::') && /[{,(]$/.test(before) && !before.endsWith('?')) return undefined;
  // Back along the chain: `.name` or `?.name`, each preceded by a name.
  for (;;) {
    if (line.slice(start - 3, start) === '...') break; // a spread reads the name after it
    const dot = line[start - 1] === '.' ? (line[start - 2] === '?' ? 2 : 1) : 0;
    if (!dot) break;
    let s = start - dot;
    if (!IDENT.test(line[s - 1] ?? '')) return undefined; // `f().x`, `a[0].x`: not a plain read of names
    while (s > 0 && IDENT.test(line[s - 1]!)) s--;
    if (/[0-9]/.test(line[s]!)) return undefined;
    start = s;
  }
  return { expr: line.slice(start, end), start: start + 1, end: end + 1 };
}
