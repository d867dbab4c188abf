// The hostile-traces corpus (test/corpus/hostile-traces): every case is refused
// with its exact message, or opens as its expected.json line says.
import { describe, expect, test } from 'vitest';
import { generated } from '../../../test/corpus/hostile-traces/generate';
import { parseTraceBytes } from './parse';
import { traceSizeProblem } from './size';
import { join, listDir, readBytes, readJson, REPO_ROOT } from './test-support/files';

interface Expected {
  readonly message: string;
  readonly where?: Record<string, number>;
  readonly limitBytes?: number;
  readonly opens?: boolean;
  readonly steps?: number;
  readonly exactNumbers?: Record<string, string>;
}

const DIR = join(REPO_ROOT, 'test/corpus/hostile-traces');
const expected = readJson(join(DIR, 'expected.json')) as Record<string, Expected>;
const NOT_CASES = new Set(['expected.json', 'README.md', 'generate.ts']);
const files = listDir(DIR).filter((f) => !NOT_CASES.has(f));
const cases = [...files, ...Object.keys(generated)].sort();
const bytesOf = (name: string) => (name in generated ? new TextEncoder().encode(generated[name]!()) : readBytes(join(DIR, name)));

describe('hostile-traces corpus', () => {
  test('each case has a line and each line a case', () => {
    expect(cases).toEqual(Object.keys(expected).sort());
  });

  test.each(cases)('%s', (name) => {
    const want = expected[name]!;
    const bytes = bytesOf(name);
    if (want.limitBytes !== undefined) {
      expect(traceSizeProblem(name, bytes.byteLength, want.limitBytes)?.message).toBe(want.message);
      return;
    }
    const result = parseTraceBytes(bytes, name);
    if (want.opens) {
      if (result.kind !== 'trace') throw new Error(`${name}: ${result.kind === 'error' ? result.problem.message : result.kind}`);
      expect(result.model.steps).toHaveLength(want.steps!);
      expect(result.model.exactNumbers).toEqual(want.exactNumbers);
      return;
    }
    if (result.kind !== 'error') throw new Error(`${name} parsed as a ${result.kind}`);
    expect(result.problem.message).toBe(want.message);
    expect(result.problem.where ?? null).toEqual(want.where ?? null);
    expect(result.problem.hint.length).toBeGreaterThan(20);
  });
});
