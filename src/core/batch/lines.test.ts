// The byte-level line cutter against the text-level one it stands in for: for every input, the
// same lines with the same numbers, and each line's bytes decoding to the very text jsonlItems cuts
// from the decoded file, decoded as the CLI decodes (Buffer's utf8, a BOM kept, U+FFFD for a
// broken sequence), whatever multi-byte or broken UTF-8 sits at a line's edges.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { jsonlItems } from './corpus';
import { forEachJsonlLine } from './lines';

function byBytes(bytes: Buffer): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  forEachJsonlLine(bytes, (line, start, end) => out.push({ line, text: bytes.toString('utf8', start, end) }));
  return out;
}

const byText = (bytes: Buffer) => jsonlItems(bytes.toString('utf8'), 'x.jsonl').map((i) => ({ line: i.line, text: i.text }));

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('forEachJsonlLine', () => {
  it.each([
    ['a BOM, CRLF and blank lines', bytes([0xef, 0xbb, 0xbf], '{"a":1}\r\n\r\n \t \r\n{"b":2}\n')],
    ['no newline at the end', bytes('{"a":1}\n{"b":2}')],
    ['only newlines and blanks', bytes('\n\r\n \n\t')],
    ['nothing', bytes('')],
    ['a lone CR', bytes('\r')],
    ['a BOM alone', bytes([0xef, 0xbb, 0xbf])],
    ['half a BOM', bytes([0xef, 0xbb], '{"a":1}')],
    ['a BOM that starts a later line is part of it', bytes('{"a":1}\n', [0xef, 0xbb, 0xbf], '{"b":2}\n')],
    ['multi-byte characters at both edges of a line', bytes('é{"a":"€🙂"}’\n🙂\n')],
    ['a line that ends inside a 3-byte character', bytes('{"a":"x', [0xe2, 0x82], '\n{"b":2}\n')],
    ['a 4-byte character cut by CRLF', bytes('{"a":"', [0xf0, 0x9f], '\r\n', [0x99, 0x82], '"}\n')],
    ['bytes that are never UTF-8', bytes([0xff, 0xfe], ' {"a":1} ', [0xc0, 0x80], '\n', [0x80, 0x80])],
    ['blanks inside a line stay', bytes('  {"a": 1,\t"b": 2}  \r\n')]
  ])('%s: the lines jsonlItems cuts from the decoded text', (_what, input) => {
    expect(byBytes(input)).toEqual(byText(input));
  });

  it('numbers lines as an editor does, blank ones included', () => {
    expect(byBytes(bytes('\n{"a":1}\r\n\n  \n{"b":2}')).map((l) => l.line)).toEqual([2, 5]);
  });

  it('agrees with jsonlItems on thousands of random byte strings of newlines, blanks and broken UTF-8', () => {
    const alphabet = [0x0a, 0x0d, 0x20, 0x09, 0x61, 0x7b, 0xef, 0xbb, 0xbf, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x99, 0x82, 0xff, 0xc3, 0xa9, 0x80];
    let seed = 19;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let n = 0; n < 3000; n++) {
      const input = Buffer.from(Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]!));
      expect(byBytes(input), `bytes ${input.toString('hex')}`).toEqual(byText(input));
    }
  });
});
