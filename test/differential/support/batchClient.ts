// Drives one sandbox batch worker (sandbox/batch/server.ts: the CLI's worker thread, or the app's
// replay worker started as a batch worker) with its own protocol, one snippet at a time: the
// snippet's flow and its trace, then a batch of that one trace, then its row. The server takes a new flow between
// batches (each replay gets a fresh Compartment and a fresh evaluation of the flow's modules), so
// one worker serves the whole corpus, where a replay of its own would start a worker each time.
// Plain TypeScript with no Node or DOM import: the e2e spec runs it in the page, as JavaScript.
import type { PoolToWorker, WorkerToPool, OtherResult } from '../../../src/sandbox/batch/protocol';
import type { BatchRow } from '../../../src/core/batch/row';

export interface BatchPort {
  post(m: PoolToWorker): void;
  /** the worker's next message of these types (others, such as 'at', are dropped) */
  next(): Promise<WorkerToPool>;
}

export type SnippetAnswer = { readonly kind: 'row'; readonly row: BatchRow } | { readonly kind: 'other'; readonly other: OtherResult } | { readonly kind: 'failed'; readonly message: string };

/** The row (or other result) of replaying `files` against the trace `trace` (its UTF-8 bytes). */
export async function replayOnce(port: BatchPort, files: readonly { name: string; text: string }[], entry: string, exportName: string, trace: Uint8Array): Promise<SnippetAnswer> {
  // The server takes a flow and chunks at once, and replays the batch after them with them.
  port.post({ type: 'flow', flow: { files, entry, exportName } });
  port.post({ type: 'chunks', chunks: [{ index: 0, bytes: trace }] });
  port.post({ type: 'batch', items: Int32Array.from([0, 0, 0, trace.length]) });
  for (;;) {
    const m = await port.next();
    if (m.type === 'failed') return { kind: 'failed', message: m.message };
    if (m.type !== 'rows') continue;
    const { rows, others } = JSON.parse(m.json) as { rows: BatchRow[]; others: OtherResult[] };
    if (others.length > 0) return { kind: 'other', other: others[0]! };
    // one item: its row is the batch's only distinct row
    if (rows.length === 1) return { kind: 'row', row: rows[0]! };
    return { kind: 'failed', message: `a batch of one answered ${rows.length} rows` };
  }
}
