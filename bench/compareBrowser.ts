// Compare two 60,000-step runs in real Chromium: the longest main-thread task from choosing
// "Compare with…" until the aligned rows show (and 500 ms after), then while ↓ walks the rows and
// each row's values come from the compare worker. Issue 19's goal: no task past 50 ms. Prints;
// asserts nothing.
//
//   npx vite build --outDir .scratch/dist-bench --emptyOutDir --logLevel warn
//   BENCH_DIST=.scratch/dist-bench tsx bench/compareBrowser.ts      (BENCH_DIST defaults to dist)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { preview } from 'vite';
import { recordOrderBatch } from './generate';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.BENCH_DIST ?? 'dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STEPS = 60_000;
const RUNS = 3;

// B retries other orders than A, so the runs differ all along (only-A, only-B and changed rows).
const bodies = new Map<string, Buffer>([
  ['/run-a.json', Buffer.from(JSON.stringify(await recordOrderBatch(STEPS, 10)))],
  ['/run-b.json', Buffer.from(JSON.stringify(await recordOrderBatch(STEPS, 9)))]
]);
// The runs come from a server of our own and are handed to the file inputs inside the page: Playwright's
// setInputFiles runs its own script on the page's main thread (about 70 ms for 16 MB), which the
// long-task observer would count as the app's.
const files = createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
  else res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(body);
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;

/** Fetch a run into a File kept in the page (not timed). */
const FETCH_FILE = (name: string) => `(async () => {
  const blob = await (await fetch(${JSON.stringify(`${filesBase}/`)} + ${JSON.stringify(name)})).blob();
  (window.__files ??= {})[${JSON.stringify(name)}] = new File([blob], ${JSON.stringify(name)}, { type: 'application/json' });
})()`;
/** Give the fetched File to the input labelled `label`, as a person's choice in the file dialog does: files set, then change. */
const CHOOSE_FILE = (label: string, name: string) => `(() => {
  const input = document.querySelector(${JSON.stringify(`input[type=file][aria-label="${label}"]`)});
  const dt = new DataTransfer();
  dt.items.add(window.__files[${JSON.stringify(name)}]);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
})()`;

interface Run {
  openMs: number;
  longestOpen: number;
  longestWalk: number;
  rows: string;
}

const LONGEST_SINCE = (t: number) => `Math.max(0, ...window.__long.filter((e) => e.start >= ${t}).map((e) => e.ms))`;

async function oneRun(page: Page): Promise<Run> {
  await page.addInitScript(() => {
    const w = window as unknown as { __long: { start: number; ms: number }[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(base);
  await page.evaluate(FETCH_FILE('run-a.json'));
  await page.evaluate(FETCH_FILE('run-b.json'));
  await page.evaluate(CHOOSE_FILE('Open trace or source files', 'run-a.json'));
  await page.locator(`[role=option][aria-setsize="${STEPS}"]`).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const from = (await page.evaluate('performance.now()')) as number;
  await page.evaluate(CHOOSE_FILE('Trace to compare with', 'run-b.json'));
  const view = page.getByTestId('compare-view');
  await view.getByRole('option').first().waitFor({ timeout: 120_000 });
  const openMs = ((await page.evaluate('performance.now()')) as number) - from;
  await page.waitForTimeout(500);
  const longestOpen = (await page.evaluate(LONGEST_SINCE(from))) as number;
  const rows = (await view.getByLabel('Counts by mark').textContent()) ?? '';
  const walkFrom = (await page.evaluate('performance.now()')) as number;
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(300);
  const longestWalk = (await page.evaluate(LONGEST_SINCE(walkFrom))) as number;
  return { openMs, longestOpen, longestWalk, rows };
}

const server = await preview({ root, build: { outDir: dist }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}/`;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh context each time: the app restores the last trace into a reloaded page.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    runs.push(await oneRun(await context.newPage()));
    await context.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\nCompare with…: two ${STEPS.toLocaleString('en-US')}-step ORDER_BATCH runs (Retry every 10th and every 9th order), 1440×900, ${RUNS} runs, ${browser.version()}`);
  console.log('| Run | choose file → rows shown | longest main-thread task, opening | longest task, 40 × ↓ | rows |\n|---|---|---|---|---|');
  runs.forEach((r, i) => console.log(`| ${i + 1} | ${r.openMs.toFixed(0)} ms | ${r.longestOpen ? `${r.longestOpen.toFixed(0)} ms` : '< 50 ms'} | ${r.longestWalk ? `${r.longestWalk.toFixed(0)} ms` : '< 50 ms'} | ${r.rows.trim()} |`));
  const worst = Math.max(...runs.map((r) => Math.max(r.longestOpen, r.longestWalk)));
  console.log(`longest main-thread task over all runs: ${worst ? `${worst.toFixed(0)} ms` : 'none of 50 ms or more'} (goal ≤ 50 ms: ${worst <= 50 ? 'holds' : 'does not hold'}); median open ${median(runs.map((r) => r.openMs)).toFixed(0)} ms`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  files.close();
}
