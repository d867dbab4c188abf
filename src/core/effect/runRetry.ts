// Running a Retry (spec §2.4): attempts under `<k>r<i>/`, waits, exhaustion,
// and the onExhausted fallback under `<k>rf/`.

import { notEffectError } from './errors';
import { cancelled, IoFault, isIoFault, type StepResult } from './internal';
import { isEffect } from './kinds';
import type { RetryNode } from './nodes';
import type { HeldResult, Run } from './run';
import { currentTracer } from './tracer';

/** `held`, given while tracing: what produced the value of the attempt (or fallback) that succeeded. */
export async function runRetry(run: Run, node: RetryNode, signal: AbortSignal | undefined, path: string, held?: HeldResult): Promise<StepResult> {
  const o = node.options;
  const attempts = o.attempts ?? 3;
  const delay = o.delay ?? 100;
  const backoff = o.backoff ?? 1;
  let lastError: unknown;
  for (let i = 0; i <= attempts; i += 1) {
    if (i > 0) await wait(run.fastRetry ? 0 : delay * backoff ** (i - 1), signal);
    if (signal?.aborted) return cancelled();
    // Every attempt re-runs the whole wrapped tree, Commands that succeeded included.
    const prefix = `${path}r${i}/`;
    // A try after the first starts the tree over: the tracer tells its steps so (provenance.ts).
    if (i > 0) currentTracer()?.tryBegan(prefix);
    const out = await run.sequence(node.effect, signal, prefix, held);
    // Only an I/O fault is retried; a Success or Failure is returned at once.
    if (!isIoFault(out)) return out;
    lastError = out.error;
  }
  const exhaustion = { retryExhausted: true as const, lastError, attempts };
  const onExhausted = o.onExhausted;
  if (typeof onExhausted !== 'function') return new IoFault(exhaustion);
  if (signal?.aborted) return cancelled();
  const fallback = buildFallback(onExhausted, exhaustion, path);
  if (!isEffect(fallback)) throw notEffectError("Retry option 'onExhausted'", fallback);
  // The fallback's outcome is returned as it is: not wrapped, and a throw in it is an I/O fault again.
  return run.sequence(fallback, signal, `${path}rf/`, held);
}

/** onExhausted, called with the exhaustion object: what the fallback's nodes received (provenance.ts). */
function buildFallback<E>(onExhausted: (e: E) => unknown, exhaustion: E, path: string): unknown {
  const t = currentTracer();
  if (!t) return onExhausted(exhaustion);
  t.enter(exhaustion, { kind: 'onExhausted', retry: path }, { kind: 'exhaustion', retry: path });
  try {
    return onExhausted(exhaustion);
  } finally {
    t.leave();
  }
}

/**
 * A task of its own, in a browser. A browser clamps a timer set inside a
 * chain of five or more timer tasks to 4 ms; a retry storm replayed with
 * fastRetry (160 retries in a 10,000-step trace) spent ~0.6 s of its replay
 * in that clamp. A timer set from a message task starts a new chain, so it
 * fires at once. Node does not clamp (and its MessageChannel is slow), so
 * there the wait is the plain timer. The channel is made at load, before a
 * sandbox takes MessageChannel from the globals: the runtime keeps it, the
 * flow's code cannot reach it.
 */
const isNode = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
const hop = !isNode && typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
const hopping: (() => void)[] = [];
if (hop) hop.port1.onmessage = () => hopping.shift()?.();

function freshTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    hopping.push(resolve);
    hop?.port2.postMessage(0);
  });
}

/**
 * A real timer turn even for 0 ms (§9), ended early when the branch is
 * cancelled. A wait that begins in an aborted scope, or whose scope is
 * aborted while it waits, ends in the next microtask turn, not at the timer
 * (§6.11 "Retry wait"): the abort listener is in place before any hop.
 */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) {
      resolve();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const done = (): void => {
      if (ended) return;
      ended = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    signal?.addEventListener('abort', done, { once: true });
    const arm = (): void => {
      if (!ended) timer = setTimeout(done, ms);
    };
    if (ms === 0 && hop) void freshTask().then(arm);
    else arm();
  });
}
