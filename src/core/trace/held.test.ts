// What the engine holds of a trace must answer as the model it replaces did:
// the same values, and for a replay the very trace object toRawTrace made
// (written from the file's bytes for a scanned trace, put back together from
// JSON with its undefined errors in the worker).
import { describe, expect, test } from 'vitest';
import { holdTraceBytes } from './hold';
import { parseTraceBytes } from './parse';
import { readRawTrace } from './rawBytes';
import { toRawTrace } from './raw';
import { valueOf } from './values';
import { exists, FIXTURES, join, listDir, MALFORMED, readBytes, REPO_ROOT } from './test-support/files';

const inputs = [
  ...listDir(FIXTURES)
    .filter((d) => exists(join(FIXTURES, d, 'expected/trace.json')))
    .map((d) => [`fixture ${d}`, readBytes(join(FIXTURES, d, 'expected/trace.json'))] as const),
  ...[MALFORMED, join(REPO_ROOT, 'test/corpus/hostile-traces'), join(REPO_ROOT, 'test/corpus/hostile-flows')].flatMap((dir) =>
    listDir(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [`${dir.split('/').pop()}/${f}`, readBytes(join(dir, f))] as const)
  ),
  ['legacy throw undefined', new TextEncoder().encode(JSON.stringify([{ command: 'a', result: 1 }, { command: 'b', error: null }, { command: 'c', threw: true }]))] as const,
  ['a BOM, 42 as flowName, "2" dropped', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"flowName":42,"dropped":"0","unrecorded":{"context":"redact"},"initialInput":{"a":[1,{"b":null}]},"trace":[{"command":"x","path":"0","threw":false,"result":"ok","durationMs":null,"extra":1}]}')])] as const
];

describe.each(inputs)('%s', (_name, bytes) => {
  const exact = parseTraceBytes(bytes);
  const held = holdTraceBytes(bytes);

  test('is held as it is parsed: a trace, a collection or the same problem', () => {
    expect(held.kind).toBe(exact.kind);
    if (exact.kind === 'error' && held.kind === 'error') expect(held.problem).toEqual(exact.problem);
  });

  if (exact.kind !== 'trace') return;
  test('every value, and the trace a replay reads, are the exact model’s', () => {
    if (held.kind !== 'trace') throw new Error('not held as a trace');
    const model = exact.model;
    for (let i = 0; i < model.steps.length; i++) expect(held.held.valueAt(i)).toEqual(valueOf(model.steps[i]!));
    const replayed = readRawTrace(held.held.rawTrace());
    expect(replayed).toEqual(toRawTrace(model));
    // toEqual does not tell a key holding undefined from a missing one; a replay does ('error' in entry).
    const keys = (t: unknown) => (t as { trace: Record<string, unknown>[] }).trace.map((e) => Object.keys(e).join());
    expect(keys(replayed)).toEqual(keys(toRawTrace(model)));
    expect(held.held.recorded().steps).toEqual(model.steps);
  });
});

test('a scanned trace keeps its values in the file; a JSONL line is held by the exact reader', () => {
  const one = holdTraceBytes(readBytes(join(FIXTURES, 'checkout-zero-total/expected/trace.json')));
  expect(one.kind === 'trace' && one.held.recorded().recorded).toBe(true);
  const jsonl = new TextEncoder().encode(['{"trace":[{"command":"a","path":"0","result":1}]}', '{"trace":[{"command":"b","path":"0","result":2}]}'].join('\n'));
  const many = holdTraceBytes(jsonl);
  expect(many.kind).toBe('collection');
  if (many.kind === 'collection') expect(many.held.map((h) => h.valueAt(0))).toEqual([{ result: 1 }, { result: 2 }]);
});
