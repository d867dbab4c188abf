// The sandbox frame's script (built into sandbox.html as one inline classic
// script, see vite.sandbox-frame.ts). The page embeds sandbox.html in an
// <iframe sandbox="allow-scripts">: an opaque origin, so Chromium gives it a
// renderer process of its own, and a flow that allocates without bound takes
// down only that process, not the tab. Here:
//  - the page's first message on this window carries a private MessagePort;
//    everything after goes over that port, and any other message is ignored;
//  - the page sends the replay worker's code once; workers are made from a
//    Blob URL of it (an opaque origin cannot start a worker from a URL);
//  - each replay runs in a fresh worker with one spare kept ready
//    (replayPool), under the time limit; its request arrives from the page
//    on a port of its own, handed on to the worker unread;
//  - a corpus replay ("Replay all") runs in batch workers instead, one per
//    core, each a fresh Compartment per trace, scheduled as the CLI's are
//    (batchRun.ts); its corpus arrives on a port of its own;
//  - pings are answered, so the page can tell when this process has died.
import { replayPool, type ReplayPool } from './replayPool';
import { runBatch } from './batchRun';
import { batchSize } from './batchSize';
import { BATCH_WORKER_NAME, CONNECT, type EarlyAnswer, type FrameCommand, type FrameReport, type PrimeRequest, type WorkerDelivery } from './replay.protocol';
import { answerBuffers } from '../core/replay/pipelineText';

let port: MessagePort | undefined;
let pool: ReplayPool | undefined;
/** makes a batch worker (Replay all), once the page has sent the code */
let batchWorker: (() => Worker) | undefined;
const running = new Map<number, AbortController>();
const batches = new Map<number, { cancel(): void }>();
// location.origin is the URL's origin (the app's), while this document's own origin is opaque.
const appOrigin = location.origin;

/** To the page; a replay's answer moves its buffers rather than copying them. */
const report = (message: FrameReport) => port?.postMessage(message, message.type === 'answer' && message.answer.kind === 'done' ? [...answerBuffers(message.answer.answer), ...(message.answer.baseline ? answerBuffers(message.answer.baseline) : [])] : []);

function handle(command: FrameCommand, ports: readonly MessagePort[]) {
  switch (command?.type) {
    case 'script': {
      if (pool || typeof command.text !== 'string') return;
      const url = URL.createObjectURL(new Blob([command.text], { type: 'text/javascript' }));
      pool = replayPool(() => new Worker(url, { name: 'timescope-replay' }));
      batchWorker = () => new Worker(url, { name: BATCH_WORKER_NAME });
      pool.warm();
      return;
    }
    case 'batch': {
      const corpusPort = ports[0];
      if (!batchWorker || !corpusPort) {
        report({ type: 'batch-failed', id: command.id, message: 'the sandbox has no replay worker code' });
        return;
      }
      batches.set(
        command.id,
        runBatch(batchWorker, batchSize(), command, corpusPort, (r) => {
          if (r.type !== 'batch-results') batches.delete(command.id);
          report(r);
        })
      );
      return;
    }
    case 'prime': {
      // The open trace and flow, posted on the port by the engine that holds the trace (PrimeRequest).
      const primePort = ports[0];
      if (!pool || !primePort) return;
      const host = pool;
      primePort.onmessage = (e: MessageEvent<PrimeRequest>) => {
        primePort.close();
        if (e.data?.type === 'prime') host.prime(e.data);
      };
      return;
    }
    case 'ping':
      report({ type: 'pong', n: command.n });
      return;
    case 'cancel':
      running.get(command.id)?.abort();
      batches.get(command.id)?.cancel();
      batches.delete(command.id);
      return;
    case 'run': {
      const { id, timeoutMs } = command;
      const requestPort = ports[0];
      const host = pool;
      if (!host || !requestPort) {
        report({ type: 'answer', id, answer: { kind: 'failed', message: 'the sandbox has no replay worker code' } });
        return;
      }
      const controller = new AbortController();
      running.set(id, controller);
      // The request itself comes from the page on requestPort, straight to the worker.
      const deliver = (worker: Worker) => worker.postMessage({ type: 'port' } satisfies WorkerDelivery, [requestPort]);
      const early = (answer: EarlyAnswer) => {
        if (!controller.signal.aborted) report({ type: 'early', id, early: answer });
      };
      void host.run(id, deliver, timeoutMs, controller.signal, early).then((answer) => {
        running.delete(id);
        requestPort.close();
        if (!controller.signal.aborted) report({ type: 'answer', id, answer });
      });
    }
  }
}

window.addEventListener('message', function connect(event: MessageEvent<unknown>) {
  if (port || event.source !== window.parent || event.origin !== appOrigin) return;
  if ((event.data as { type?: unknown } | null)?.type !== CONNECT || !event.ports[0]) return;
  window.removeEventListener('message', connect);
  port = event.ports[0];
  port.onmessage = (e: MessageEvent<FrameCommand>) => handle(e.data, e.ports);
  report({ type: 'pong', n: 0 });
});
