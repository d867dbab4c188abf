import { describe, expect, it } from 'vitest';
import { printNarration, tagReplayNarration } from './follow';
import { narrateRecording } from './recorded';
import { parseTraceText } from '../trace/parse';
import { FIXTURES, join, readText } from '../trace/test-support/files';

function loadFixtureModel(name: string) {
  const parsed = parseTraceText(readText(join(FIXTURES, name, 'expected', 'trace.json')));
  if (parsed.kind !== 'trace') throw new Error(`${name}: ${parsed.kind}`);
  return parsed.model;
}

describe('printNarration', () => {
  it('gives each recorded step the printed lines of its Step call, JSON value included', () => {
    const model = loadFixtureModel('checkout-zero-total');
    const { lines, spans } = printNarration(narrateRecording(model));
    const [start, end] = spans.get(2)!;
    expect(lines[start]).toMatch(/^Step 3: cmdChargeCard threw/);
    expect(end).toBeGreaterThan(start);
    const [s1, e1] = spans.get(0)!;
    expect(lines[s1]).toMatch(/^Step 1: cmdFetchCart returned/);
    expect(e1).toBeLessThanOrEqual(spans.get(1)![0]);
    expect(lines.slice(s1, e1).join('\n')).toContain('"subtotal": 60');
  });
});

describe('tagReplayNarration', () => {
  it('tags Step lines with the recorded steps the replay answered, in order', () => {
    const tagged = tagReplayNarration({
      narration: ["Replaying 'x' (2 recorded steps)", 'Initial input: 1', 'Step 1: a returned in 1ms 1', 'Step 2: b returned in 1ms 2', 'Replay finished with state: Success'],
      steps: [
        { index: 0, name: 'a', type: 'Command', path: '0', entryIndex: 0, status: 'answered' },
        { index: 1, name: 'P', type: 'Parallel', path: '1', entryIndex: 1, status: 'decision' },
        { index: 2, name: 'b', type: 'Command', path: '1p0', entryIndex: 2, status: 'answered' }
      ]
    });
    expect(tagged.map((t) => t.stepIndex)).toEqual([undefined, undefined, 0, 2, undefined]);
  });
});
