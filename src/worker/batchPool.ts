// The workers of a corpus replay ("Replay all"): up to `size` batch workers
// (one per core), each serving replay after replay in a fresh Compartment of
// its locked realm. A worker is reused only after an answer: one that hit the
// time limit, failed or was cancelled is terminated, so a flow stuck in a
// loop on one trace costs that trace, and the next trace gets a new worker.
// `end` terminates them all once the corpus is done.
import { CANCELLED, serve, start, untilAbort, type Spare } from './replayPool';
import type { SandboxAnswer } from './replay.protocol';

export interface BatchPool {
  /** One replay in an idle batch worker (started when fewer than `size` run); never rejects. */
  run(id: number, deliver: (worker: Worker) => void, timeoutMs: number, signal?: AbortSignal): Promise<SandboxAnswer>;
  /** Terminate every worker; the next run starts new ones. */
  end(): void;
}

export function batchPool(spawn: () => Worker, size: number): BatchPool {
  const idle: Spare[] = [];
  const waiting: Array<(worker: Spare) => void> = [];
  /** workers started and not yet terminated, idle or serving */
  let live = 0;
  const begin = () => {
    live++;
    return start(spawn);
  };
  const take = (): Promise<Spare> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (live < size) return Promise.resolve(begin());
    return new Promise((resolve) => waiting.push(resolve));
  };
  /** After a run: its worker to the next job waiting (or a new one in place of a terminated worker), else idle. */
  const give = (worker: Spare | undefined) => {
    const next = waiting.shift();
    if (next) next(worker ?? begin());
    else if (worker) idle.push(worker);
  };

  return {
    async run(id, deliver, timeoutMs, signal) {
      const spare = await take();
      let reusable = false;
      try {
        const failure = await Promise.race([spare.ready, untilAbort(signal)]);
        if (failure === 'aborted') return CANCELLED;
        if (failure !== undefined) return { kind: 'failed', message: failure };
        const answer = await serve(spare.worker, id, deliver, timeoutMs, signal);
        reusable = answer.kind === 'done';
        return answer;
      } finally {
        if (!reusable) {
          spare.worker.terminate();
          live--;
        }
        give(reusable ? spare : undefined);
      }
    },
    end() {
      for (const spare of idle.splice(0)) {
        spare.worker.terminate();
        live--;
      }
    }
  };
}
