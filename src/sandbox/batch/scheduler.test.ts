// The batch scheduler with fake workers: every trace gets exactly one result, whatever the workers
// do; a worker that dies or overruns the time limit costs its current trace only, and the rest of
// its batches go to its replacement.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowPacker } from '../../core/batch/packedRows';
import type { BatchRow } from '../../core/batch/row';
import { IDLE, ITEM_STRIDE, type BatchCorpus, type OtherResult, type PoolToWorker } from './protocol';
import { startScheduler, type PoolResult, type SlotEvents, type SlotWorker } from './scheduler';

const row: BatchRow = { verdict: 'reproduced', path: undefined, stepIndex: undefined, unreached: [], detail: 'Success', outcomeUnproven: true };

function corpus(count: number): BatchCorpus {
  const start = Int32Array.from({ length: count }, (_, i) => i * 2);
  return { chunks: [new Uint8Array(count * 2)], count, chunk: new Int32Array(count), start, end: start.map((s) => s + 2) };
}

type Behaviour = (seq: number, worker: FakeWorker) => 'answer' | 'die' | 'hang';

interface FakeWorker extends SlotWorker {
  readonly posted: PoolToWorker[];
  terminated: boolean;
}

/** A worker that answers each batch at once, unless `behaviour` says it dies or hangs on a trace. */
function fakeSpawn(behaviour: Behaviour, spawned: FakeWorker[]) {
  return (events: SlotEvents): SlotWorker => {
    let running = IDLE;
    let queue = Promise.resolve();
    let hung = false;
    const worker: FakeWorker = {
      posted: [],
      terminated: false,
      running: () => running,
      terminate: () => void (worker.terminated = true),
      post(m) {
        worker.posted.push(m);
        if (m.type !== 'batch') return;
        // One batch after another, as a worker's one thread serves them: a hung batch holds the rest.
        queue = queue.then(async () => {
          await Promise.resolve();
          if (worker.terminated || hung) return;
          const packer = rowPacker<OtherResult>();
          for (let at = 0; at < m.items.length; at += ITEM_STRIDE) {
            const seq = m.items[at]!;
            running = seq;
            const what = behaviour(seq, worker);
            if (what === 'die') return events.stopped('memory', 'out of memory');
            if (what === 'hang') return void (hung = true);
            packer.row(seq, row, 1);
          }
          running = IDLE;
          events.message({ type: 'rows', ...packer.pack() });
        });
      }
    };
    spawned.push(worker);
    return worker;
  };
}

const bySeq = (results: PoolResult[]) => [...results].sort((a, b) => a.seq - b.seq);

afterEach(() => vi.useRealTimers());

describe('startScheduler', () => {
  it('answers every trace once over two workers, each sent the flow and the corpus bytes once', async () => {
    const spawned: FakeWorker[] = [];
    const scheduler = startScheduler({ jobs: 2, timeoutMs: 1000, flow: { files: [] }, spawn: fakeSpawn(() => 'answer', spawned), timeoutMessage: 'too long' });
    const results: PoolResult[] = [];
    await scheduler.run(corpus(500), (r) => results.push(r));
    scheduler.close();
    expect(bySeq(results).map((r) => r.seq)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(results.every((r) => r.kind === 'row')).toBe(true);
    expect(spawned).toHaveLength(2);
    for (const worker of spawned) {
      expect(worker.posted.filter((m) => m.type === 'flow')).toHaveLength(1);
      expect(worker.posted.filter((m) => m.type === 'chunks')).toHaveLength(1);
      expect(worker.posted.filter((m) => m.type === 'batch').length).toBeGreaterThan(1);
    }
  });

  it('a worker dying on a trace blames that trace alone; its other traces are replayed by its replacement', async () => {
    const spawned: FakeWorker[] = [];
    let died = false;
    const dies: Behaviour = (seq) => (seq === 7 && !died ? ((died = true), 'die') : 'answer');
    const scheduler = startScheduler({ jobs: 1, timeoutMs: 1000, flow: { files: [] }, spawn: fakeSpawn(dies, spawned), timeoutMessage: 'too long' });
    const results: PoolResult[] = [];
    await scheduler.run(corpus(40), (r) => results.push(r));
    scheduler.close();
    const sorted = bySeq(results);
    expect(sorted.map((r) => r.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(sorted.filter((r) => r.kind !== 'row')).toEqual([{ seq: 7, kind: 'stopped', reason: 'memory', message: 'out of memory' }]);
    expect(spawned).toHaveLength(2);
    expect(spawned[0]!.terminated).toBe(true);
  });

  it('stops a trace that runs past the time limit, says so, and goes on with a fresh worker', async () => {
    vi.useFakeTimers();
    const spawned: FakeWorker[] = [];
    const hangs: Behaviour = (seq, worker) => (seq === 3 && worker === spawned[0] ? 'hang' : 'answer');
    const scheduler = startScheduler({ jobs: 1, timeoutMs: 100, flow: { files: [] }, spawn: fakeSpawn(hangs, spawned), timeoutMessage: 'past the limit' });
    const results: PoolResult[] = [];
    const run = scheduler.run(corpus(10), (r) => results.push(r));
    await vi.advanceTimersByTimeAsync(500);
    await run;
    scheduler.close();
    expect(bySeq(results).map((r) => r.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(results.filter((r) => r.kind === 'stopped')).toEqual([{ seq: 3, kind: 'stopped', reason: 'timeout', message: 'past the limit' }]);
  });

  it('refuses a batch answer that does not fit the batch, as a crash of that worker', async () => {
    const spawned: FakeWorker[] = [];
    let lied = false;
    const spawn = (events: SlotEvents): SlotWorker => {
      const honest = fakeSpawn(() => 'answer', spawned)(events);
      if (lied) return honest;
      lied = true;
      // the first worker answers each batch with a row too few
      return { ...honest, post: (m) => (m.type === 'batch' ? queueMicrotask(() => events.message({ type: 'rows', ...rowPacker<OtherResult>().pack() })) : honest.post(m)) };
    };
    const scheduler = startScheduler({ jobs: 1, timeoutMs: 1000, flow: { files: [] }, spawn, timeoutMessage: 'too long' });
    const results: PoolResult[] = [];
    await scheduler.run(corpus(5), (r) => results.push(r));
    scheduler.close();
    expect(bySeq(results).map((r) => r.seq)).toEqual([0, 1, 2, 3, 4]);
    const stopped = results.filter((r) => r.kind === 'stopped');
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({ reason: 'crashed', message: expect.stringMatching(/do not fit its batch/) });
  });

  it('an empty corpus is done at once', async () => {
    const scheduler = startScheduler({ jobs: 2, timeoutMs: 1000, flow: { files: [] }, spawn: fakeSpawn(() => 'answer', []), timeoutMessage: '' });
    const results: PoolResult[] = [];
    await scheduler.run(corpus(0), (r) => results.push(r));
    scheduler.close();
    expect(results).toEqual([]);
  });
});
