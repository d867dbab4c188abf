// A small, forgiving JS/TS tokenizer: just enough to find Command definitions without a parser.
//
// Why not regexes over the raw text: a name mentioned in a comment, a string or a template must not
// win over the real definition, and a quote inside a regex literal (or a `${}` inside a template)
// would throw a naive comment/string stripper out of sync for the rest of the file. Why not a real
// parser (sucrase, typescript): core/ must stay light enough to run on every keystroke in the
// editor, and flows under review may not even parse. This lexer never throws; on malformed input it
// degrades to "some tokens are wrong", never to "everything after line 3 is wrong".
//
// Comments are dropped. Strings and substitution-free templates become one 'str' token with their
// (lightly unescaped) contents, so `{ name: 'x' }` can still be read.

export type TokenKind = 'id' | 'str' | 'num' | 'punct' | 'regex' | 'tmpl';

export interface Token {
  readonly kind: TokenKind;
  readonly value: string;
  /** offset of the token's first character in the text */
  readonly start: number;
}

/** Keywords after which a `/` starts a regex literal rather than a division. */
const REGEX_AFTER_KEYWORD = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else',
  'yield', 'await'
]);

const ID_RE = /[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*/y;
// `[eE][+-]` first, so 1e-5 stays one token; hex, separators and suffixes ride on `\w`.
const NUM_RE = /(?:\d|\.\d)(?:[eE][+-]|[\w.])*/y;

function regexAllowed(prev: Token | undefined): boolean {
  if (!prev) return true;
  switch (prev.kind) {
    case 'punct':
      return prev.value !== ')' && prev.value !== ']' && prev.value !== '}';
    case 'id':
      return REGEX_AFTER_KEYWORD.has(prev.value);
    default:
      return false;
  }
}

function unescape(raw: string): string {
  return raw.indexOf('\\') < 0 ? raw : raw.replace(/\\(.)/g, '$1');
}

/** Tokenizes `text`. Linear time; never throws. */
export function lex(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  // One entry per open `{` or `${`: true when its `}` resumes a template literal.
  const braces: boolean[] = [];
  let i = 0;

  const push = (kind: TokenKind, value: string, start: number) => {
    tokens.push({ kind, value, start });
  };

  // Scans template characters from `i` (just after a backtick or a substitution's `}`).
  const template = (start: number, head: boolean) => {
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 92 /* \ */) j += 2;
      else if (c === 96 /* ` */) {
        const body = text.slice(i, j);
        // A whole template without substitutions reads like a string: `{ name: `x` }` counts.
        push(head ? 'str' : 'tmpl', unescape(body), start);
        i = j + 1;
        return;
      } else if (c === 36 /* $ */ && text.charCodeAt(j + 1) === 123 /* { */) {
        push('tmpl', text.slice(i, j), start);
        push('punct', '${', j);
        braces.push(true);
        i = j + 2;
        return;
      } else j++;
    }
    push(head ? 'str' : 'tmpl', text.slice(i), start); // unterminated: swallow the rest
    i = n;
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff || c === 0xa0) {
      i++;
      continue;
    }
    const start = i;
    const next = text.charCodeAt(i + 1);
    if (c === 47 /* / */ && next === 47) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (c === 47 && next === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === 39 /* ' */ || c === 34 /* " */) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === c || d === 10) break; // a newline ends an unterminated string
        else j++;
      }
      push('str', unescape(text.slice(i + 1, Math.min(j, n))), start);
      i = j + 1;
      continue;
    }
    if (c === 96) {
      i++;
      template(start, true);
      continue;
    }
    if (c === 47 && regexAllowed(tokens[tokens.length - 1])) {
      let j = i + 1;
      let inClass = false;
      let closed = false;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 10) break;
        if (d === 92) j += 2;
        else {
          if (d === 91 /* [ */) inClass = true;
          else if (d === 93 /* ] */) inClass = false;
          else if (d === 47 && !inClass) {
            closed = true;
            break;
          }
          j++;
        }
      }
      if (closed) {
        j++;
        while (j < n && /[a-z]/i.test(text[j] as string)) j++;
        push('regex', text.slice(i, j), start);
        i = j;
        continue;
      }
      // Not a regex after all (or a broken one): fall through and emit `/` as punctuation.
    }
    ID_RE.lastIndex = i;
    const id = ID_RE.exec(text);
    if (id) {
      push('id', id[0], start);
      i += id[0].length;
      continue;
    }
    NUM_RE.lastIndex = i;
    const num = NUM_RE.exec(text);
    if (num) {
      push('num', num[0], start);
      i += num[0].length;
      continue;
    }
    if (c === 123 /* { */) {
      braces.push(false);
      push('punct', '{', start);
      i++;
      continue;
    }
    if (c === 125 /* } */) {
      const resumesTemplate = braces.pop() === true;
      push('punct', '}', start);
      i++;
      if (resumesTemplate) template(i, false);
      continue;
    }
    const three = text.slice(i, i + 3);
    const two = text.slice(i, i + 2);
    if (three === '...') {
      push('punct', three, start);
      i += 3;
    } else if (two === '=>' || two === '?.') {
      push('punct', two, start);
      i += 2;
    } else {
      push('punct', text[i] as string, start);
      i++;
    }
  }
  return tokens;
}
