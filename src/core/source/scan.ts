// One pass over a file's tokens -> every name the locate rules could match, with its position.
// See locate.ts for the rules and their priority; this file only collects candidates.

import { lex, type Token } from './lex';

/** How a location was found: a const/let/var (or function-valued property), a function, a meta name, a Command(name) call. */
export type LocationHow = 'const' | 'function' | 'meta' | 'call';

export interface Site {
  readonly line: number;
  readonly column: number;
  readonly how: LocationHow;
}

export interface FileIndex {
  /** const/let/var and function declarations */
  readonly decl: Map<string, Site>;
  /** object properties / methods that hold a function */
  readonly member: Map<string, Site>;
  /** meta name -> its Command( call */
  readonly meta: Map<string, Site>;
  /** first-argument identifier -> its Command( call */
  readonly call: Map<string, Site>;
}

/** Words that look like a method shorthand `x(...) {` but are statements. */
const STATEMENT_WORDS = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'with', 'do', 'else', 'new', 'typeof',
  'void', 'delete', 'throw', 'await', 'yield', 'super', 'import', 'constructor'
]);

const is = (t: Token | undefined, value: string): boolean => t !== undefined && t.kind === 'punct' && t.value === value;
const isId = (t: Token | undefined, value?: string): t is Token =>
  t !== undefined && t.kind === 'id' && (value === undefined || t.value === value);
const isKey = (t: Token | undefined): t is Token => t !== undefined && (t.kind === 'id' || t.kind === 'str');

