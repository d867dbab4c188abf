// npm run bench:browser — load and replay figures in real Chromium, against
// the built app (run `npx vite build` first). Prints; asserts nothing.
//  - load: from handing the file to the page until the step list shows it;
//  - longest task: the longest main-thread task during the load (a frozen UI
//    shows up here; under ~100 ms reads as responsive);
//  - first paint bytes: JS and CSS fetched before the app's first paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { preview } from 'vite';
import { chromium } from '@playwright/test';
import * as effect from '../src/core/effect/index';
import { replayTrace } from '../src/core/replay/replayTrace';
import { replayFlowSource } from '../src/core/source/runFlow';
import { startSandbox } from '../src/sandbox/node/host';
import { generateTrace } from './generate';

const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(import.meta.dirname, '../../shared');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Press Replay in the page and wait for a new verdict banner: in-page ms, and the worker's ms it shows. */
const PRESS_REPLAY = `(async () => {
  const button = [...document.querySelectorAll('[role=toolbar][aria-label=Replay] button')].find((b) => /^Replay/.test(b.textContent));
  document.querySelector('[data-testid=verdict]')?.setAttribute('data-seen', '');
  const t0 = performance.now();
  button.click();
  await new Promise((resolve) => {
    const poll = () => (document.querySelector('[data-testid=verdict]:not([data-seen])') ? resolve() : requestAnimationFrame(poll));
    poll();
  });
  await new Promise((resolve) => requestAnimationFrame(resolve)); // the frame that paints it
  const ms = performance.now() - t0;
  const worker = parseFloat(document.querySelector('[data-testid=replay-ms]')?.textContent ?? 'NaN');
  return { ms, worker, verdict: document.querySelector('[data-testid=verdict]').textContent };
})()`;

/**
 * The same replay in a fresh sandbox worker of the CLI (worker_threads, ses locked, cold JIT), step
 * record included: what a fresh realm per replay costs outside the browser (median of 3).
 */
async function freshWorkerMs(traceFile: string, flowFile: string): Promise<number> {
  const files = [{ name: path.basename(flowFile), text: readFileSync(flowFile, 'utf8') }];
  const traceText = readFileSync(traceFile, 'utf8');
  const boot = path.resolve(import.meta.dirname, '../dist-cli/sandbox-boot.cjs');
  const out: number[] = [];
  for (let i = 0; i < 3; i++) {
    const o = await startSandbox(boot).run({ files, entry: files[0]!.name, traceText });
    out.push(o.kind === 'result' ? o.ms : NaN);
  }
  return median(out);
}

async function coreReplayMs(traceFile: string, flowFile: string): Promise<number> {
  const files = [{ name: path.basename(flowFile), text: readFileSync(flowFile, 'utf8') }];
  const text = readFileSync(traceFile, 'utf8');
  const once = async () => {
    const t = performance.now();
    await replayFlowSource({ files, trace: JSON.parse(text) }, effect, replayTrace);
    return performance.now() - t;
  };
  await once();
  return median([await once(), await once(), await once()]);
}

async function installLongTaskObserver(page: import('@playwright/test').Page) {
  await page.evaluate(`(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask' });
  })()`);
}

