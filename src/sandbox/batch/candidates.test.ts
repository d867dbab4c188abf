import { describe, expect, it } from 'vitest';
import { candidateBatcher, candidateBytes } from './candidates';
import type { PoolResult } from './scheduler';
import type { FailureSignature } from '../../core/minimize/sameFailure';

const signature = (n: number): FailureSignature => ({ ended: true, type: 'Failure', outcome: { name: 'Error', message: `m${n}`, code: undefined }, reached: [], unreached: [] });

describe('candidateBatcher', () => {
  it('sends the candidates asked for together as one round, one round at a time, and answers each with its own result', async () => {
    const rounds: unknown[][] = [];
    let inFlight = 0;
    let most = 0;
    const batcher = candidateBatcher(async (docs) => {
      rounds.push([...docs]);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return docs.map((d, seq): PoolResult | undefined => {
        const n = (d as { n: number }).n;
        if (n === 3) return { seq, kind: 'stopped', reason: 'timeout', message: 'too slow' };
        if (n === 4) return undefined;
        return { seq, kind: 'candidate', signature: signature(n) };
      });
    });
    const first = await Promise.all([1, 2, 3, 4].map((n) => batcher.replay({ n })));
    expect(first).toEqual([signature(1), signature(2), undefined, undefined]);
    const [a, b] = await Promise.all([batcher.replay({ n: 5 }), new Promise((r) => setTimeout(r, 0)).then(() => batcher.replay({ n: 6 }))]);
    expect([a, b]).toEqual([signature(5), signature(6)]);
    expect(rounds.map((r) => r.length)).toEqual([4, 1, 1]);
    expect(most).toBe(1);
    expect(batcher.problem()).toBeUndefined();
  });

  it('keeps the first load problem, and a round that throws rejects its candidates', async () => {
    let calls = 0;
    const batcher = candidateBatcher(async (docs) => {
      if (++calls === 2) throw new Error('the sandbox is gone');
      return docs.map((_, seq): PoolResult => ({ seq, kind: 'unusable', which: 'flow', result: { kind: 'no-flow', message: 'no flow export' } }));
    });
    expect(await batcher.replay({})).toBeUndefined();
    expect(batcher.problem()).toMatchObject({ kind: 'no-flow' });
    await expect(batcher.replay({})).rejects.toThrow('the sandbox is gone');
  });

  it("writes a candidate's JSON, and names the entries whose error is undefined", () => {
    const { bytes, undefinedErrors } = candidateBytes({ trace: [{ result: 1 }, { error: undefined }, { error: null }] });
    expect(new TextDecoder().decode(bytes)).toBe('{"trace":[{"result":1},{},{"error":null}]}');
    expect(undefinedErrors).toEqual([1]);
  });
});
