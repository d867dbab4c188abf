// One request at a time to a worker: starting a new one cancels the old by
// terminating its worker, so a stale answer never lands; a time limit
// terminates it too (code stuck in a loop cannot be interrupted any other
// way). A fresh worker is made on the next call.

export interface SingleFlight<Req, Res> {
  /** Start the worker now, so the first call does not wait for it to load. */
  warm(): void;
  call(build: (id: number) => Req, options: { isAnswer(message: unknown, id: number): message is Res; timeoutMs?: number; onTimeout?: () => Error; onOther?(message: unknown, id: number): void }): Promise<Res>;
}

export function singleFlight<Req, Res>(create: () => Worker, crashLabel: string): SingleFlight<Req, Res> {
  let worker: Worker | undefined;
  let nextId = 1;
  let cancelCurrent: (() => void) | undefined;
  const kill = (w: Worker) => {
    w.terminate();
    if (worker === w) worker = undefined;
  };
  return {
    warm() {
      worker ??= create();
    },
    call(build, { isAnswer, timeoutMs, onTimeout, onOther }) {
      cancelCurrent?.();
      const id = nextId++;
      const w = (worker ??= create());
      return new Promise<Res>((resolve, reject) => {
        const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
          cleanup();
          kill(w);
          reject(onTimeout?.() ?? new Error(`${crashLabel} did not answer in time.`));
        }, timeoutMs);
        const cleanup = () => {
          if (timer !== undefined) clearTimeout(timer);
          w.removeEventListener('message', onMessage);
          w.removeEventListener('error', onError);
          if (cancelCurrent === cancel) cancelCurrent = undefined;
        };
        const onMessage = (event: MessageEvent<unknown>) => {
          if (isAnswer(event.data, id)) {
            cleanup();
            resolve(event.data);
          } else onOther?.(event.data, id);
        };
        const onError = (event: ErrorEvent) => {
          cleanup();
          kill(w);
          reject(new Error(`${crashLabel} failed: ${event.message || 'unknown error'}`));
        };
        const cancel = () => {
          cleanup();
          kill(w);
          reject(new DOMException('A newer request replaced this one.', 'AbortError'));
        };
        cancelCurrent = cancel;
        w.addEventListener('message', onMessage);
        w.addEventListener('error', onError);
        w.postMessage(build(id));
      });
    }
  };
}
