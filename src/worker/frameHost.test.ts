import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf } from './test-support/answer';
import { frameHost, type FrameTiming } from './frameHost';
import { CONNECT, type FrameCommand, type FrameReport, type PrimeRequest, type ReplayRequest } from './replay.protocol';

/** How the stand-in sandbox frame behaves: answers, dies mid-replay, never loads, or answers pings but never the replay. */
type Behaviour = 'answers' | 'dies' | 'never-loads' | 'hangs' | 'crashes';

const timing: FrameTiming = { pingEveryMs: 10, silenceMs: 60, startMs: 150, graceMs: 100 };
const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

/** A job whose request is posted on the port it is given, as the engine worker does. */
const job = (request: ReplayRequest) => ({ id: request.id, deliver: (port: MessagePort) => port.postMessage(request) });

/** An <iframe> stand-in whose window runs a tiny sandbox frame over the port it is handed. */
class FakeIframe extends EventTarget {
  removed = false;
  hidden = false;
  tabIndex = 0;
  title = '';
  src = '';
  readonly attributes = new Map<string, string>();
  readonly commands: string[] = [];
  /** the keys of the primes that reached the frame on their ports */
  readonly primes: string[] = [];
  constructor(readonly behaviour: Behaviour) {
    super();
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  remove() {
    this.removed = true;
  }
  readonly contentWindow = {
    postMessage: (data: { type?: string }, _origin: string, transfer: MessagePort[]) => {
      if (data.type !== CONNECT || !transfer[0]) return;
      const port = transfer[0];
      ports.push(port);
      const report = (r: FrameReport) => !this.removed && port.postMessage(r);
      report({ type: 'pong', n: 0 });
      port.onmessage = (event: MessageEvent<FrameCommand>) => {
        const c = event.data;
        this.commands.push(c.type);
        if (c.type === 'ping' && this.behaviour !== 'dies') report({ type: 'pong', n: c.n });
        if (c.type === 'prime' && event.ports[0]) {
          const primePort = event.ports[0];
          ports.push(primePort);
          primePort.onmessage = (e: MessageEvent<PrimeRequest>) => this.primes.push(e.data.key);
        }
        // Its process gone: the channel's other end closes, as Chromium closes it.
        if (c.type === 'run' && this.behaviour === 'crashes') port.close();
        if (c.type === 'run' && this.behaviour === 'answers') {
          const requestPort = event.ports[0]!;
          ports.push(requestPort);
          requestPort.onmessage = (e: MessageEvent<ReplayRequest>) => {
            // A forged answer (and verdict) for another replay first: it must be ignored.
            report({ type: 'early', id: e.data.id + 100, early: { json: new TextEncoder().encode('{"kind":"forged"}'), ms: 0 } });
            report({ type: 'early', id: e.data.id, early: { json: new TextEncoder().encode(`{"kind":"no-flow","message":"early ${String(e.data.trace)}"}`), ms: 1 } });
            report({ type: 'answer', id: e.data.id + 100, answer: { kind: 'done', answer: answerOf('{"kind":"forged"}'), ms: 0 } });
            report({ type: 'answer', id: e.data.id, answer: { kind: 'done', answer: answerOf(JSON.stringify({ kind: 'no-flow', message: String(e.data.trace) })), ms: 2 } });
          };
        }
      };
    }
  };
}

function host(...behaviours: Behaviour[]) {
  return hostWith(timing, ...behaviours);
}

function hostWith(timing: FrameTiming, ...behaviours: Behaviour[]) {
  const frames: FakeIframe[] = [];
  const doc = {
    createElement: () => {
      frames.push(new FakeIframe(behaviours[frames.length] ?? 'answers'));
      return frames[frames.length - 1];
    },
    body: {
      append: (f: FakeIframe) => {
        if (f.behaviour !== 'never-loads') setTimeout(() => f.dispatchEvent(new Event('load')), 1);
      }
    }
  } as unknown as Document;
  const h = frameHost({ page: '/sandbox.html', worker: '/w.js' }, { doc, load: async () => 'worker code', timing });
  const run = (id: number, timeoutMs = 1000, signal = new AbortController().signal) => h.run(job({ type: 'replay', id, trace: `trace ${id}`, run: { files: [] } }), timeoutMs, signal);
  return { h, frames, run };
}

describe('frameHost', () => {
  it('makes a sandboxed frame, hands it the worker code, and takes only its own answer', async () => {
    const { h, frames, run } = host();
    h.warm();
    expect(frames).toHaveLength(1);
    expect(frames[0]!.attributes.get('sandbox')).toBe('allow-scripts');
    const early: string[] = [];
    const withEarly = { ...job({ type: 'replay', id: 1, trace: 'trace 1', run: { files: [] } }), early: (e: { json: Uint8Array }) => early.push(new TextDecoder().decode(e.json)) };
    await expect(h.run(withEarly, 1000, new AbortController().signal)).resolves.toEqual({ kind: 'done', answer: answerOf('{"kind":"no-flow","message":"trace 1"}'), ms: 2 });
    // Its own verdict ahead of the answer, and no other replay's.
    expect(early).toEqual(['{"kind":"no-flow","message":"early trace 1"}']);
    expect(frames[0]!.commands.slice(0, 2)).toEqual(['script', 'run']);
    await expect(run(2)).resolves.toMatchObject({ kind: 'done', answer: answerOf('{"kind":"no-flow","message":"trace 2"}') });
    expect(frames).toHaveLength(1);
  });

  it("hands the frame a prime on a port of its own, which the job's deliverer fills", async () => {
    const { h, frames } = host();
    h.prime({ id: 5, deliver: (port) => (ports.push(port), port.postMessage({ type: 'prime', key: 'trace-1', files: [] } satisfies PrimeRequest)) });
    await vi.waitFor(() => expect(frames[0]?.primes).toEqual(['trace-1']));
    expect(frames[0]!.commands.filter((c) => c !== 'ping')).toEqual(['script', 'prime']);
  });

  it('reports a frame that stops answering as lost, removes it and makes a fresh one', async () => {
    const { frames, run } = host('dies');
    await expect(run(1)).resolves.toEqual({ kind: 'lost' });
    expect(frames[0]!.removed).toBe(true);
    expect(frames).toHaveLength(2);
    await expect(run(2)).resolves.toMatchObject({ kind: 'done' });
  });

  it("reports a frame whose port closed (its process died) as lost at once, without waiting out the silence", async () => {
    const { frames, run } = hostWith({ ...timing, silenceMs: 60_000 }, 'crashes');
    const started = performance.now();
    await expect(run(1)).resolves.toEqual({ kind: 'lost' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(frames[0]!.removed).toBe(true);
    await expect(run(2)).resolves.toMatchObject({ kind: 'done' });
  });

  it('tells a frame that never loaded apart from one that died', async () => {
    const { frames, run } = host('never-loads');
    await expect(run(1)).resolves.toEqual({ kind: 'no-sandbox' });
    expect(frames[0]!.removed).toBe(true);
  });

  it('stops a replay the frame never ends, past the time limit and a grace period', async () => {
    const { frames, run } = host('hangs');
    const started = performance.now();
    await expect(run(1, 50)).resolves.toEqual({ kind: 'timeout', ms: 50 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(frames[0]!.removed).toBe(true);
  });

  it('cancels: the frame is told, and the answer is a cancellation', async () => {
    const { frames, run } = host('hangs');
    const controller = new AbortController();
    const answer = run(1, 10_000, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(answer).resolves.toEqual({ kind: 'failed', message: 'cancelled' });
    await new Promise((r) => setTimeout(r, 10));
    expect(frames[0]!.commands).toContain('cancel');
    expect(frames[0]!.removed).toBe(false);
  });

  it('says so when the worker code cannot be fetched', async () => {
    const h = frameHost(
      { page: '/sandbox.html', worker: '/w.js' },
      { doc: { createElement: () => new FakeIframe('answers'), body: { append: () => undefined } } as unknown as Document, load: () => Promise.reject(new Error('HTTP 404')), timing }
    );
    await expect(h.run(job({ type: 'replay', id: 1, trace: {}, run: { files: [] } }), 100, new AbortController().signal)).resolves.toEqual({
      kind: 'failed',
      message: "the replay worker's code did not load (HTTP 404)"
    });
  });
});
