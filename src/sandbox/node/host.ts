// Runs one replay in a fresh worker_threads worker (worker.ts) with a heap cap
// and a time limit, and turns whatever happened into plain data: the replay's
// result, or why there is none. Used by the CLI and by the sandbox's tests.
import { Worker } from 'node:worker_threads';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { RunResult } from '../../core/source/runFlow';
import type { SandboxMessage, SandboxRequest } from './protocol';

export interface SandboxLimits {
  readonly timeoutMs: number;
  /** the worker's old-generation heap, in MB */
  readonly maxMemoryMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 5_000, maxMemoryMb: 1_024 };

export type SandboxOutcome =
  /** activeMs: the part of ms the worker's event loop was busy, not waiting (on a Retry's timer, say) */
  | { readonly kind: 'result'; readonly result: RunResult; readonly ms: number; readonly activeMs: number }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'memory'; readonly maxMemoryMb: number }
  | { readonly kind: 'crashed'; readonly message: string };

export interface SandboxHandle {
  /** Settles when the worker has locked its realm and waits for the request (or has ended). */
  readonly ready: Promise<void>;
  /** Send the one request this worker serves, and wait for what became of it. */
  run(request: SandboxRequest): Promise<SandboxOutcome>;
  /** End the worker (if it still runs): a process with a live worker would not exit. */
  dispose(): void;
}

/**
 * Start the sandbox worker now, so it locks its realm while the caller reads
 * files; `run` sends the request. The time limit counts from `run`.
 */
export function startSandbox(workerFile: URL | string, limits: SandboxLimits = DEFAULT_LIMITS, execArgv: string[] = []): SandboxHandle {
  const worker = new Worker(workerFile, {
    execArgv,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.maxMemoryMb / 8)) },
    // The flow gets no environment, no argv and no stdin; its console is silenced inside anyway.
    env: {},
    argv: [],
    stdin: false
  });
  let settle: ((o: SandboxOutcome) => void) | undefined;
  let early: SandboxOutcome | undefined;
  let isReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const finish = (o: SandboxOutcome) => {
    isReady();
    if (settle) settle(o);
    else early ??= o;
    settle = () => undefined;
    void worker.terminate();
  };
  worker.on('message', (m: SandboxMessage) => {
    if (m.type === 'ready') isReady();
    else if (m.type === 'done') {
      const ms = performance.now() - started;
      // Node's 0 ms timer waits at least 1 ms: a replay with many Retries spends much of ms idle.
      const activeMs = worker.performance.eventLoopUtilization(loopAtStart).active;
      try {
        finish({ kind: 'result', result: JSON.parse(m.json) as RunResult, ms, activeMs });
      } catch {
        finish({ kind: 'crashed', message: 'the sandbox answered with something that is not a replay result' });
      }
    } else if (m.type === 'failed') finish({ kind: 'crashed', message: m.message });
  });
  worker.on('error', (e: Error & { code?: string }) => {
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') finish({ kind: 'memory', maxMemoryMb: limits.maxMemoryMb });
    else finish({ kind: 'crashed', message: e.message });
  });
  worker.on('exit', (code) => finish({ kind: 'crashed', message: `the sandbox worker exited (code ${code}) before it answered` }));
  let started = 0;
  let loopAtStart: EventLoopUtilization | undefined;

  return {
    ready,
    run(request) {
      started = performance.now();
      loopAtStart = worker.performance.eventLoopUtilization();
      return new Promise<SandboxOutcome>((resolve) => {
        if (early) {
          resolve(early);
          return;
        }
        const timer = setTimeout(() => finish({ kind: 'timeout', ms: limits.timeoutMs }), limits.timeoutMs);
        settle = (o) => {
          clearTimeout(timer);
          resolve(o);
        };
        worker.postMessage(request);
      });
    },
    dispose() {
      settle = () => undefined;
      void worker.terminate();
    }
  };
}
