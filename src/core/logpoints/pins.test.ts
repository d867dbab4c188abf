import { describe, expect, it } from 'vitest';
import type { ReplayStep } from '../replay/report';
import { pinsWithSteps, recordedStepOfPin } from './pins';

const steps = { length: 3 };
const byPath = { '0': 0, '1rf/0': 1, '2': 2 };
const step = (index: number, path: string, entryIndex?: number): ReplayStep => ({ index, name: `cmd${index}`, type: 'Command', path, status: 'answered', ...(entryIndex !== undefined ? { entryIndex } : {}) });
const report = { steps: [step(0, '0', 0), step(1, '1r0', undefined), step(2, '1rf/0', 1), step(3, '2', 2)] };

describe('the recorded step of a pinned hit', () => {
  it('by its path, in any replay of the trace, even with no report at hand', () => {
    expect(recordedStepOfPin({ seq: 1, step: 2, path: '1rf/0' }, { byPath, steps }, undefined)).toBe(1);
  });

  it('by the report it came from when the trace has no paths', () => {
    const model = { byPath: {}, steps };
    expect(recordedStepOfPin({ seq: 1, step: 3 }, model, report)).toBe(2);
    // A step no recorded entry answered (a Retry's try that was cut), or none at all.
    expect(recordedStepOfPin({ seq: 1, step: 1 }, model, report)).toBeUndefined();
    expect(recordedStepOfPin({ seq: 1 }, model, report)).toBeUndefined();
    expect(recordedStepOfPin({ seq: 1, step: 9 }, model, report)).toBeUndefined();
  });

  it('not from another report whose step at that place has another path', () => {
    expect(recordedStepOfPin({ seq: 1, step: 3, path: 'gone' }, { byPath: {}, steps }, report)).toBeUndefined();
  });

  it('a path such as "constructor" is no step', () => {
    expect(recordedStepOfPin({ seq: 1, path: 'constructor' }, { byPath, steps }, undefined)).toBeUndefined();
  });

  it('pins in the order their lines ran, each with its step', () => {
    const pins = pinsWithSteps([{ seq: 9, path: '2' }, { seq: 3, path: '0' }, { seq: 5 }], { byPath, steps }, undefined);
    expect(pins).toEqual([{ seq: 3, path: '0', recorded: 0 }, { seq: 5 }, { seq: 9, path: '2', recorded: 2 }]);
  });
});
