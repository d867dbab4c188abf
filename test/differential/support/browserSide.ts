// The differential's browser sides, as functions the e2e spec hands to page.evaluate (so each is
// self-contained: it reads nothing outside itself) and the module worker source of plain
// Chromium's runner.
//
// - Plain Chromium: each snippet imported as an ES module (a Blob URL) in a module worker, run()
//   called and awaited, its outcome written by serialize.ts's code; a snippet after which the
//   worker's built-ins changed (fingerprint.ts) gets its worker replaced.
// - The sandbox: the app's built replay worker (dist/assets/replay-worker-*.js), started from a
//   Blob URL as a batch worker, as the sandbox frame (src/worker/sandboxFrame.ts) starts them,
//   in sandbox.html (the frame's own document: its opaque origin and Content-Security-Policy),
//   and driven with the batch protocol one snippet at a time (batchClient.ts does the same in Node).
import { FINGERPRINT_SOURCE } from './fingerprint';
import { SERIALIZE_SOURCE } from './serialize';

export const PLAIN_WORKER_SOURCE = `${SERIALIZE_SOURCE}
${FINGERPRINT_SOURCE}
${String.raw`
// A worker that calls close() drops what it posts afterwards: the snippet that calls it gets
// close()'s own answer (undefined), and the worker is replaced after it, as after any change.
let closed = false;
self.close = function close() {
  closed = true;
};
const before = fingerprint();
self.addEventListener('unhandledrejection', (event) => event.preventDefault());
self.addEventListener('error', (event) => event.preventDefault());
const post = self.postMessage.bind(self);

function lineIn(error, url) {
  let stack;
  try {
    stack = String(error.stack);
  } catch {
    return undefined;
  }
  for (const line of stack.split('\n')) {
    const at = line.lastIndexOf(url + ':');
    if (at >= 0) {
      const m = /^(\d+)/.exec(line.slice(at + url.length + 1));
      if (m) return Number(m[1]);
    }
  }
  return undefined;
}

self.onmessage = async (event) => {
  const { id, source } = event.data;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  let mod;
  let answer;
  try {
    mod = await import(url);
  } catch (error) {
    const frames = String(error && error.stack).split('\n').filter((l) => /^\s+at /.test(l) && l.includes(url));
    answer = { id, text: outcomeText(false, error), phase: error instanceof SyntaxError && frames.length === 0 ? 'compile' : 'load', line: lineIn(error, url) };
  }
  if (!answer) {
    try {
      const run = mod.run;
      answer = { id, text: outcomeText(true, await run()), phase: 'run' };
    } catch (error) {
      answer = { id, text: outcomeText(false, error), phase: 'run', line: lineIn(error, url) };
    }
  }
  answer.polluted = closed || !sameFingerprint(before, fingerprint());
  post(answer);
};
`}`;

export interface PlainAnswer {
  readonly id: number;
  readonly text: string;
  readonly phase: 'compile' | 'load' | 'run';
  readonly line?: number;
  readonly polluted?: boolean;
}

/** In the page: every source through plain Chromium's runner, `lanes` workers at once. */
export async function runPlainInPage(args: { workerSource: string; sources: string[]; lanes: number; timeoutMs: number }): Promise<(PlainAnswer | string)[]> {
  const workerUrl = URL.createObjectURL(new Blob([args.workerSource], { type: 'text/javascript' }));
  const out: (PlainAnswer | string)[] = new Array(args.sources.length);
  let next = 0;
  const lane = async () => {
    let worker: Worker | undefined;
    while (next < args.sources.length) {
      const at = next++;
      const w = (worker ??= new Worker(workerUrl, { type: 'module' }));
      const answer = await new Promise<PlainAnswer | string>((resolve) => {
        const timer = setTimeout(() => resolve(`no answer within ${args.timeoutMs} ms`), args.timeoutMs);
        w.onmessage = (e: MessageEvent<PlainAnswer>) => {
          if (e.data?.id !== at) return;
          clearTimeout(timer);
          resolve(e.data);
        };
        w.onerror = (e) => {
          e.preventDefault();
          clearTimeout(timer);
          resolve(`the worker stopped: ${e.message}`);
        };
        w.postMessage({ id: at, source: args.sources[at] });
      });
      out[at] = answer;
      if (typeof answer === 'string' || answer.polluted) {
        w.terminate();
        worker = undefined;
      }
    }
    worker?.terminate();
  };
  await Promise.all(Array.from({ length: args.lanes }, lane));
  return out;
}

type BatchAnswer = { kind: 'row'; row: unknown } | { kind: 'other'; other: unknown } | { kind: 'failed'; message: string };

/** In sandbox.html: every job through the app's replay worker in batch mode, `lanes` workers at once. */
export async function runSandboxInPage(args: {
  workerText: string;
  workerName: string;
  jobs: { files: { name: string; text: string }[]; entry: string; exportName: string; traceText: string }[];
  lanes: number;
  timeoutMs: number;
}): Promise<BatchAnswer[]> {
  const url = URL.createObjectURL(new Blob([args.workerText], { type: 'text/javascript' }));
  const encoder = new TextEncoder();
  const out: BatchAnswer[] = new Array(args.jobs.length);
  let next = 0;
  const spawn = () => new Worker(url, { name: args.workerName });
  const lane = async () => {
    let worker: Worker | undefined;
    while (next < args.jobs.length) {
      const at = next++;
      const w = (worker ??= spawn());
      const job = args.jobs[at]!;
      const answer = await new Promise<BatchAnswer>((resolve) => {
        const timer = setTimeout(() => resolve({ kind: 'failed', message: `no answer within ${args.timeoutMs} ms` }), args.timeoutMs);
        const done = (a: BatchAnswer) => {
          clearTimeout(timer);
          resolve(a);
        };
        w.onmessage = (e: MessageEvent<{ type: string; json?: string; message?: string }>) => {
          const m = e.data;
          if (m?.type === 'failed') done({ kind: 'failed', message: String(m.message) });
          if (m?.type !== 'rows') return;
          const { rows, others } = JSON.parse(String(m.json)) as { rows: unknown[]; others: unknown[] };
          if (others.length > 0) done({ kind: 'other', other: others[0] });
          else if (rows.length === 1) done({ kind: 'row', row: rows[0] });
          else done({ kind: 'failed', message: `a batch of one answered ${rows.length} rows` });
        };
        w.onerror = (e) => {
          e.preventDefault();
          done({ kind: 'failed', message: `the replay worker stopped: ${e.message}` });
        };
        // the flow and the trace first: the server takes them at once, and replays the batch after them with them
        const trace = encoder.encode(job.traceText);
        w.postMessage({ type: 'flow', flow: { files: job.files, entry: job.entry, exportName: job.exportName } });
        w.postMessage({ type: 'chunks', chunks: [{ index: 0, bytes: trace }] });
        w.postMessage({ type: 'batch', items: Int32Array.from([0, 0, 0, trace.length]) });
      });
      out[at] = answer;
      if (answer.kind === 'failed') {
        w.terminate();
        worker = undefined;
      }
    }
    worker?.terminate();
  };
  await Promise.all(Array.from({ length: args.lanes }, lane));
  return out;
}
