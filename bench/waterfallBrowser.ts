// The waterfall on 100,000 steps in real Chromium: from pressing v to the first frame, the layout's
// own time, and every frame's draw time while zooming and panning (ctrl+wheel, wheel, + and -,
// Shift+arrows, arrows, End, 0), as the canvas host reports them in its data attributes. Prints;
// asserts nothing. Issue 11 asks that it "stays smooth at 100k", read here as every frame drawn
// within one 60 Hz frame (16.7 ms). The e2e test
// checks that the waterfall works at this size, and leaves these figures to this bench because on
// a busy 2-core machine a frame time is noise as often as signal.
//
//   npx vite build --outDir .scratch/dist-bench --emptyOutDir --logLevel warn
//   BENCH_DIST=.scratch/dist-bench tsx bench/waterfallBrowser.ts      (BENCH_DIST defaults to dist)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { preview } from 'vite';
import { bigTrace } from '../e2e/support/bigTrace';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.BENCH_DIST ?? 'dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STEPS = 100_000;
const RUNS = 3;

const tmp = mkdtempSync(path.join(tmpdir(), 'timescope-waterfall-'));
const file = path.join(tmp, 'big.trace.json');
writeFileSync(file, bigTrace(STEPS, 230, 1_000).text);

interface Run {
  openMs: number;
  layoutMs: number;
  layoutTasks: number;
  frames: number;
  slowestDrawMs: number;
  longTasks: number[];
}

async function oneRun(page: Page): Promise<Run> {
  await page.addInitScript(() => {
    const w = window as unknown as { __long: { start: number; ms: number }[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(base);
  await page.getByLabel('Open trace or source files').setInputFiles(file);
  await page.locator(`[role=option][aria-setsize="${STEPS}"]`).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500); // the load's own work (the search worker's upload) ends first
  const host = page.getByRole('application', { name: /^Waterfall of/ });
  const number = async (name: string) => Number(await host.getAttribute(`data-${name}`));
  const from = await page.evaluate(() => performance.now());
  await page.getByRole('listbox', { name: 'Steps' }).focus();
  await page.keyboard.press('v');
  await host.waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[role=application]')?.getAttribute('data-frames') ?? 0) > 0);
  const openMs = (await page.evaluate(() => performance.now())) - from;
  const layout = await page.evaluate(() => {
    const m = performance.getEntriesByName('timescope:waterfall-layout').at(-1) as PerformanceMeasure;
    return { ms: m.duration, tasks: (m.detail as { tasks: number }).tasks };
  });
  const box = (await host.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -240);
  await page.keyboard.up('Control');
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 300);
  for (const [key, times] of [['+', 10], ['Shift+ArrowRight', 10], ['ArrowRight', 20], ['End', 1], ['-', 20], ['0', 1], ['+', 25]] as const) {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  }
  await page.waitForTimeout(300);
  const longTasks = await page.evaluate((t) => (window as unknown as { __long: { start: number; ms: number }[] }).__long.filter((e) => e.start >= t).map((e) => Math.round(e.ms)), from);
  return { openMs, layoutMs: layout.ms, layoutTasks: layout.tasks, frames: await number('frames'), slowestDrawMs: await number('slowest-draw-ms'), longTasks };
}

const server = await preview({ root, build: { outDir: dist }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}/`;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh context each time: the app restores the last trace into a reloaded page.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block', colorScheme: 'dark' });
    runs.push(await oneRun(await context.newPage()));
    await context.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\nWaterfall: ${STEPS.toLocaleString('en-US')} steps (e2e/support/bigTrace), 1440×900, ${RUNS} runs, each in a fresh context, ${browser.version()}`);
  console.log('| Run | v → first frame | layout (tasks) | frames | slowest draw | long tasks (ms) |\n|---|---|---|---|---|---|');
  runs.forEach((r, i) =>
    console.log(`| ${i + 1} | ${r.openMs.toFixed(0)} ms | ${r.layoutMs.toFixed(0)} ms (${r.layoutTasks}) | ${r.frames} | ${r.slowestDrawMs.toFixed(1)} ms | ${r.longTasks.join(' ') || 'none'} |`)
  );
  const slowest = median(runs.map((r) => r.slowestDrawMs));
  console.log(`median slowest draw ${slowest.toFixed(1)} ms, ${(slowest / 16.7).toFixed(2)}× a 60 Hz frame (target ≤ 1×); median v → first frame ${median(runs.map((r) => r.openMs)).toFixed(0)} ms`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