interface Frame {
  readonly open: string;
  /** for `(`: token index of the Command callee, when this paren is a Command call */
  readonly command?: number;
  /** for `(`: index of the argument being read */
  args: number;
  /** for `{`: the Command call this object is a direct argument of, and which argument */
  readonly commandArg?: { readonly callee: number; readonly arg: number };
  /** for `{`: the object is the value of a `meta` key or variable */
  readonly metaObject?: boolean;
  /** for `{`: an interface or type-literal body, whose members are not values */
  readonly typeBody?: boolean;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Tokenizes `text` once and records the first position of every candidate name, per rule. */
export function indexFile(text: string): FileIndex {
  const toks = lex(text);
  const starts = lineStarts(text);
  const site = (tokenIndex: number, how: LocationHow): Site => {
    const offset = (toks[tokenIndex] as Token).start;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] as number) + 1, how };
  };
  const index: FileIndex = { decl: new Map(), member: new Map(), meta: new Map(), call: new Map() };
  const add = (map: Map<string, Site>, name: string, at: number, how: LocationHow) => {
    if (!map.has(name)) map.set(name, site(at, how));
  };

  // `import { Command as C }` makes `C(` a Command call too.
  const callees = new Set(['Command']);
  for (let k = 0; k + 2 < toks.length; k++) {
    if (isId(toks[k], 'Command') && isId(toks[k + 1], 'as') && isId(toks[k + 2]) && (is(toks[k - 1], '{') || is(toks[k - 1], ','))) {
      callees.add((toks[k + 2] as Token).value);
    }
  }
  const calleeBefore = (k: number): number | undefined => {
    const prev = toks[k - 1];
    if (isId(prev) && callees.has(prev.value)) return k - 1;
    if (!is(prev, '>')) return undefined;
    // `Command<In, Out>(`: walk back over a short type argument list.
    for (let j = k - 2, depth = 1; j >= 0 && j > k - 64; j--) {
      if (is(toks[j], '>')) depth++;
      else if (is(toks[j], '<') && --depth === 0) {
        const id = toks[j - 1];
        return isId(id) && callees.has(id.value) ? j - 1 : undefined;
      }
    }
    return undefined;
  };

  const stack: Frame[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k] as Token;
    const top = stack[stack.length - 1];
    if (t.kind === 'punct') {
      switch (t.value) {
        case '(': {
          const command = calleeBefore(k);
          stack.push({ open: '(', command, args: 0 });
          if (command !== undefined) {
            // Rule 3: Command(cmdX, ...) or Command(services.cmdX, ...).
            let j = k + 1;
            if (isId(toks[j])) {
              while ((is(toks[j + 1], '.') || is(toks[j + 1], '?.')) && isId(toks[j + 2])) j += 2;
              if (is(toks[j + 1], ',') || is(toks[j + 1], ')')) add(index.call, (toks[j] as Token).value, command, 'call');
            }
          }
          break;
        }
        case '{':
        case '${': {
          const before = toks[k - 1];
          const metaObject =
            ((is(before, ':') && isKey(toks[k - 2])) || (is(before, '=') && isId(toks[k - 2]))) && toks[k - 2]?.value === 'meta';
          const typeBody = isId(toks[k - 2], 'interface') || (is(before, '=') && isId(toks[k - 3], 'type'));
          const commandArg = top?.command !== undefined ? { callee: top.command, arg: top.args } : undefined;
          stack.push({ open: t.value, args: 0, commandArg, metaObject, typeBody });
          break;
        }
        case '[':
          stack.push({ open: '[', args: 0 });
          break;
        case ')':
        case ']':
        case '}':
          stack.pop();
          break;
        case ',':
          if (top) top.args++;
          break;
      }
      continue;
    }

    // Rule 1: declarations.
    if (t.kind === 'id' && (t.value === 'const' || t.value === 'let' || t.value === 'var') && isId(toks[k + 1])) {
      add(index.decl, (toks[k + 1] as Token).value, k + 1, 'const');
      continue;
    }
    if (t.kind === 'id' && t.value === 'function') {
      const j = is(toks[k + 1], '*') ? k + 2 : k + 1;
      if (isId(toks[j])) add(index.decl, (toks[j] as Token).value, j, 'function');
      continue;
    }

    if (!isKey(t) || top?.open !== '{' || top.typeBody) continue;
    const prev = toks[k - 1];
    const startsMember = is(prev, '{') || is(prev, ',');
    if (startsMember && is(toks[k + 1], ':')) {
      const value = toks[k + 2];
      // Rule 2: `name: 'x'` as the whole value, in a Command's third argument or a meta object.
      if (t.value === 'name' && value?.kind === 'str' && (is(toks[k + 3], ',') || is(toks[k + 3], '}'))) {
        if (top.commandArg?.arg === 2) add(index.meta, value.value, top.commandArg.callee, 'meta');
        else if (top.metaObject) {
          // A meta object built apart from its call: point at the enclosing Command( if any, else here.
          const call = [...stack].reverse().find((f) => f.command !== undefined);
          add(index.meta, value.value, call?.command ?? k, 'meta');
        }
        continue;
      }
      // Rule 1, weaker: a property holding a function.
      if (isId(value, 'function') || (isId(value, 'async') && isId(toks[k + 3], 'function'))) add(index.member, t.value, k, 'function');
      else if (isId(value, 'async') || is(value, '(') || (isId(value) && is(toks[k + 3], '=>'))) add(index.member, t.value, k, 'const');
      continue;
    }
    // Method shorthand: `cmdX() {`, `async cmdX(a): Promise<T> {`, also in class bodies.
    if (
      t.kind === 'id' &&
      !STATEMENT_WORDS.has(t.value) &&
      is(toks[k + 1], '(') &&
      (startsMember || is(prev, '}') || is(prev, ';') || is(prev, '*') || isId(prev, 'async') || isId(prev, 'static'))
    ) {
      let j = k + 2;
      for (let depth = 1; j < toks.length && depth > 0; j++) {
        if (is(toks[j], '(')) depth++;
        else if (is(toks[j], ')')) depth--;
      }
      if (is(toks[j], '{') || is(toks[j], ':')) add(index.member, t.value, k, 'function');
    }
  }
  return index;
}

