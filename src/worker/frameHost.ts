// The page's side of the sandbox frame (production builds). The frame is a
// hidden <iframe sandbox="allow-scripts"> of sandbox.html: an opaque origin,
// hence its own renderer process in Chromium, so a flow that allocates
// without bound kills that process and not the tab. Flow code never runs in
// this page. The frame runs each replay in a fresh worker with a spare kept
// ready, and enforces the time limit; this side adds:
//  - a private MessageChannel: its port is handed to our own iframe's window
//    once, and every answer is read from it, so no other frame can forge one;
//  - the worker's code, fetched once and sent to each new frame;
//  - each request on a port of its own, handed on by the frame to its worker
//    unread: a big trace is encoded and decoded once, not again in the frame;
//  - a frame whose process died (most likely out of memory) is found by its
//    port's close event where the browser fires one for a dead process
//    (Chromium 156 did not, on an out-of-memory kill: e2e/hostile-memory
//    measured the report ~9 s after the death), else by a heartbeat while a
//    replay runs: a frame silent for 8 s while this page's own timers ran on time. It is
//    removed and a fresh one made for the next replay. A hidden frame's
//    process runs at background priority, and on a busy machine went silent
//    for over 2 s mid-replay: the old 2 s limit called a sound replay out of
//    memory;
//  - a backstop should the frame's own time limit ever fail.
import { CONNECT, type FrameCommand, type FrameReport, type SandboxAnswer } from './replay.protocol';
import type { BatchEnd, ReplayHost } from './replayHost';

export interface FrameUrls {
  /** sandbox.html */
  readonly page: string;
  /** the replay worker's code, one classic script */
  readonly worker: string;
}

export interface FrameTiming {
  readonly pingEveryMs: number;
  /** a frame silent this long while it had answered before is dead */
  readonly silenceMs: number;
  /** a frame that has never answered gets this long to load first */
  readonly startMs: number;
  /** on top of the time limit, for the frame to start a worker and report the timeout itself */
  readonly graceMs: number;
}

export const TIMING: FrameTiming = { pingEveryMs: 500, silenceMs: 8_000, startMs: 10_000, graceMs: 5_000 };

/** What the host tells a job's listeners when the frame's port closed: its process is gone. */
const CLOSED = { type: 'closed' } as const;

/** What the host needs from its surroundings; tests pass stand-ins. */
export interface FrameEnv {
  readonly doc: Document;
  readonly load: (url: string) => Promise<string>;
  readonly timing: FrameTiming;
  /**
   * Whether a service worker serves sandbox.html (src/sw.ts): it sends it with
   * `sandbox allow-scripts` in its Content-Security-Policy header. A frame with
   * the sandbox attribute is an opaque origin before it is even fetched, so no
   * service worker can answer for it and offline it would not load: under the
   * worker the frame goes without the attribute, sandboxed by that header, and
   * is checked to be opaque before it gets the port.
   */
  readonly servedSandboxed: () => boolean;
}

interface Frame {
  readonly iframe: HTMLIFrameElement;
  readonly port: MessagePort;
  /** whether it has ever answered (its first pong is sent on connecting) */
  heard: boolean;
  hasCode: boolean;
  readonly listeners: Set<(report: FrameReport) => void>;
}

