// Every file in test/corpus/partial opens with the traces its good lines hold,
// and sets aside each other line with exactly the message (and line) listed in
// its expected.json: one broken line never costs the file's other traces. A new
// case is a new file plus an entry there, and a file without one fails the suite.
import { describe, expect, test } from 'vitest';
import { parseTraceBytes, parseTraceText } from './parse';
import { combineCorpus } from './corpus';
import { join, listDir, PARTIAL, readBytes, readJson } from './test-support/files';

interface Expected {
  readonly traces: number;
  readonly setAside: readonly { readonly line: number; readonly message: string }[];
}

const expected = readJson(join(PARTIAL, 'expected.json')) as Record<string, Expected>;
const files = listDir(PARTIAL).filter((f) => f !== 'expected.json');

describe('partly readable corpus', () => {
  test('each file listed and each listing a file', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files).toEqual(Object.keys(expected).sort());
  });

  test.each(files)('%s', (file) => {
    const want = expected[file]!;
    const result = parseTraceBytes(readBytes(join(PARTIAL, file)), file);
    if (result.kind !== 'collection') throw new Error(`${file} parsed as a ${result.kind}`);
    expect(result.models).toHaveLength(want.traces);
    expect(result.summaries.map((s) => s.line)).not.toContain(want.setAside[0]!.line);
    expect(result.skipped).toEqual(want.setAside.map((s) => ({ name: file, line: s.line, message: s.message })));
  });

  test('in a several-file corpus, the lines set aside keep their file name and line', () => {
    const name = files[0]!;
    const corpus = combineCorpus([{ name: `day/${name}`, result: parseTraceBytes(readBytes(join(PARTIAL, name)), name) }]);
    if (corpus.kind !== 'collection') throw new Error('no corpus');
    expect(corpus.skipped).toEqual(expected[name]!.setAside.map((s) => ({ name: `day/${name}`, line: s.line, message: s.message })));
  });
});

describe('a JSONL file that is not a corpus with a few bad lines', () => {
  const good = JSON.stringify({ flowName: 'job', trace: [{ command: 'cmdRun', path: '0', result: 1 }] });
  test('stops reading once its first 20 lines are all unreadable, and names the first', () => {
    const lines = [good.slice(0, 10), ...Array.from({ length: 5000 }, (_, i) => `{"log": ${i}}`), good];
    const result = parseTraceText(lines.join('\n'), 'app.log.jsonl');
    if (result.kind !== 'error') throw new Error(`parsed as a ${result.kind}`);
    expect(result.problem.message).toMatch(/^line 1, column 11: /);
  });
  test('a bad line after the first traces never stops the reading', () => {
    const lines = [good, ...Array.from({ length: 30 }, () => '{"cut'), good];
    const result = parseTraceText(lines.join('\n'), 'day.jsonl');
    if (result.kind !== 'collection') throw new Error(`parsed as a ${result.kind}`);
    expect(result.models).toHaveLength(2);
    expect(result.skipped).toHaveLength(30);
  });
});
