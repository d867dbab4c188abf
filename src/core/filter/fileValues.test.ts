// Searching the file as it is written finds exactly what searching each
// value's JSON.stringify text finds: on every fixture, on values with
// characters past ASCII (two UTF-16 units for one, a lowercase longer than its
// capital), and on files written otherwise (pretty-printed, escapes, numbers
// in another form), which are then searched a step at a time.
import { describe, expect, test } from 'vitest';
import { holdTraceBytes } from '../trace/hold';
import { shownValueAt } from '../trace/values';
import { exists, FIXTURES, join, listDir, readBytes } from '../trace/test-support/files';
import { StepTexts } from './corpus';
import { fileValueSearch } from './fileValues';

const drain = (g: Generator<void, Uint8Array, void>) => {
  for (;;) {
    const n = g.next();
    if (n.done) return n.value;
  }
};

function both(bytes: Uint8Array) {
  const held = holdTraceBytes(bytes);
  if (held.kind !== 'trace' || !held.held.scanned) throw new Error('not a scanned trace');
  const h = held.held;
  const c = h.index.columns;
  const perStep = new StepTexts(c.count, (i) => shownValueAt(c, i, h.valueAt(i)));
  return { file: fileValueSearch(h.scanned!, c, () => perStep), perStep, canonical: h.scanned!.canonical };
}

const NEEDLES = ['a', 'e', '"', ':', '{"', 'error', 'amount', 'sku', '0', '1', 'true', 'null', '],', 'é', '😀', 'i̇', 'zz-nowhere'];

const fixtures = listDir(FIXTURES)
  .filter((d) => exists(join(FIXTURES, d, 'expected/trace.json')))
  .map((d) => [d, readBytes(join(FIXTURES, d, 'expected/trace.json'))] as const);

describe.each(fixtures)('%s', (_d, bytes) => {
  test('the file’s text, searched as written, or declined when it is not written as JSON.stringify writes', () => {
    const { file, perStep, canonical } = both(bytes);
    if (!canonical) return expect(file).toBeUndefined();
    for (const needle of NEEDLES) expect(drain(file!.containing(needle)), needle).toEqual(drain(perStep.containing(needle)));
  });
});

const enc = (s: string) => new TextEncoder().encode(s);
const compact = (trace: unknown[]) => enc(JSON.stringify({ flowName: 'f', trace }));

test.each([
  ['ASCII', compact([{ command: 'a', path: '0', result: { Amount: 5, sku: 'MUG' } }, { command: 'b', path: '1', threw: true, error: { message: 'Boom' } }, { command: 'c', path: '2', unrecorded: 'redact', result: 'ignored' }])],
  ['past ASCII: é, 😀 (two units), İ (its lowercase is two)', compact([{ command: 'a', path: '0', result: 'Café 😀' }, { command: 'b', path: '1', result: 'İstanbul' }, { command: 'c', path: '2', result: 'after' }])],
  ['past ASCII without İ', compact([{ command: 'a', path: '0', result: 'Café 😀 ü' }, { command: 'b', path: '1', result: { 'ключ': 'Значение' } }, { command: 'c', path: '2', result: 'after é' }])]
])('%s: the same steps as their texts one by one', (_name, bytes) => {
  const { file, perStep, canonical } = both(bytes);
  expect(canonical).toBe(true);
  for (const needle of [...NEEDLES, 'café', 'значение', 'стан', 'istanbul', 'after']) expect(drain(file!.containing(needle)), needle).toEqual(drain(perStep.containing(needle)));
});

test.each([
  ['pretty-printed', enc(JSON.stringify({ trace: [{ command: 'a', path: '0', result: { x: 1 } }] }, null, 2))],
  ['an escaped slash', enc('{"trace":[{"command":"a","path":"0","result":"a\\/b"}]}')],
  ['a \\u escape', enc('{"trace":[{"command":"a","path":"0","result":"\\u00e9"}]}')],
  ['an exponent', enc('{"trace":[{"command":"a","path":"0","result":1e3}]}')],
  ['a trailing zero', enc('{"trace":[{"command":"a","path":"0","result":1.50}]}')],
  ['-0', enc('{"trace":[{"command":"a","path":"0","result":-0}]}')]
])('%s: not searched as written (JSON.stringify would write it otherwise)', (_name, bytes) => {
  expect(both(bytes).canonical).toBe(false);
});

test('more digits than a double holds: left to the exact reader, which keeps the text as written', () => {
  const held = holdTraceBytes(enc('{"trace":[{"command":"a","path":"0","result":0.1000000000000000055511}]}'));
  expect(held.kind === 'trace' && held.held.scanned).toBeUndefined();
});

test('a duration written oddly does not matter: only values are searched', () => {
  expect(both(enc('{"trace":[{"command":"a","path":"0","result":"x","durationMs":1.50}]}')).canonical).toBe(true);
});