export function frameHost(urls: FrameUrls, env: Partial<FrameEnv> = {}): ReplayHost {
  const { doc = document, load = fetchText, timing = TIMING, servedSandboxed = underServiceWorker } = env;
  let code: Promise<string> | undefined;
  let frame: Frame | undefined;
  const workerCode = () => {
    code ??= load(urls.worker);
    code.catch(() => (code = undefined)); // try again on the next replay
    return code;
  };
  const send = (f: Frame, command: FrameCommand) => f.port.postMessage(command);
  /** Hand the frame the worker's code (posted now, read once the frame takes the port). */
  const giveCode = (f: Frame) =>
    workerCode().then((text) => {
      if (f.hasCode) return;
      f.hasCode = true;
      send(f, { type: 'script', text });
    });

  function open(): Frame {
    const iframe = doc.createElement('iframe');
    // allow-scripts and nothing else: no same origin, no forms, popups or navigation of the page.
    // Under the service worker, the same flags come in sandbox.html's header instead (see FrameEnv).
    let sandboxed = !servedSandboxed();
    if (sandboxed) iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.hidden = true;
    iframe.tabIndex = -1;
    iframe.title = 'Replay sandbox';
    iframe.src = urls.page;
    const channel = new MessageChannel();
    const f: Frame = { iframe, port: channel.port1, heard: false, hasCode: false, listeners: new Set() };
    channel.port1.onmessage = (event: MessageEvent<FrameReport>) => {
      if (event.data?.type === 'pong') f.heard = true;
      for (const listener of [...f.listeners]) listener(event.data);
    };
    // Fired when the frame's end of the channel is closed or goes away; where a dead process does not
    // fire it, the heartbeat finds the death.
    channel.port1.addEventListener('close', () => {
      for (const listener of [...f.listeners]) listener(CLOSED as unknown as FrameReport);
    });
    const connect = () => {
      if (!sandboxed && !isOpaque(iframe)) {
        // Not sandboxed by a header after all (no service worker answered): never connect such a frame; load it again with the attribute.
        sandboxed = true;
        iframe.setAttribute('sandbox', 'allow-scripts');
        iframe.src = urls.page;
        return;
      }
      iframe.removeEventListener('load', connect);
      // '*' because the frame's origin is opaque; the message goes to this very iframe's window, just loaded.
      iframe.contentWindow?.postMessage({ type: CONNECT }, '*', [channel.port2]);
    };
    iframe.addEventListener('load', connect);
    giveCode(f).catch(() => undefined); // run() reports it
    doc.body.append(iframe);
    return f;
  }

  function discard(f: Frame) {
    f.port.close();
    f.iframe.remove();
    if (frame === f) frame = open();
  }

  /**
   * Watch `f` while one job of it runs: its reports go to `onReport`, which may end the job; pings
   * find a frame that died (or never loaded), `backstopMs` a frame whose own time limit failed, and
   * an abort tells the frame to cancel. A broken frame is removed and a fresh one made.
   */
  function supervise<T>(
    f: Frame,
    id: number,
    signal: AbortSignal,
    ends: { lost: T; noSandbox: T; cancelled: T; backstop?: { ms: number; answer: T } },
    onReport: (report: FrameReport, finish: (answer: T) => void) => void,
    start: () => void
  ): Promise<T> {
    return new Promise<T>((resolve) => {
      let n = 0;
      /** when the unanswered ping was sent */
      let waiting: number | undefined;
      let over = false;
      const finish = (answer: T, broken = false) => {
        if (over) return;
        over = true;
        clearInterval(beat);
        clearTimeout(backstop);
        f.listeners.delete(listener);
        signal.removeEventListener('abort', onAbort);
        if (broken) discard(f);
        resolve(answer);
      };
      const listener = (report: FrameReport) => {
        if ((report as unknown) === CLOSED) finish(f.heard ? ends.lost : ends.noSandbox, true);
        else if (report?.type === 'pong' && report.n === n) waiting = undefined;
        else onReport(report, finish);
      };
      /** when the last tick ran: time this page itself did not run is not counted as the frame's silence */
      let ticked: number | undefined;
      // Judged by the oldest unanswered ping, not by ticks: a throttled page timer cannot fake a silence.
      const ping = () => {
        const now = performance.now();
        const late = ticked === undefined ? 0 : Math.max(0, now - ticked - timing.pingEveryMs);
        ticked = now;
        if (waiting !== undefined) waiting += late;
        if (waiting === undefined) {
          waiting = now;
          send(f, { type: 'ping', n: ++n });
        } else if (now - waiting > (f.heard ? timing.silenceMs : timing.startMs)) finish(f.heard ? ends.lost : ends.noSandbox, true);
      };
      const beat = setInterval(ping, timing.pingEveryMs);
      const backstop = ends.backstop ? setTimeout(() => finish(ends.backstop!.answer, true), ends.backstop.ms + timing.graceMs) : undefined;
      const onAbort = () => {
        send(f, { type: 'cancel', id });
        finish(ends.cancelled);
      };
      f.listeners.add(listener);
      signal.addEventListener('abort', onAbort);
      start();
      ping();
    });
  }

  /** The frame, with the worker code handed to it; or why the code did not load. */
  async function ready(): Promise<Frame | string> {
    const f = (frame ??= open());
    try {
      await giveCode(f);
      return f;
    } catch (error) {
      return `the replay worker's code did not load (${error instanceof Error ? error.message : String(error)})`;
    }
  }

  return {
    warm() {
      frame ??= open();
    },
    prime(job) {
      void ready().then((f) => {
        if (typeof f === 'string') return;
        // As a replay's request, the prime goes to the frame on a port of its own, from the engine.
        const direct = new MessageChannel();
        job.deliver(direct.port1);
        f.port.postMessage({ type: 'prime' } satisfies FrameCommand, [direct.port2]);
      });
    },
    async run(job, timeoutMs, signal) {
      const f = await ready();
      if (typeof f === 'string') return { kind: 'failed', message: f };
      // The request goes to the worker on a port of its own (queued until the worker takes it), not through the frame.
      const direct = new MessageChannel();
      const answer = await supervise<SandboxAnswer>(
        f,
        job.id,
        signal,
        { lost: { kind: 'lost' }, noSandbox: { kind: 'no-sandbox' }, cancelled: { kind: 'failed', message: 'cancelled' }, backstop: { ms: timeoutMs, answer: { kind: 'timeout', ms: timeoutMs } } },
        (report, finish) => {
          if (report?.type === 'answer' && report.id === job.id && report.answer) finish(report.answer);
          else if (report?.type === 'early' && report.id === job.id && report.early?.json instanceof Uint8Array) job.early?.(report.early);
        },
        () => {
          job.deliver(direct.port1);
          f.port.postMessage({ type: 'run', id: job.id, timeoutMs } satisfies FrameCommand, [direct.port2]);
        }
      );
      direct.port1.close();
      return answer;
    },
    async runBatch(job, flow, timeoutMs, onResults, signal, onRoundDone) {
      const f = await ready();
      if (typeof f === 'string') return { kind: 'failed', message: f };
      // The corpus goes to the frame on a port of its own, from whoever holds it (the engine worker).
      const corpus = new MessageChannel();
      const end = await supervise<BatchEnd>(
        f,
        job.id,
        signal,
        { lost: { kind: 'lost' }, noSandbox: { kind: 'no-sandbox' }, cancelled: { kind: 'cancelled' } },
        (report, finish) => {
          if (!report || !('id' in report) || report.id !== job.id) return;
          if (report.type === 'batch-results' && Array.isArray(report.results)) onResults(report.results, Array.isArray(report.running) ? report.running : []);
          else if (report.type === 'batch-round-done') onRoundDone?.();
          else if (report.type === 'batch-done') finish({ kind: 'done' });
          else if (report.type === 'batch-failed') finish({ kind: 'failed', message: String(report.message) });
        },
        () => {
          job.deliver(corpus.port1);
          f.port.postMessage({ type: 'batch', id: job.id, timeoutMs, flow } satisfies FrameCommand, [corpus.port2]);
        }
      );
      corpus.port1.close();
      return end;
    }
  };
}

/** Whether this page is controlled by the app's service worker, which answers for sandbox.html too. */
function underServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** A frame of another origin (an opaque one here) has no document this page can reach. */
function isOpaque(iframe: HTMLIFrameElement): boolean {
  try {
    return iframe.contentDocument === null;
  } catch {
    return true;
  }
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}
