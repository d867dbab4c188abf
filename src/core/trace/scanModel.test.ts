// The byte scanner is a fast path, never a second opinion: on every input it
// either reads the very model the exact reader (JSON.parse + buildModel)
// builds, values included, or declines so the exact reader decides. Checked
// on every shared fixture, every test corpus file, generated traces of each
// shape, and thousands of mutations of them.
import { describe, expect, test } from 'vitest';
import { parseTraceBytes } from './parse';
import type { RecordedModel } from './model';
import { scanModel } from './scanModel';
import { rememberedIndex } from './modelIndex';
import { scanTrace } from './scan';
import { valueOf } from './values';
import { exists, FIXTURES, join, listDir, MALFORMED, PARTIAL, readBytes, REPO_ROOT } from './test-support/files';

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text);

/** The exact reader's model, or undefined when it refuses the bytes. */
function exact(bytes: Uint8Array): RecordedModel | undefined {
  const r = parseTraceBytes(bytes);
  return r.kind === 'trace' ? r.model : undefined;
}

/** The scanner's index equals the exact reader's, column by column and value by value; or the scanner declined. */
function agrees(bytes: Uint8Array): 'scanned' | 'declined' {
  const fast = scanModel(bytes);
  if (!fast) return 'declined';
  const slow = exact(bytes);
  expect(slow, 'the scanner read a trace the exact reader refuses').toBeDefined();
  const index = rememberedIndex(slow!);
  expect(fast.index).toEqual(index);
  expect(fast.byPath.record()).toEqual(slow!.byPath);
  for (let i = 0; i < slow!.steps.length; i++) expect(fast.valueAt(i)).toEqual(valueOf(slow!.steps[i]!));
  return 'scanned';
}

const fixtureTraces = listDir(FIXTURES)
  .filter((d) => exists(join(FIXTURES, d, 'expected/trace.json')))
  .map((d) => [d, readBytes(join(FIXTURES, d, 'expected/trace.json'))] as const);

describe('the shared fixtures', () => {
  test.each(fixtureTraces)('%s is read by the scanner, exactly as by JSON.parse', (_name, bytes) => {
    expect(agrees(bytes)).toBe('scanned');
  });
});

const corpusFiles = [MALFORMED, PARTIAL, join(REPO_ROOT, 'test/corpus/hostile-traces'), join(REPO_ROOT, 'test/corpus/hostile-flows')].flatMap((dir) =>
  listDir(dir)
    .filter((f) => /\.(json|jsonl|bin)$/.test(f))
    .map((f) => [`${dir.split('/').pop()}/${f}`, readBytes(join(dir, f))] as const)
);

test.each(corpusFiles)('corpus %s: the scanner agrees or declines', (_name, bytes) => {
  agrees(bytes);
});

test('a file the exact reader refuses is never read into a model by the scanner', () => {
  const refused = corpusFiles.filter(([, bytes]) => exact(bytes) === undefined);
  expect(refused.length).toBeGreaterThan(20);
  for (const [name, bytes] of refused) expect(scanModel(bytes), name).toBeUndefined();
});

// ---------------------------------------------------------------- generated shapes

function entry(i: number): Record<string, unknown> {
  switch (i % 9) {
    case 0:
      return { command: `cmdLoad${i % 3}`, path: String(i), result: { id: i, note: 'ünïcode ✓ 😀', list: [1, 2.5, -3e2, true, null] }, durationMs: 0.1 + i / 7 };
    case 1:
      return { command: 'cmdFlaky', path: String(i), threw: true, error: { __error: true, name: 'Error', message: `boom "${i}"\n\ttab`, code: 'E' }, durationMs: 0.3019999999999925 };
    case 2:
      return { command: 'cmdB', path: `${i}p1/0`, result: 'branch', durationMs: 1 };
    case 3:
      return { command: 'Parallel', path: `${i - 1}p`, result: { cancelled: i % 2 === 0, branch: 1, branches: 2 }, durationMs: 2 };
    case 4:
      return { command: 'cmdRetry', path: `${i}r0/0`, threw: true, error: 'a string', durationMs: null };
    case 5:
      return { command: 'cmdRetry', path: `${i - 1}r1/0`, result: [], durationMs: 1e-7, extra: { ignored: [{}] } };
    case 6:
      return { command: 'cmdGone', path: String(i), unrecorded: 'redact', durationMs: 0 };
    case 7:
      return { command: 'anonymous', path: String(i), threw: true, durationMs: 123456.789 };
    default:
      return { path: String(i), command: 'cmdLast', result: { nested: { deeper: [[[{ a: '\\/\u0001' }]]] } }, threw: false };
  }
}

