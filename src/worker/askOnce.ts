// One question to a worker made for it, then the worker is ended: for work that must leave the
// UI thread but holds nothing afterwards (reading a capsule, parsing a second trace). A worker
// that dies answers too, through `failed`, so a caller never waits for ever.
export function askOnce<Q, A>(worker: Worker, question: Q, transfer: Transferable[], failed: (message: string) => A): Promise<A> {
  return new Promise<A>((resolve) => {
    const done = (answer: A) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<A>) => done(event.data);
    worker.onerror = (event) => done(failed(event.message || 'unknown error'));
    worker.postMessage(question, transfer);
  });
}
