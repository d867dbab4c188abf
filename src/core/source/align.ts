// Columns of transpiled code back to the person's columns, one line at a time.
//
// sucrase keeps lines but not columns: it deletes types (`(cart as any)` -> `(cart )`) and rewrites
// imports (`Command(` -> `_pureeffect.Command.call(void 0, `). Its own source map cannot be trusted
// for this: after a template literal with `${…}` every later token of the file maps to column 0
// (sucrase 3.35.1). So we align the two versions of the line token by token (longest common
// subsequence): a column inside a token both share maps exactly; a column in text sucrase added
// maps to the shared token before it (`.call` belongs to `Command`).

interface Token {
  readonly text: string;
  readonly start: number;
  /** where the token's text in its line ends (a rewritten name's whole hook: `__pe$r("a")`) */
  readonly end: number;
}

// A free name the transpile step rewrote (freeNames.ts: `__pe$r("totl")`, `__pe$t("totl")`,
// `__pe$w.totl`), or an ES module's own name renamed (moduleSyntax.ts: `__pe$u$module`), is one
// token, the name: a throw there is placed on the name, as V8 places it.
const TOKEN = /__pe\$[rt]\("(?:__pe\$u\$)?((?:[^"\\]|\\.)*)"\)|(?:__pe\$w\.|__pe\$u\$)([A-Za-z_$\u00c0-\uffff][\w$\u00c0-\uffff]*)|[A-Za-z_$\u00c0-\uffff][\w$\u00c0-\uffff]*|\d[\w.]*|"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|\S/g;

function tokens(line: string): Token[] {
  return [...line.matchAll(TOKEN)].map((m) => ({ text: m[1] ?? m[2] ?? m[0], start: m.index, end: m.index + m[0].length }));
}

/** For each generated token, the index of the source token it matches, or -1. */
function match(gen: readonly Token[], src: readonly Token[]): number[] {
  const n = gen.length;
  const m = src.length;
  // lcs[i][j]: common subsequence length of gen[i..] and src[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = gen[i]!.text === src[j]!.text ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out = new Array<number>(n).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (gen[i]!.text === src[j]!.text && lcs[i]![j] === lcs[i + 1]![j + 1]! + 1) out[i++] = j++;
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

export type ColumnMap = (column: number) => number;

/** A function from 1-based generated columns to 1-based source columns for one line. */
export function alignLine(generated: string, source: string): ColumnMap {
  if (generated === source) return (column) => column;
  const gen = tokens(generated);
  const src = tokens(source);
  if (gen.length * src.length > 250_000) return (column) => column; // a minified line: not worth it
  const matched = match(gen, src);
  return (column) => {
    const at = column - 1;
    let k = -1; // the generated token at or before the column
    while (k + 1 < gen.length && gen[k + 1]!.start <= at) k++;
    if (k >= 0 && matched[k]! >= 0 && at < gen[k]!.start + gen[k]!.text.length) {
      return src[matched[k]!]!.start + (at - gen[k]!.start) + 1;
    }
    for (let p = k; p >= 0; p--) if (matched[p]! >= 0) return src[matched[p]!]!.start + 1;
    for (let p = k + 1; p < gen.length; p++) if (matched[p]! >= 0) return src[matched[p]!]!.start + 1;
    return column;
  };
}

/**
 * Like alignLine, for an exclusive end column (1-based: one past the last character): the end of
 * the source token that the generated token holding the last character matches, or of the nearest
 * matched token before it. `() => __pe$r("abc")` ending after `)` ends after `abc` in `() => abc`.
 */
export function alignLineEnd(generated: string, source: string): ColumnMap {
  if (generated === source) return (column) => column;
  const gen = tokens(generated);
  const src = tokens(source);
  if (gen.length * src.length > 250_000) return (column) => column;
  const matched = match(gen, src);
  return (column) => {
    const last = column - 2; // 0-based index of the last character
    let k = -1;
    while (k + 1 < gen.length && gen[k + 1]!.start <= last) k++;
    for (let p = k; p >= 0; p--) if (matched[p]! >= 0) return src[matched[p]!]!.end + 1;
    return column;
  };
}