const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await chromium.launch({ executablePath, args });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  let firstPaintBytes = 0;
  const counting = (r: import('@playwright/test').Response) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet') void r.body().then((b) => (firstPaintBytes += b.length), () => undefined);
  };
  page.on('response', counting);
  await page.goto(base);
  await page.getByRole('heading', { name: 'Drop a pure-effect trace here' }).waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', counting);
  console.log(`first paint: ${(firstPaintBytes / 1024).toFixed(0)} KiB of JS and CSS (uncompressed); Monaco loads later, only with source`);

  await installLongTaskObserver(page);

  const cases: [string, string][] = [
    ['big-batch (5,002 entries, 1.1 MB)', readFileSync(path.join(shared, 'fixtures/big-batch/expected/trace.json'), 'utf8')],
    ['generated 20,000 entries', JSON.stringify(generateTrace(20_000, 120))],
    ['generated 60,000 entries (30 MB)', JSON.stringify(generateTrace(60_000, 460))]
  ];
  console.log(`\n${'trace'.padEnd(36)} ${'MB'.padStart(6)} ${'load ms'.padStart(9)} ${'longest task ms'.padStart(16)}`);
  for (const [name, text] of cases) {
    const entries = (JSON.parse(text) as { trace: unknown[] }).trace.length;
    // The file is built inside the page and dropped there: Playwright's own
    // setInputFiles would spend seconds moving 30 MB over the wire, and that
    // is not the app's time. Built as a string so no bundler helper leaks in.
    await page.evaluate((t) => {
      (window as unknown as { __file: File }).__file = new File([t], 'trace.json', { type: 'application/json' });
    }, text);
    const runs: number[] = [];
    let longest = 0;
    for (let i = 0; i < 3; i++) {
      const measured = (await page.evaluate(`(async () => {
        window.__longest = 0;
        const dt = new DataTransfer();
        dt.items.add(window.__file);
        const t0 = performance.now();
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        await new Promise((resolve) => {
          const poll = () => (document.querySelector('[role=option][aria-setsize="${entries}"]') && !document.querySelector('[aria-busy=true]') ? resolve() : setTimeout(poll, 5));
          poll();
        });
        const ms = performance.now() - t0;
        await new Promise((r) => setTimeout(r, 50));
        return { ms, longest: window.__longest };
      })()`)) as { ms: number; longest: number };
      runs.push(measured.ms);
      longest = Math.max(longest, measured.longest);
      // Leave the trace so the next drop is a fresh load.
      await page.goto(base);
      await page.evaluate((t) => {
        (window as unknown as { __file: File }).__file = new File([t], 'trace.json', { type: 'application/json' });
      }, text);
      await installLongTaskObserver(page);
    }
    runs.sort((a, b) => a - b);
    console.log(`${name.padEnd(36)} ${(text.length / 1e6).toFixed(1).padStart(6)} ${runs[1]!.toFixed(0).padStart(9)} ${longest.toFixed(0).padStart(16)}`);
  }
  console.log('\nload = median of 3, file input to the step list showing the trace; longest task = worst of the 3.');

  // Replay, as the person triggers it: from pressing Replay to the verdict on
  // screen, timed inside the page (Playwright's own round trips are not the
  // app's time), beside the same replay in this Node process (the core) and
  // the worker's own figure. Target: at most 1.5 × core + 50 ms.
  console.log(
    `\n${'replay (button to verdict)'.padEnd(24)} ${'steps'.padStart(6)} ${'first ms'.padStart(9)} ${'then ms'.padStart(8)} ${'worker ms'.padStart(10)} ${'core ms'.padStart(8)} ${'target ms'.padStart(10)} ${'fresh ms'.padStart(9)}   verdict`
  );
  for (const [dir, steps] of [
    ['checkout-zero-total', 3],
    ['big-batch', 5002]
  ] as const) {
    const traceFile = path.join(shared, 'fixtures', dir, 'expected/trace.json');
    const flowFile = path.join(shared, 'fixtures', dir, 'flow.ts');
    await page.goto(base);
    await page.getByLabel('Open trace or source files').setInputFiles([traceFile, flowFile]);
    await page.locator(`[role=option][aria-setsize="${steps}"]`).first().waitFor();
    await page.waitForLoadState('networkidle'); // the editor has loaded, as when a person reaches for Replay
    const runs: { ms: number; worker: number; verdict: string }[] = [];
    for (let i = 0; i < 4; i++) {
      runs.push((await page.evaluate(PRESS_REPLAY)) as { ms: number; worker: number; verdict: string });
      await page.waitForTimeout(300); // a person reads the verdict before pressing again
    }
    const core = await coreReplayMs(traceFile, flowFile);
    const fresh = await freshWorkerMs(traceFile, flowFile);
    const then = median(runs.slice(1).map((r) => r.ms));
    const worker = median(runs.slice(1).map((r) => r.worker));
    const target = 1.5 * core + 50;
    console.log(
      `${dir.padEnd(24)} ${String(steps).padStart(6)} ${runs[0]!.ms.toFixed(0).padStart(9)} ${then.toFixed(0).padStart(8)} ${worker.toFixed(0).padStart(10)} ${core.toFixed(0).padStart(8)} ${target.toFixed(0).padStart(10)} ${fresh.toFixed(0).padStart(9)}   ${runs[0]!.verdict}${then <= target ? '' : '  (over target)'}`
    );
  }
  console.log('first = the first replay after opening (the sandbox frame and a spare worker start when the source loads); then = median of');
  console.log('the next 3. Every replay runs in a fresh worker, the spare started (and warmed up) ahead.');
  console.log('worker = the replay worker\'s own time (the figure the verdict banner shows); core = median of 3 warm runs of the same');
  console.log('replayFlowSource + replayTrace in this Node process, step record included, as the worker runs it; target = 1.5 × core + 50.');
  console.log('fresh = that replay in a fresh, locked sandbox worker (the CLI\'s, cold JIT): the cost of a new realm per replay outside the browser.');
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
