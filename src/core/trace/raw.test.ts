import { describe, expect, test } from 'vitest';
import { buildModel, parseTraceText } from './parse';
import { toRawTrace } from './raw';
import { traceIdentity } from './identity';
import { exists, FIXTURES, join, listDir, readText } from './test-support/files';

const traceFiles = listDir(FIXTURES).flatMap((c) =>
  ['expected/trace.json', 'legacy-trace.json'].map((f) => join(FIXTURES, c, f)).filter(exists)
);

function model(text: string) {
  const result = parseTraceText(text);
  if (result.kind !== 'trace') throw new Error(`expected one trace, got ${result.kind}`);
  return result.model;
}

describe('toRawTrace gives back what the recorder wrote', () => {
  test.each(traceFiles.map((f) => [f.slice(FIXTURES.length + 1), f]))('%s', (_name, file) => {
    const text = readText(file);
    const original = JSON.parse(text) as Record<string, unknown>;
    // The model always knows `dropped` (0 when absent); everything else round-trips exactly.
    expect(toRawTrace(model(text))).toEqual({ dropped: 0, ...original });
  });

  test('a path-less entry that threw undefined keeps its bare `error` key', () => {
    // Only a hand-built object can hold `error: undefined`; JSON text cannot.
    const raw = toRawTrace(buildModel({ trace: [{ command: 'a', result: 1 }, { command: 'b', error: undefined }] }));
    const entries = raw.trace as Record<string, unknown>[];
    expect(entries[0]).toEqual({ command: 'a', result: 1 });
    expect(Object.hasOwn(entries[1]!, 'error')).toBe(true);
    expect(entries[1]!.error).toBeUndefined();
    const rebuilt = model(JSON.stringify({ trace: [{ command: 'b', threw: true, path: '0' }] }));
    expect(toRawTrace(rebuilt).trace).toEqual([{ command: 'b', path: '0', threw: true }]);
  });
});

describe('traceIdentity', () => {
  test('is stable for the same recording and differs between recordings', () => {
    const a = readText(join(FIXTURES, 'checkout-zero-total/expected/trace.json'));
    const b = readText(join(FIXTURES, 'legacy-no-path/expected/trace.json'));
    expect(traceIdentity(model(a))).toBe(traceIdentity(model(a)));
    expect(traceIdentity(model(a))).toMatch(/^checkout-[0-9a-z]+$/);
    expect(traceIdentity(model(a))).not.toBe(traceIdentity(model(b)));
  });
});
