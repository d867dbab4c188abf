// The app's corpus replay over (fake) Web Workers: the corpus message is checked before any trace
// is sent, results reach the page in bundles with the traces in flight, and the end is said once.
import { describe, expect, it } from 'vitest';
import { corpusOf, runBatch, type BatchReport } from './batchRun';
import { packCorpus } from '../core/batch/corpusBytes';
import { rowPacker } from '../core/batch/packedRows';
import { ITEM_STRIDE, type OtherResult, type PoolToWorker } from '../sandbox/batch/protocol';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('corpusOf', () => {
  it('reads the ranges of packed traces, and which hold an undefined error', () => {
    const packed = packCorpus([
      { bytes: bytes('{"a":1}'), undefinedErrors: [] },
      { bytes: bytes('{"b":22}'), undefinedErrors: [3] }
    ]);
    const corpus = corpusOf(packed);
    if (typeof corpus === 'string') throw new Error(corpus);
    expect(corpus.count).toBe(2);
    expect([...corpus.start]).toEqual([0, 7]);
    expect([...corpus.end]).toEqual([7, 15]);
    expect(corpus.undefinedErrors).toEqual(new Map([[1, [3]]]));
  });

  it('names what is wrong with a corpus that is not one', () => {
    expect(corpusOf(null)).toBe('the corpus did not arrive as bytes');
    expect(corpusOf({ bytes: [1, 2], ends: new Uint32Array(1) })).toBe('the corpus did not arrive as bytes');
    expect(corpusOf({ bytes: new Uint8Array(4), ends: Uint32Array.of(2, 9) })).toBe('trace 2 of the corpus ends outside its bytes');
    expect(corpusOf({ bytes: new Uint8Array(4), ends: Uint32Array.of(3, 2) })).toBe('trace 2 of the corpus ends outside its bytes');
  });
});

/** A stand-in batch worker: says which trace it is on, answers each batch with one row per trace. */
function fakeWorker(posted: PoolToWorker[]) {
  const worker = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    onerror: null,
    terminated: false,
    terminate() {
      worker.terminated = true;
    },
    postMessage(m: PoolToWorker) {
      posted.push(m);
      if (m.type !== 'batch') return;
      setTimeout(() => {
        if (worker.terminated) return;
        const packer = rowPacker<OtherResult>();
        for (let at = 0; at < m.items.length; at += ITEM_STRIDE) {
          worker.onmessage?.({ data: { type: 'at', seq: m.items[at] } });
          packer.row(m.items[at]!, { verdict: 'fixed', path: undefined, stepIndex: undefined, unreached: [], detail: 'Success', outcomeUnproven: false }, 2);
        }
        worker.onmessage?.({ data: { type: 'rows', ...packer.pack() } });
      }, 1);
    }
  };
  return worker;
}

function runOver(corpusMessage: unknown, jobs: number) {
  const posted: PoolToWorker[] = [];
  const reports: BatchReport[] = [];
  const channel = new MessageChannel();
  return new Promise<{ reports: BatchReport[]; posted: PoolToWorker[] }>((resolve) => {
    runBatch(() => fakeWorker(posted) as unknown as Worker, jobs, { id: 5, timeoutMs: 1000, flow: { files: [] } }, channel.port1, (r) => {
      reports.push(r);
      if (r.type !== 'batch-results') resolve({ reports, posted });
    });
    channel.port2.postMessage(corpusMessage);
  });
}

describe('runBatch', () => {
  it('replays every trace of the corpus and reports them in bundles, then done once', async () => {
    const traces = Array.from({ length: 300 }, (_, i) => ({ bytes: bytes(`{"n":${i}}`), undefinedErrors: [] }));
    const { reports, posted } = await runOver(packCorpus(traces), 2);
    const results = reports.flatMap((r) => (r.type === 'batch-results' ? r.results : []));
    expect(results.map((r) => r.seq).sort((a, b) => a - b)).toEqual(traces.map((_, i) => i));
    expect(reports.filter((r) => r.type === 'batch-results').length).toBeLessThan(results.length / 10);
    expect(reports.at(-1)).toEqual({ type: 'batch-done', id: 5 });
    expect(reports.filter((r) => r.type !== 'batch-results')).toHaveLength(1);
    expect(posted.filter((m) => m.type === 'flow')).toHaveLength(2);
  });

  it('a corpus that is not one fails the batch, saying why, before any trace is sent', async () => {
    const { reports, posted } = await runOver({ bytes: 'no' }, 2);
    expect(reports.at(-1)).toEqual({ type: 'batch-failed', id: 5, message: 'the corpus did not arrive as bytes' });
    expect(posted.filter((m) => m.type === 'batch')).toHaveLength(0);
  });

  it('candidates: each corpus on the port is a round on the same workers, its results before its round-done, until cancelled', async () => {
    const posted: PoolToWorker[] = [];
    const reports: BatchReport[] = [];
    const channel = new MessageChannel();
    let roundDone: () => void = () => undefined;
    const run = runBatch(() => fakeWorker(posted) as unknown as Worker, 2, { id: 9, timeoutMs: 1000, flow: { files: [], candidates: true } }, channel.port1, (r) => {
      reports.push(r);
      if (r.type === 'batch-round-done') roundDone();
    });
    const round = async (n: number) => {
      const before = reports.length;
      const done = new Promise<void>((resolve) => (roundDone = resolve));
      channel.port2.postMessage(packCorpus(Array.from({ length: n }, (_, i) => ({ bytes: bytes(`{"n":${i}}`), undefinedErrors: [] }))));
      await done;
      return reports.slice(before);
    };
    for (const n of [5, 3]) {
      const got = await round(n);
      expect(got.at(-1)).toEqual({ type: 'batch-round-done', id: 9 });
      expect(got.flatMap((r) => (r.type === 'batch-results' ? r.results.map((x) => x.seq) : [])).sort()).toEqual(Array.from({ length: n }, (_, i) => i));
    }
    // Two workers for both rounds: started once.
    expect(posted.filter((m) => m.type === 'flow')).toHaveLength(2);
    // Cancel ends it, and its host says so: nothing more is reported, and a later corpus is not replayed.
    const said = reports.length;
    run.cancel();
    channel.port2.postMessage(packCorpus([{ bytes: bytes('{}'), undefinedErrors: [] }]));
    await new Promise((r) => setTimeout(r, 20));
    expect(reports).toHaveLength(said);
    expect(posted.filter((m) => m.type === 'batch').length).toBeGreaterThanOrEqual(2);
    channel.port2.close();
  });
});
