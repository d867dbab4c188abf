// Where a JSON text breaks, and why, in words we own. JSON.parse's messages
// differ between V8 versions (Node vs Chromium) and never give a line, so when
// it fails we rescan the text with this small scanner and report the first
// offset at which no valid JSON can continue. Only the failure path runs it,
// so a good trace is parsed once, natively.
//
// The scanner is iterative (an explicit stack) so deep nesting cannot
// overflow the call stack.

export interface JsonSyntaxError {
  /** 0-based UTF-16 offset of the offending character (text.length for an early end) */
  readonly offset: number;
  readonly message: string;
}

const END = 'unexpected end of JSON';

/** A character as a message shows it: printable ASCII quoted, anything else as U+XXXX. */
export function showChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (code > 0x20 && code < 0x7f) return `'${c}'`;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

type Scan = { readonly end: number } | { readonly error: JsonSyntaxError };

function scanString(text: string, start: number): Scan {
  const n = text.length;
  for (let j = start + 1; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return { end: j + 1 };
    if (c === 0x5c) {
      if (j + 1 >= n) break;
      const e = text[j + 1]!;
      if ('"\\/bfnrt'.includes(e)) {
        j++;
        continue;
      }
      if (e === 'u') {
        for (let k = 2; k < 6; k++) {
          if (j + k >= n) return { error: { offset: n, message: `${END} inside a string` } };
          if (!isHex(text.charCodeAt(j + k))) {
            return { error: { offset: j, message: 'invalid \\u escape in a string: \\u needs four hex digits' } };
          }
        }
        j += 5;
        continue;
      }
      return { error: { offset: j, message: `invalid escape '\\${e}' in a string` } };
    }
    if (c === 0x0a || c === 0x0d) {
      return { error: { offset: j, message: 'line break inside a string: close the string, or write \\n' } };
    }
    if (c < 0x20) {
      return { error: { offset: j, message: `unescaped control character ${showChar(text[j]!)} inside a string` } };
    }
  }
  return { error: { offset: n, message: `${END} inside a string` } };
}

function scanNumber(text: string, start: number): Scan {
  let j = start;
  if (text.charCodeAt(j) === 0x2d) j++;
  const first = text.charCodeAt(j);
  if (j >= text.length) return { error: { offset: j, message: END } };
  if (!isDigit(first)) return { error: { offset: j, message: "expected a digit after '-'" } };
  j++;
  if (first === 0x30 && isDigit(text.charCodeAt(j))) {
    return { error: { offset: j, message: 'a number cannot have a leading zero' } };
  }
  if (first !== 0x30) while (isDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 0x2e) {
    j++;
    if (j >= text.length) return { error: { offset: j, message: END } };
    if (!isDigit(text.charCodeAt(j))) return { error: { offset: j, message: 'expected a digit after the decimal point' } };
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    j++;
    const sign = text.charCodeAt(j);
    if (sign === 0x2b || sign === 0x2d) j++;
    if (j >= text.length) return { error: { offset: j, message: END } };
    if (!isDigit(text.charCodeAt(j))) return { error: { offset: j, message: 'expected a digit in the exponent' } };
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return { end: j };
}

/** A value that does not start like any JSON value: name the likely mistake. */
function badValueStart(text: string, i: number): JsonSyntaxError {
  const c = text[i]!;
  if (c === "'") return { offset: i, message: 'strings in JSON use double quotes, not single quotes' };
  if (isLetter(text.charCodeAt(i))) {
    let j = i;
    while (j < text.length && isLetter(text.charCodeAt(j))) j++;
    const word = text.slice(i, Math.min(j, i + 20));
    return { offset: i, message: `unexpected word '${word}', expected a value` };
  }
  return { offset: i, message: `unexpected ${showChar(c)}, expected a value` };
}

const TRAILING_COMMA = 'a trailing comma is not allowed in JSON';

type Expect = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after';

/** The first syntax error in `text`, or undefined when it is one valid JSON value. */
export function findJsonError(text: string): JsonSyntaxError | undefined {
  const n = text.length;
  const stack: number[] = []; // 0x7b '{' or 0x5b '['
  let expect: Expect = 'value';
  let lastComma = -1;
  let i = 0;
  for (;;) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    if (i >= n) return expect === 'after' && stack.length === 0 ? undefined : { offset: n, message: END };
    const c = text.charCodeAt(i);
    if (expect === 'colon') {
      if (c !== 0x3a) return { offset: i, message: "expected ':' after a property name" };
      expect = 'value';
      i++;
    } else if (expect === 'after') {
      const top = stack[stack.length - 1];
      if (top === undefined) return { offset: i, message: `unexpected ${showChar(text[i]!)} after the end of the JSON value` };
      const close = top === 0x7b ? 0x7d : 0x5d;
      if (c === 0x2c) {
        lastComma = i;
        expect = top === 0x7b ? 'key' : 'value';
      } else if (c === close) {
        stack.pop();
      } else {
        return {
          offset: i,
          message: top === 0x7b ? "expected ',' or '}' after a property value" : "expected ',' or ']' after an array element"
        };
      }
      i++;
    } else if (expect === 'key' || expect === 'firstKey') {
      if (c === 0x7d) {
        if (expect === 'key') return { offset: lastComma, message: TRAILING_COMMA };
        stack.pop();
        expect = 'after';
        i++;
      } else if (c === 0x22) {
        const s = scanString(text, i);
        if ('error' in s) return s.error;
        i = s.end;
        expect = 'colon';
      } else if (c === 0x27) {
        return { offset: i, message: 'property names in JSON use double quotes, not single quotes' };
      } else {
        return { offset: i, message: `expected a double-quoted property name, got ${showChar(text[i]!)}` };
      }
    } else {
      // 'value' or 'firstValue'
      if (c === 0x5d) {
        // Inside an array, 'value' (not 'firstValue') means a comma came just before.
        if (expect === 'value') {
          return stack[stack.length - 1] === 0x5b
            ? { offset: lastComma, message: TRAILING_COMMA }
            : { offset: i, message: "unexpected ']', expected a value" };
        }
        stack.pop();
        expect = 'after';
        i++;
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        stack.push(c);
        expect = c === 0x7b ? 'firstKey' : 'firstValue';
        i++;
        continue;
      }
      let scan: Scan;
      if (c === 0x22) scan = scanString(text, i);
      else if (c === 0x2d || isDigit(c)) scan = scanNumber(text, i);
      else if (text.startsWith('true', i)) scan = { end: i + 4 };
      else if (text.startsWith('false', i)) scan = { end: i + 5 };
      else if (text.startsWith('null', i)) scan = { end: i + 4 };
      else return badValueStart(text, i);
      if ('error' in scan) return scan.error;
      // 'nullx' or 'truely': a literal glued to more letters is one bad word.
      if (c !== 0x22 && isLetter(text.charCodeAt(scan.end))) return badValueStart(text, i);
      i = scan.end;
      expect = 'after';
    }
  }
}

/** 1-based line and column (in UTF-16 units, as editors count) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
