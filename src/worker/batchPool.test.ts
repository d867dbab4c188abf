import { describe, expect, it } from 'vitest';
import { answerOf } from './test-support/answer';
import { batchPool } from './batchPool';
import type { ReplayRequest } from './replay.protocol';

/** A stand-in batch worker: 'ready' soon after it is made, then answers each request; a request for id 99 loops. */
class FakeWorker extends EventTarget {
  terminated = false;
  served: number[] = [];
  constructor() {
    super();
    setTimeout(() => this.emit({ type: 'ready' }), 1);
  }
  private emit(data: unknown) {
    if (!this.terminated) this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  postMessage(request: ReplayRequest) {
    this.served.push(request.id);
    if (request.id === 99) return;
    setTimeout(() => this.emit({ type: 'done', id: request.id, answer: answerOf('{"kind":"no-flow","message":"x"}'), ms: 1 }), 2);
  }
  terminate() {
    this.terminated = true;
  }
}

function pool(size: number) {
  const made: FakeWorker[] = [];
  const p = batchPool(() => {
    made.push(new FakeWorker());
    return made[made.length - 1] as unknown as Worker;
  }, size);
  const run = (id: number, timeoutMs = 1000, signal?: AbortSignal) =>
    p.run(id, (w) => w.postMessage({ type: 'replay', id, trace: {}, run: { files: [] } }), timeoutMs, signal);
  return { p, made, run };
}

describe('batchPool', () => {
  it('serves many replays in at most `size` workers, reusing each after an answer', async () => {
    const { made, run } = pool(2);
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => run(i + 1)));
    expect(answers.map((a) => a.kind)).toEqual(Array(7).fill('done'));
    expect(made).toHaveLength(2);
    expect(made.flatMap((w) => w.served).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(made.every((w) => !w.terminated)).toBe(true);
  });

  it('terminates a worker that hit the time limit and serves the rest in a new one', async () => {
    const { made, run } = pool(1);
    const [stuck, after] = await Promise.all([run(99, 30), run(2)]);
    expect(stuck).toEqual({ kind: 'timeout', ms: 30 });
    expect(after.kind).toBe('done');
    expect(made).toHaveLength(2);
    expect(made[0]!.terminated).toBe(true);
    expect(made[1]!.served).toEqual([2]);
  });

  it('a cancelled replay ends its worker; end() terminates the idle ones', async () => {
    const { p, made, run } = pool(2);
    const controller = new AbortController();
    const cancelled = run(99, 1000, controller.signal);
    await run(1);
    controller.abort();
    expect((await cancelled).kind).toBe('failed');
    expect(made.filter((w) => w.terminated)).toHaveLength(1);
    p.end();
    expect(made.every((w) => w.terminated)).toBe(true);
  });
});