const traceText = (count: number, space?: number) =>
  JSON.stringify({ flowName: 'gen', version: 7, initialInput: { n: count }, context: { tenant: 't' }, dropped: '0', trace: Array.from({ length: count }, (_, i) => entry(i)) }, null, space);

test.each([
  ['compact', traceText(200)],
  ['pretty-printed', traceText(60, 2)],
  ['a bare array', JSON.stringify(Array.from({ length: 40 }, (_, i) => entry(i)))],
  ['legacy, without paths', JSON.stringify({ trace: [{ command: 'a', result: 1 }, { command: 'b', error: { message: 'x' } }] })],
  ['empty', '{"trace":[]}'],
  ['head keys after the trace', '{"trace":[{"command":"a","path":"0","result":{}}],"flowName":"late","dropped":0}'],
  ['duplicate keys (the last wins)', '{"trace":[{"command":"a","path":"0","result":1,"result":2,"durationMs":1,"durationMs":3}],"version":"a","version":"b"}'],
  ['__proto__ keys', '{"trace":[{"command":"a","path":"0","result":{"__proto__":{"polluted":true}},"__proto__":1}]}']

])('%s: read exactly as JSON.parse reads it', (_name, text) => {
  expect(agrees(bytesOf(text))).toBe('scanned');
});

// A decision's result is read from its bytes when it has the recorder's shape; any other is JSON.parse's.
test.each([
  '{"cancelled":true,"branch":null}',
  '{"cancelled":false}',
  '{"branches":2,"cancelled":true,"branch":0}',
  '{"cancelled":true,"cancelled":false,"branches":1}',
  '{"cancelled":true,"branch":-1}',
  '{"cancelled":true,"branch":1.5}',
  '{"cancelled":true,"branch":01}',
  '{"cancelled":true,"branch":12345678901}',
  '{ "cancelled": true }',
  '{"cancelled":"yes"}',
  '{"cancelled":false,"other":1}',
  '{}'
])('the decision %s: scanned as the exact reader reads it, or refused by both', (result) => {
  const bytes = bytesOf(`{"trace":[{"command":"b","path":"0p0/0","result":1},{"command":"Parallel","path":"0p","result":${result}}]}`);
  expect(agrees(bytes)).toBe(exact(bytes) ? 'scanned' : 'declined');
});

test.each([
  ['an integer past 2^53', '{"trace":[{"command":"a","path":"0","result":{"id":9007199254740993}}]}'],
  ['an escaped key', '{"trace":[{"comm\\u0061nd":"a","path":"0"}]}'],
  ['a path that is a number', '{"trace":[{"command":"a","path":0}]}'],
  ['a trailing comma', '{"trace":[{"command":"a","path":"0"},]}'],
  ['a control character in a string', '{"trace":[{"command":"a","path":"0","result":"a\u0001b"}]}'],
  ['an overlong UTF-8 sequence', null],
  ['a value nesting 950 levels', `{"trace":[{"command":"a","path":"0","result":${'['.repeat(950)}${']'.repeat(950)}}]}`]
])('%s: left to the exact reader', (name, text) => {
  const bytes = text === null ? new Uint8Array([...bytesOf('{"trace":[{"command":"a","path":"0","result":"'), 0xc0, 0xaf, ...bytesOf('"}]}')]) : bytesOf(text);
  expect(scanTrace(bytes), name).toBeUndefined();
  agrees(bytes);
});

// ---------------------------------------------------------------- mutations

/** A small deterministic generator, so a failure names a seed that repeats. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const MUTANTS = 3000;
const BYTES = [...'{}[]",:\\-0123456789.eE tfnrul\n\u0000'].map((c) => c.charCodeAt(0)).concat([0xc3, 0xa9, 0xff, 0xed, 0xa0]);

test(`${MUTANTS} mutations of a trace: the scanner agrees with JSON.parse or declines`, () => {
  const base = bytesOf(traceText(12));
  const next = random(42);
  let scanned = 0;
  for (let m = 0; m < MUTANTS; m++) {
    const bytes = base.slice();
    const edits = 1 + Math.floor(next() * 3);
    for (let k = 0; k < edits; k++) bytes[Math.floor(next() * bytes.length)] = BYTES[Math.floor(next() * BYTES.length)]!;
    const cut = next() < 0.1 ? bytes.subarray(0, Math.floor(next() * bytes.length)) : bytes;
    if (agrees(cut) === 'scanned') scanned++;
  }
  // Most single-byte edits inside strings still make a valid trace: the comparison ran on them.
  expect(scanned).toBeGreaterThan(MUTANTS / 10);
});
