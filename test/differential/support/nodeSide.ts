// Plain Node's side: each snippet written as a .mjs file and imported as the ES module it is, in a
// worker thread, run() called and awaited. Workers serve many snippets; a snippet that changed
// the worker's globals or built-ins (plain JavaScript lets `Array.prototype.push = …` through)
// is found by a fingerprint of them taken before and after, and its worker replaced, so no
// snippet runs after another changed its world.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SERIALIZE_SOURCE } from './serialize';
import { outcomeFromText, type Outcome } from './outcome';
import { FINGERPRINT_SOURCE } from './fingerprint';

const RUNNER = `import { parentPort } from 'node:worker_threads';
import { outcomeText } from './serialize.mjs';
${FINGERPRINT_SOURCE}
process.on('unhandledRejection', () => undefined);
process.on('uncaughtException', () => undefined);
const before = fingerprint();

/** The line of the first stack frame in the snippet's file. */
function lineIn(error, url) {
  let stack;
  try {
    stack = String(error.stack);
  } catch {
    return undefined;
  }
  for (const line of stack.split('\\n')) {
    const at = line.lastIndexOf(url + ':');
    if (at >= 0) {
      const m = /^(\\d+)/.exec(line.slice(at + url.length + 1));
      if (m) return Number(m[1]);
    }
  }
  return undefined;
}

parentPort.on('message', async ({ id, url }) => {
  let mod;
  let answer;
  try {
    mod = await import(url);
  } catch (error) {
    const text = outcomeText(false, error);
    // a SyntaxError with no frame of the snippet's own is the parser's: the module never ran
    const line = lineIn(error, url);
    const frames = String(error && error.stack).split('\\n').filter((l) => /^\\s+at /.test(l) && l.includes(url));
    const parse = error instanceof SyntaxError && frames.length === 0;
    answer = { id, text, phase: parse ? 'compile' : 'load', line };
  }
  if (!answer) {
    try {
      const run = mod.run;
      const value = await run();
      answer = { id, text: outcomeText(true, value), phase: 'run' };
    } catch (error) {
      answer = { id, text: outcomeText(false, error), phase: 'run', line: lineIn(error, url) };
    }
  }
  answer.polluted = !sameFingerprint(before, fingerprint());
  parentPort.postMessage(answer);
});
`;

export interface NodeSnippet {
  readonly id: string;
  readonly source: string;
}

interface Answer {
  id: number;
  text: string;
  phase: 'compile' | 'load' | 'run';
  line?: number;
  polluted: boolean;
}

/** Plain Node's runner: workers kept between calls (each replaced when a snippet changed its world). */
export function nodeRunner(options: { jobs: number; timeoutMs?: number }) {
  const dir = path.join(os.tmpdir(), `timescope-differential-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'serialize.mjs'), SERIALIZE_SOURCE);
  writeFileSync(path.join(dir, 'runner.mjs'), RUNNER);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const workers: (Worker | undefined)[] = new Array(options.jobs).fill(undefined);
  let files = 0;
  const start = () => new Worker(path.join(dir, 'runner.mjs'), { stdout: true, stderr: true });
  // A worker takes ~150 ms to start: one is kept started ahead, for the next replacement.
  let spare: Worker | undefined;
  const spawn = () => {
    const w = spare ?? start();
    spare = start();
    return w;
  };

  async function runAll(snippets: readonly NodeSnippet[]): Promise<Outcome[]> {
    const urls = snippets.map((s) => {
      const file = path.join(dir, `s${files++}-${s.id.replace(/[^\w-]+/g, '_').slice(0, 80)}.mjs`);
      writeFileSync(file, s.source);
      return pathToFileURL(file).href;
    });
    const out: Outcome[] = new Array(snippets.length);
    let next = 0;
    const lane = async (slot: number) => {
      while (next < snippets.length) {
        const at = next++;
        const w = (workers[slot] ??= spawn());
        const answer = await new Promise<Answer | string>((resolve) => {
          const timer = setTimeout(() => done(`no answer within ${timeoutMs} ms`), timeoutMs);
          function done(a: Answer | string) {
            clearTimeout(timer);
            w.off('message', onMessage);
            w.off('error', onError);
            resolve(a);
          }
          const onMessage = (a: Answer) => a.id === at && done(a);
          const onError = (e: Error) => done(`the Node worker stopped: ${e.message}`);
          w.on('message', onMessage);
          w.on('error', onError);
          w.postMessage({ id: at, url: urls[at] });
        });
        if (typeof answer === 'string' || answer.polluted) {
          void w.terminate();
          workers[slot] = undefined;
        }
        if (typeof answer === 'string') {
          out[at] = { kind: 'broken', message: answer };
          continue;
        }
        const o = outcomeFromText(answer.text);
        out[at] = o.kind === 'threw' ? { ...o, phase: answer.phase, ...(answer.line !== undefined ? { line: answer.line } : {}) } : o;
      }
    };
    await Promise.all(workers.map((_, slot) => lane(slot)));
    return out;
  }

  return {
    runAll,
    async close(): Promise<void> {
      await Promise.all([...workers, spare].map((w) => w?.terminate()));
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** Run every snippet in plain Node; outcomes in order. */
export async function runInNode(snippets: readonly NodeSnippet[], options: { jobs: number; timeoutMs?: number }): Promise<Outcome[]> {
  const runner = nodeRunner(options);
  try {
    return await runner.runAll(snippets);
  } finally {
    await runner.close();
  }
}
