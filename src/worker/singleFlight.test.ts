import { describe, expect, it } from 'vitest';
import { singleFlight } from './singleFlight';

/** A stand-in Worker: answers each request after `delayMs`, or never when delayMs is Infinity. */
class FakeWorker extends EventTarget {
  terminated = false;
  constructor(private readonly delayMs: number) {
    super();
  }
  postMessage(message: { id: number; n: number }) {
    if (this.delayMs === Infinity) return;
    setTimeout(() => {
      if (!this.terminated) this.dispatchEvent(Object.assign(new Event('message'), { data: { id: message.id, doubled: message.n * 2 } }));
    }, this.delayMs);
  }
  terminate() {
    this.terminated = true;
  }
}

type Req = { id: number; n: number };
type Res = { id: number; doubled: number };
const isAnswer = (m: unknown, id: number): m is Res => (m as Res).id === id;

describe('singleFlight', () => {
  it('answers a request through its worker', async () => {
    const flight = singleFlight<Req, Res>(() => new FakeWorker(1) as unknown as Worker, 'fake');
    await expect(flight.call((id) => ({ id, n: 21 }), { isAnswer })).resolves.toMatchObject({ doubled: 42 });
  });

  it('cancels the earlier request when a new one starts, terminating its worker', async () => {
    const made: FakeWorker[] = [];
    const flight = singleFlight<Req, Res>(() => {
      made.push(new FakeWorker(5));
      return made[made.length - 1] as unknown as Worker;
    }, 'fake');
    const first = flight.call((id) => ({ id, n: 1 }), { isAnswer });
    const second = flight.call((id) => ({ id, n: 2 }), { isAnswer });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).resolves.toMatchObject({ doubled: 4 });
    expect(made).toHaveLength(2);
    expect(made[0]!.terminated).toBe(true);
  });

  it('terminates a worker that does not answer in time, and makes a fresh one next time', async () => {
    const made: FakeWorker[] = [];
    const flight = singleFlight<Req, Res>(() => {
      made.push(new FakeWorker(made.length === 0 ? Infinity : 1));
      return made[made.length - 1] as unknown as Worker;
    }, 'fake');
    await expect(flight.call((id) => ({ id, n: 1 }), { isAnswer, timeoutMs: 20, onTimeout: () => new Error('too slow') })).rejects.toThrow('too slow');
    expect(made[0]!.terminated).toBe(true);
    await expect(flight.call((id) => ({ id, n: 3 }), { isAnswer, timeoutMs: 1000 })).resolves.toMatchObject({ doubled: 6 });
    expect(made).toHaveLength(2);
  });
});
