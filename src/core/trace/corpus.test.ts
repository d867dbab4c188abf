import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { combineCorpus } from './corpus';
import { parseTraceText } from './parse';

const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(import.meta.dirname, '../../../../shared');
const trace = (name: string) => readFileSync(path.join(shared, 'fixtures', name, 'expected/trace.json'), 'utf8');

describe('several files as one corpus', () => {
  it('keeps every trace of every file in order, each summary naming its file and line', () => {
    const jsonl = [trace('price-retry-fallback'), trace('stock-parallel-cancelled')].map((t) => JSON.stringify(JSON.parse(t))).join('\n');
    const result = combineCorpus([
      { name: 'a/checkout.json', result: parseTraceText(trace('checkout-zero-total')) },
      { name: 'a/more.jsonl', result: parseTraceText(jsonl) },
      { name: 'a/notes.txt', result: parseTraceText('not a trace') }
    ]);
    expect(result.kind).toBe('collection');
    if (result.kind !== 'collection') return;
    expect(result.summaries.map((s) => [s.source, s.line, s.flowName])).toEqual([
      ['a/checkout.json', 1, 'checkout'],
      ['a/more.jsonl', 1, 'price-tag'],
      ['a/more.jsonl', 2, 'split-shipment']
    ]);
    expect(result.models).toHaveLength(3);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.name).toBe('a/notes.txt');
    expect(result.skipped[0]!.message).toBe("line 1, column 1: unexpected word 'not', expected a value");
  });

  it('no trace in any file is an error naming the first file and its problem', () => {
    const result = combineCorpus([{ name: 'x.json', result: parseTraceText('') }]);
    expect(result.kind).toBe('error');
    if (result.kind === 'error') expect(result.problem.message).toMatch(/^none of the 1 files holds a trace: x\.json: the file is empty/);
  });
});
