// Every file in test/corpus/malformed must be refused with exactly the message
// (and location) listed in its expected.json: a new case is a new file plus a
// line there, and a file without a line fails the suite.
import { describe, expect, test } from 'vitest';
import { parseTraceBytes } from './parse';
import { join, listDir, MALFORMED, readBytes, readJson } from './test-support/files';

interface Expected {
  readonly message: string;
  readonly where: Record<string, number> | null;
}

const expected = readJson(join(MALFORMED, 'expected.json')) as Record<string, Expected>;
const files = listDir(MALFORMED).filter((f) => f !== 'expected.json');

describe('malformed corpus', () => {
  test('holds at least 15 cases, each file listed and each listing a file', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    expect(files).toEqual(Object.keys(expected).sort());
  });

  test.each(files)('%s', (file) => {
    const result = parseTraceBytes(readBytes(join(MALFORMED, file)), file);
    if (result.kind !== 'error') throw new Error(`${file} parsed as a ${result.kind}`);
    const want = expected[file]!;
    expect(result.problem.message).toBe(want.message);
    expect(result.problem.where ?? null).toEqual(want.where);
    // Every refusal says what to do about it.
    expect(result.problem.hint.length).toBeGreaterThan(20);
  });
});
