// Numbers JavaScript cannot hold as written: a 400-digit integer (Infinity),
// 1e400 and -1e400, 1e-400 (0), a 400-digit fraction, and -0 (held exactly).
// Each reader of a number opens the trace and keeps the file's text where the
// value differs, so the views can show it exactly.
import { describe, expect, test } from 'vitest';
import { isRoundedNumber, roundedNumbers } from './exact-numbers';
import { parseTraceBytes, parseTraceText } from './parse';
import { scanModel } from './scanModel';
import { scanTrace } from './scan';
import { toRawTrace } from './raw';
import { recordingNarration } from '../narration/recorded';
import { fmt } from '../values/fmt';
import { preview } from '../present/step-text';

const DIGITS_400 = `1${'2'.repeat(399)}`;
/** [what, as written, what JavaScript reads] */
const ROUNDED: [string, string, number][] = [
  ['a 400-digit integer', DIGITS_400, Infinity],
  ['a negative 400-digit integer', `-${DIGITS_400}`, -Infinity],
  ['a 309-digit integer', '9'.repeat(309), Infinity],
  ['1e400', '1e400', Infinity],
  ['-1e400', '-1e400', -Infinity],
  ['1E+400', '1E+400', Infinity],
  ['1e-400', '1e-400', 0],
  ['-1e-400', '-1e-400', -0],
  ['a 400-digit fraction', `0.${'1'.repeat(400)}`, 0.1111111111111111],
  ['a 400-digit integer with a fraction', `${DIGITS_400}.5`, Infinity],
  ['a 20-digit mantissa with an exponent', '12345678901234567890e300', Infinity],
  ['a 25-digit exponent', '1e99999999999999999999999', Infinity]
];
const EXACT = ['-0', '-0.0', '0e400', '1.5e300', '5e-324', '0.30000000000000004', '9007199254740992', '1.0000000000000000', '123456789012345e99', '1e308'];

const trace = (n: string) => `{"flowName":"f","initialInput":{"n":${n}},"trace":[{"command":"cmdA","path":"0","result":{"n":${n}},"durationMs":1}]}`;

describe('which numbers JavaScript reads as another', () => {
  test.each(ROUNDED)('%s is rounded', (_what, source, value) => {
    expect(Object.is(Number(source), value)).toBe(true);
    expect(isRoundedNumber(source)).toBe(true);
  });

  test.each(EXACT)('%s is held exactly', (source) => {
    expect(isRoundedNumber(source)).toBe(false);
  });

  test('the side table finds them anywhere, including a 1e400 with no 16-digit run in the file', () => {
    expect(roundedNumbers('{"a":[1e400,-0,1.5e300,1e-400]}')).toEqual({ '/a/0': '1e400', '/a/3': '1e-400' });
    expect(roundedNumbers(`[{"x":${DIGITS_400}}]`)).toEqual({ '/0/x': DIGITS_400 });
  });
});

describe('a trace holding them', () => {
  test.each(ROUNDED)('%s opens, its text kept beside the value replay reads', (_what, source, value) => {
    const r = parseTraceText(trace(source));
    if (r.kind !== 'trace') throw new Error(r.kind === 'error' ? r.problem.message : r.kind);
    expect(Object.is((r.model.steps[0]!.result as { n: number }).n, value)).toBe(true);
    expect(r.model.exactNumbers).toEqual({ '/initialInput/n': source, '/trace/0/result/n': source });
  });

  test('as a bare array, a JSONL line and a durationMs too', () => {
    const bare = parseTraceText(`[{"command":"a","result":${DIGITS_400}}]`);
    expect(bare.kind === 'trace' && bare.model.exactNumbers).toEqual({ '/trace/0/result': DIGITS_400 });
    const jsonl = parseTraceText(`${trace('1')}\n${trace('1e400')}`);
    expect(jsonl.kind === 'collection' && jsonl.models[1]!.exactNumbers?.['/trace/0/result/n']).toBe('1e400');
    const duration = parseTraceText(`{"trace":[{"command":"a","result":1,"durationMs":${DIGITS_400}}]}`);
    expect(duration.kind).toBe('trace');
  });

  test('-0 opens as -0 with no table entry (the views show its sign)', () => {
    const r = parseTraceText(trace('-0'));
    if (r.kind !== 'trace') throw new Error(r.kind);
    expect(Object.is((r.model.steps[0]!.result as { n: number }).n, -0)).toBe(true);
    expect(r.model.exactNumbers).toBeUndefined();
  });

  test('the byte scanner leaves them to the exact reader, and still reads exact exponents and -0', () => {
    const bytes = (n: string) => new TextEncoder().encode(trace(n));
    for (const [what, source] of ROUNDED) expect(scanModel(bytes(source)), what).toBeUndefined();
    // (an integer of 16 digits or more is always the exact reader's, rounded or not)
    for (const source of EXACT.filter((s) => !/^\d{16}/.test(s))) expect(scanTrace(bytes(source)), source).toBeDefined();
    expect(parseTraceBytes(bytes('1e400')).kind).toBe('trace');
  });

  test('replay input, narration and fmt read them without throwing', () => {
    const r = parseTraceText(trace(DIGITS_400));
    if (r.kind !== 'trace') throw new Error(r.kind);
    const raw = toRawTrace(r.model) as { initialInput: { n: number } };
    expect(raw.initialInput.n).toBe(Infinity);
    const narration = recordingNarration(r.model);
    expect(narration.lines.map((l) => l.text).join('\n')).toContain('cmdA');
    // As the library prints it: JSON.stringify writes a non-finite number as null.
    expect(fmt({ n: Infinity })).toBe('{\n  "n": null\n}');
  });

  test('a one-line preview (the step header, the error summary) shows the number held, not null or 0', () => {
    expect(preview({ at: Infinity, low: -Infinity, zero: -0, n: 1 })).toBe('{"at":Infinity,"low":-Infinity,"zero":-0,"n":1}');
    expect(preview(-0)).toBe('-0');
    // A string is still a string, whatever it holds.
    expect(preview({ s: 'Infinity' })).toBe('{"s":"Infinity"}');
  });
});
