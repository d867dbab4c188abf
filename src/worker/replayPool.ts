// Every replay in a brand-new worker, terminated afterwards: nothing a flow
// did (a patched global, a closed port, a promise left pending) survives into
// the next replay. A worker takes a few hundred ms to load ses and the engine
// and lock its realm, so one spare is always started ahead and has said
// 'ready' before it is needed; after each replay the next spare starts.
// The sandbox frame runs this; so does the page itself in `npm run dev`.
import type { EarlyAnswer, PrimeRequest, SandboxAnswer, WorkerMessage } from './replay.protocol';
import type { SplitAnswer } from '../core/replay/pipelineText';

export interface ReplayPool {
  /** Start the spare now, if there is none. */
  warm(): void;
  /**
   * One replay in the spare, which is then terminated: `deliver` hands the
   * worker request `id` (the request itself, or a port it arrives on). Never
   * rejects; an abort answers 'failed'. `onEarly` gets the verdict ahead of the answer (EarlyAnswer).
   */
  run(id: number, deliver: (worker: Worker) => void, timeoutMs: number, signal?: AbortSignal, onEarly?: (early: EarlyAnswer) => void): Promise<SandboxAnswer>;
  /**
   * Keep `request` (the open trace and flow, PrimeRequest) and hand it to the spare once it is
   * ready, and to every spare after it, until another replaces it. A spare already taken by a
   * replay gets none: it parses what its request brings.
   */
  prime(request: PrimeRequest): void;
}

export interface Spare {
  readonly worker: Worker;
  /** undefined once the worker said 'ready', else why it never will */
  readonly ready: Promise<string | undefined>;
}

export const CANCELLED: SandboxAnswer = { kind: 'failed', message: 'cancelled' };

/** An answer of the shape a worker posts: two texts and their offsets, nothing else read. */
function isSplitAnswer(a: unknown): a is SplitAnswer {
  const x = a as Partial<SplitAnswer> | null | undefined;
  return x?.json instanceof Uint8Array && x.pipeline instanceof Uint8Array && x.pipelineAt instanceof Uint32Array && (x.narration === undefined || x.narration instanceof Uint8Array);
}

export function start(spawn: () => Worker): Spare {
  let worker: Worker;
  try {
    worker = spawn();
  } catch (error) {
    const message = `the replay worker could not be created: ${error instanceof Error ? error.message : String(error)}`;
    return { worker: { terminate: () => undefined } as Worker, ready: Promise.resolve(message) };
  }
  const ready = new Promise<string | undefined>((resolve) => {
    const settle = (failure: string | undefined) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      resolve(failure);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if ((event.data as WorkerMessage | undefined)?.type === 'ready') settle(undefined);
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      settle(`the replay worker did not start: ${event.message || 'its script failed to load'}`);
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
  return { worker, ready };
}

/** The verdict a worker posts ahead of its answer: its bytes and time, nothing else read. */
function isEarly(e: unknown): e is EarlyAnswer {
  const x = e as Partial<EarlyAnswer> | null | undefined;
  return x?.json instanceof Uint8Array && typeof x.ms === 'number' && (x.baseline === undefined || x.baseline instanceof Uint8Array);
}

/** Hand over the one request and wait for its answer, the time limit, an abort or a crash; the verdict ahead of it goes to `onEarly`. */
export function serve(
  worker: Worker,
  id: number,
  deliver: (worker: Worker) => void,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  onEarly?: (early: EarlyAnswer) => void
): Promise<SandboxAnswer> {
  return new Promise((resolve) => {
    const finish = (answer: SandboxAnswer) => {
      clearTimeout(timer);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    // Code stuck in a loop cannot be interrupted from inside: terminating the worker is the only stop.
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
    const onMessage = (event: MessageEvent<unknown>) => {
      const m = event.data as WorkerMessage | undefined;
      if (!m || !('id' in m) || m.id !== id) return;
      if (m.type === 'early' && isEarly(m.early)) {
        const { json, baseline, ms } = m.early;
        onEarly?.({ json, ms: Number(ms), ...(baseline ? { baseline } : {}) });
      } else if (m.type === 'done' && isSplitAnswer(m.answer)) {
        finish({ kind: 'done', answer: m.answer, ms: Number(m.ms), ...(isSplitAnswer(m.baseline) ? { baseline: m.baseline } : {}) });
      } else if (m.type === 'failed') finish({ kind: 'failed', message: String(m.message) });
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      finish({ kind: 'failed', message: event.message || 'the replay worker stopped' });
    };
    const onAbort = () => finish(CANCELLED);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort);
    deliver(worker);
  });
}

export const untilAbort = (signal: AbortSignal | undefined) =>
  new Promise<'aborted'>((resolve) => (signal?.aborted ? resolve('aborted') : signal?.addEventListener('abort', () => resolve('aborted'), { once: true })));

/**
 * The next spare starts this long after a replay's answer (a timer, so after the answer's own
 * task). It was 300 ms, to leave the page reading the answer a core to itself; but the spare then
 * still starts, loads, warms up and parses its prime (the open trace) for ~0.5 s after that, and a
 * Replay pressed again in that second waited on it: perf/browser.mjs's second and third clicks on
 * the 10,000-step trace (0.5 s after the page is quiet) took 211-353 ms against 178-215 ms with no
 * wait, two rounds each, and neither had a long task. The page reads the answer on its own core.
 */
export const SPARE_AFTER_MS = 0;

export function replayPool(spawn: () => Worker, spareAfterMs = SPARE_AFTER_MS): ReplayPool {
  let spare: Spare | undefined;
  let later: ReturnType<typeof setTimeout> | undefined;
  let primed: PrimeRequest | undefined;
  /** the prime each spare was given (posted as a copy: the pool keeps it for the next spare) */
  const given = new WeakMap<Spare, PrimeRequest>();
  const primeSpare = () => {
    const s = spare;
    const request = primed;
    if (!s || !request) return;
    void s.ready.then((failure) => {
      if (failure !== undefined || spare !== s || primed !== request || given.get(s) === request) return;
      given.set(s, request);
      s.worker.postMessage(request);
    });
  };
  const warm = () => {
    clearTimeout(later);
    if (spare) return;
    spare = start(spawn);
    primeSpare();
  };
  return {
    warm,
    prime(request) {
      primed = request;
      primeSpare();
    },
    async run(id, deliver, timeoutMs, signal, onEarly) {
      const { worker, ready } = spare ?? start(spawn);
      spare = undefined;
      try {
        const failure = await Promise.race([ready, untilAbort(signal)]);
        if (failure === 'aborted') return CANCELLED;
        if (failure !== undefined) return { kind: 'failed', message: failure };
        return await serve(worker, id, deliver, timeoutMs, signal, onEarly);
      } finally {
        worker.terminate();
        clearTimeout(later);
        later = setTimeout(warm, spareAfterMs);
      }
    }
  };
}
