// The CLI's sandbox, as built (dist-cli/sandbox-boot.cjs → sandbox-worker.cjs, the worker every
// `timescope replay` and `replay-all` runs flow code in), started in its batch mode as
// sandbox/node/pool.ts starts it: the same heap cap, no env, argv or stdin, shared memory for the
// trace it is on. Each snippet is replayed in a fresh Compartment with a fresh evaluation of its
// modules (sandbox/batch/server.ts), the worker's realm locked once for all of them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PoolToWorker, WorkerToPool } from '../../../src/sandbox/batch/protocol';
import { replayOnce, type BatchPort, type SnippetAnswer } from './batchClient';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLI_BOOT = path.join(ROOT, 'dist-cli/sandbox-boot.cjs');

export interface SandboxJob {
  readonly files: readonly { name: string; text: string }[];
  readonly entry: string;
  readonly exportName: string;
  readonly traceText: string;
}

interface Slot {
  worker: Worker;
  port: BatchPort;
}

/** A few batch workers serving jobs in order; a job that runs past `timeoutMs` gets a 'failed' answer and its worker is replaced. */
export function cliSandbox(options: { jobs: number; timeoutMs?: number; maxMemoryMb?: number }) {
  const encoder = new TextEncoder();
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxMemoryMb = options.maxMemoryMb ?? 512;

  function spawn(): Slot {
    const progress = new Int32Array(new SharedArrayBuffer(8));
    progress[0] = -1;
    const worker = new Worker(CLI_BOOT, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 64 },
      env: {},
      argv: [],
      stdin: false,
      workerData: { mode: 'batch', progress: progress.buffer }
    });
    const inbox: WorkerToPool[] = [];
    let waiting: ((m: WorkerToPool) => void) | undefined;
    const deliver = (m: WorkerToPool) => {
      if (waiting) {
        const w = waiting;
        waiting = undefined;
        w(m);
      } else inbox.push(m);
    };
    worker.on('message', (m: WorkerToPool) => {
      if (m.type === 'rows' || m.type === 'failed') deliver(m);
    });
    worker.on('error', (e) => deliver({ type: 'failed', message: `the sandbox worker stopped: ${e.message}` }));
    worker.on('exit', (code) => deliver({ type: 'failed', message: `the sandbox worker exited (code ${code})` }));
    const port: BatchPort = {
      post: (m: PoolToWorker) => worker.postMessage(m),
      next: () => (inbox.length > 0 ? Promise.resolve(inbox.shift()!) : new Promise((resolve) => (waiting = resolve)))
    };
    return { worker, port };
  }

  const slots: Slot[] = Array.from({ length: options.jobs }, spawn);

  async function runOn(i: number, job: SandboxJob): Promise<SnippetAnswer> {
    const slot = slots[i]!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<SnippetAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'failed', message: `no answer within ${timeoutMs} ms` }), timeoutMs);
    });
    const answer = await Promise.race([replayOnce(slot.port, job.files, job.entry, job.exportName, encoder.encode(job.traceText)), timeout]);
    clearTimeout(timer);
    if (answer.kind === 'failed') {
      void slot.worker.terminate();
      slots[i] = spawn();
    }
    return answer;
  }

  return {
    /** Every job's answer, in order. */
    async runAll(jobs: readonly SandboxJob[]): Promise<SnippetAnswer[]> {
      const answers: SnippetAnswer[] = new Array(jobs.length);
      let next = 0;
      await Promise.all(
        slots.map(async (_, i) => {
          while (next < jobs.length) {
            const at = next++;
            answers[at] = await runOn(i, jobs[at]!);
          }
        })
      );
      return answers;
    },
    close(): Promise<unknown> {
      return Promise.all(slots.map((s) => s.worker.terminate()));
    }
  };
}
