import { describe, expect, it } from 'vitest';
import { answerOf } from './test-support/answer';
import { replayPool } from './replayPool';
import type { PrimeRequest, ReplayRequest } from './replay.protocol';

type Behaviour = 'answers' | 'loops' | 'fails-to-start' | 'answers-wrong-id';

/** A stand-in replay worker: says 'ready' soon after it is made, then answers (or not) the one request. */
class FakeWorker extends EventTarget {
  terminated = false;
  received: unknown[] = [];
  constructor(private readonly behaviour: Behaviour) {
    super();
    setTimeout(() => {
      if (behaviour === 'fails-to-start') this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: 'SyntaxError: bad script' }));
      else this.emit({ type: 'ready' });
    }, 1);
  }
  private emit(data: unknown) {
    if (!this.terminated) this.dispatchEvent(Object.assign(new Event('message'), { data }));
  }
  primes: string[] = [];
  postMessage(request: ReplayRequest | PrimeRequest) {
    if (request.type === 'prime') {
      this.primes.push(request.key);
      return;
    }
    this.received.push(request);
    if (this.behaviour === 'loops') return;
    const id = this.behaviour === 'answers-wrong-id' ? request.id + 1 : request.id;
    // The verdict ahead of the answer; and two that are not one (another replay's, and a malformed one).
    this.emit({ type: 'early', id: id + 1, early: { json: new TextEncoder().encode('{"kind":"forged"}'), ms: 1 } });
    this.emit({ type: 'early', id, early: { json: '{"kind":"not bytes"}', ms: 1 } });
    this.emit({ type: 'early', id, early: { json: new TextEncoder().encode('{"kind":"no-flow","message":"early"}'), ms: 3 } });
    setTimeout(() => this.emit({ type: 'done', id, answer: answerOf('{"kind":"no-flow","message":"x"}'), ms: 3 }), 2);
  }
  terminate() {
    this.terminated = true;
  }
}

/** The next spare starts this long after an answer, in these tests. */
const SPARE_AFTER = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pool(...behaviours: Behaviour[]) {
  const made: FakeWorker[] = [];
  const p = replayPool(() => {
    made.push(new FakeWorker(behaviours[made.length] ?? 'answers'));
    return made[made.length - 1] as unknown as Worker;
  }, SPARE_AFTER);
  const run = (id: number, timeoutMs = 1000, signal?: AbortSignal) => {
    const request = { type: 'replay', id, trace: {}, run: { files: [] } } as const;
    return p.run(id, (w) => w.postMessage(request), timeoutMs, signal);
  };
  return { p, made, run };
}

describe('replayPool', () => {
  it('runs each replay in the spare started ahead, terminates it, and starts the next spare', async () => {
    const { p, made, run } = pool();
    p.warm();
    p.warm();
    expect(made).toHaveLength(1);
    await expect(run(1)).resolves.toEqual({ kind: 'done', answer: answerOf('{"kind":"no-flow","message":"x"}'), ms: 3 });
    expect(made[0]!.terminated).toBe(true);
    // The next spare waits until the page has read the answer.
    expect(made).toHaveLength(1);
    await sleep(SPARE_AFTER * 3);
    expect(made).toHaveLength(2);
    expect(made[1]!.terminated).toBe(false);
    await run(2);
    expect(made[1]!.received).toHaveLength(1);
    await sleep(SPARE_AFTER * 3);
    expect(made.map((w) => w.received.length)).toEqual([1, 1, 0]);
  });

  it("hands on the verdict the worker posts ahead of its answer, and keeps the worker until the answer", async () => {
    const made: FakeWorker[] = [];
    const p = replayPool(() => (made.push(new FakeWorker('answers')), made[made.length - 1] as unknown as Worker), SPARE_AFTER);
    const early: { text: string; terminated: boolean }[] = [];
    const request = { type: 'replay', id: 7, trace: {}, run: { files: [] } } as const;
    const onEarly = (e: { json: Uint8Array }) => early.push({ text: new TextDecoder().decode(e.json), terminated: made[0]!.terminated });
    await expect(p.run(7, (w) => w.postMessage(request), 1000, undefined, onEarly)).resolves.toMatchObject({ kind: 'done', ms: 3 });
    expect(early).toEqual([{ text: '{"kind":"no-flow","message":"early"}', terminated: false }]);
  });

  it('hands each spare, once ready, the latest prime, and none to a spare a replay has taken', async () => {
    const { p, made, run } = pool();
    const prime = (key: string): PrimeRequest => ({ type: 'prime', key, files: [] });
    p.prime(prime('a'));
    expect(made).toHaveLength(0); // priming starts no worker of its own
    p.warm();
    p.prime(prime('b'));
    await sleep(5);
    // Ready after the second prime came: only the latest, once.
    expect(made[0]!.primes).toEqual(['b']);
    p.prime(prime('c'));
    await sleep(1);
    expect(made[0]!.primes).toEqual(['b', 'c']);
    await run(1);
    await sleep(SPARE_AFTER * 3);
    // The next spare gets the prime kept for it.
    expect(made[1]!.primes).toEqual(['c']);
  });

  it('a replay that takes the spare before it is ready takes it unprimed: its request brings the trace', async () => {
    const { p, made, run } = pool();
    p.prime({ type: 'prime', key: 'a', files: [] });
    p.warm();
    await run(1);
    expect(made[0]!.primes).toEqual([]);
    expect(made[0]!.received).toHaveLength(1);
  });

  it('a replay pressed before the next spare has started gets a worker of its own, and one spare follows', async () => {
    const { made, run } = pool();
    await run(1);
    await run(2);
    expect(made.map((w) => w.received.length)).toEqual([1, 1]);
    await sleep(SPARE_AFTER * 3);
    expect(made).toHaveLength(3);
    expect(made[2]!.terminated).toBe(false);
  });

  it('stops a worker at the time limit, and the next replay runs in a fresh one', async () => {
    const { made, run } = pool('loops');
    await expect(run(1, 30)).resolves.toEqual({ kind: 'timeout', ms: 30 });
    expect(made[0]!.terminated).toBe(true);
    await expect(run(2)).resolves.toMatchObject({ kind: 'done' });
  });

  it('says why when a worker cannot start', async () => {
    const { run } = pool('fails-to-start');
    await expect(run(1)).resolves.toEqual({ kind: 'failed', message: 'the replay worker did not start: SyntaxError: bad script' });
    await expect(run(2)).resolves.toMatchObject({ kind: 'done' });
  });

  it('takes only the answer to its own request', async () => {
    const { run } = pool('answers-wrong-id');
    await expect(run(1, 50)).resolves.toEqual({ kind: 'timeout', ms: 50 });
  });

  it('terminates the worker of a cancelled replay', async () => {
    const { made, run } = pool('loops');
    const controller = new AbortController();
    const answer = run(1, 10_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await expect(answer).resolves.toEqual({ kind: 'failed', message: 'cancelled' });
    expect(made[0]!.terminated).toBe(true);
  });
});
