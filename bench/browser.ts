// npm run bench:browser — issue 11's figures in real Chromium, against the built app, in one run and
// one table: load against JSON.parse, the longest main-thread task, heap, key press latency, the
// filter, replay and the first paint's bytes, for generated traces of 100, 10,000 and 100,000
// entries (bench/generate.ts: ORDER_BATCH_FLOW, with Parallels and Retries). Prints; asserts
// nothing, but stops with a non-zero exit when a page never reaches the loaded state.
//
//   npx vite build --outDir .scratch/dist-bench --emptyOutDir --logLevel warn
//   BENCH_DIST=.scratch/dist-bench npm run bench:browser      (BENCH_DIST defaults to dist)
//
// How each figure is measured is printed under the table (NOTES below).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { preview } from 'vite';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import * as effect from '../src/core/effect/index';
import { replayTrace } from '../src/core/replay/replayTrace';
import { replayFlowSource } from '../src/core/source/runFlow';
import { DEFAULT_LIMITS, startSandbox } from '../src/sandbox/node/host';
import { ORDER_BATCH_FLOW, ORDER_BATCH_RETRY_EVERY, recordOrderBatch } from './generate';
import { HeapMeter, type HeapReading } from './heap';

const root = path.resolve(import.meta.dirname, '..');
const shared = process.env.TIMESCOPE_SHARED ?? path.resolve(root, '../shared');
const dist = path.resolve(root, process.env.BENCH_DIST ?? 'dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// BENCH_SIZES=100,10000 measures fewer sizes (for working on the bench; the issue's table is all three).
const SIZES: readonly number[] = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [100, 10_000, 100_000];
const REPLAY_SIZE = 10_000;
const LOAD_RUNS = 3;
const LOAD_TIMEOUT_MS = 60_000;
const KEY_PRESSES = 60;
/** Fresh pages for the first-drop row: each a new context, so nothing is warm from the one before. */
const FIRST_DROPS = Number(process.env.BENCH_FIRST_DROPS ?? 7);
const FILTER_QUERIES = ['ledger', 'cobalt', 'wh-7'];
/** From the file entering the window to its drop: a quick drag and drop by a person. */
const DRAG_MS = 400;

const NOTES = [
  `Traces: ORDER_BATCH_FLOW (bench/generate.ts) recorded with the clean-room runtime: per order a Command, a 3-branch Parallel, on every ${ORDER_BATCH_RETRY_EVERY}th order a Retry whose first attempt throws and whose second succeeds, then a ledger Command; each result ~230 B of JSON; exactly N entries.`,
  `Load: the trace is first fetched into a File inside the page (not timed, so no transfer is counted); a dragenter with it is dispatched on the window ${DRAG_MS} ms before the drop, as a person's drag enters before it lands (the app readies its reader then); timed from dispatching the drop event to the first moment an [role=option] has aria-setsize=N and nothing is aria-busy (checked on every DOM mutation and every 25 ms); median of 3, each in a new browser context (the app restores the last trace into a reloaded page, so a reload is not an empty app), after network idle.`,
  'JSON.parse: the same text fetched as a string into the same empty app page; median of 7 samples, each repeating JSON.parse for at least 20 ms and dividing (so small traces are not below the clock).',
  "Longest task: a PerformanceObserver for 'longtask' (it reports only tasks of 50 ms or more) from the drop until 500 ms after the list shows; the worst of the 3 loads.",
  'Heap: over CDP (Target.setAutoAttach on the page reaches every dedicated worker and out-of-process frame, and their workers): after the 3rd load and its 500 ms, HeapProfiler.collectGarbage twice in every target, then Runtime.getHeapUsage usedSize plus backingStorageSize (the ArrayBuffers, where the engine keeps the file bytes and the columns live) summed, divided by the file size. The empty app, the same way before the first drop, is under Details.',
  `Key press: the 3rd load's page, the Steps listbox focused, ${KEY_PRESSES} ArrowDown presses (page.keyboard.press, 40 ms apart); from the keydown's event.timeStamp (a capture listener) to the first MutationObserver callback after it on the body (DOM commit), and to the frame that shows the new step's details: a MessageChannel message posted from the next requestAnimationFrame after the mutation that makes the selected row and the Step details (data-step) name the same new step with nothing aria-busy in the details (frame done). (Until issue 25 "frame done" followed the first mutation, the list's highlight alone, and so left out the frame the details came in.) p95 by nearest rank.`,
  `Filter: '/' focuses the filter box; ${FILTER_QUERIES.map((q) => `'${q}'`).join(', ')} typed one key at a time, each 100 ms after the previous count showed, Escape between; from the keydown's event.timeStamp to a MutationObserver on the match count seeing its data-query equal the box's new text; p95 by nearest rank over ${FILTER_QUERIES.join('').length} keys (about the worst).`,
  `Replay: the ${REPLAY_SIZE.toLocaleString('en-US')}-entry trace and ORDER_BATCH_FLOW as flow.ts through the file input; after the editor showed and the replay on load settled (and network idle, best effort), Replay clicked 4 times 300 ms apart; from the click to a new verdict banner in the DOM and the next frame; first = the first press, then = median of the other 3. The [verdict kind] is in the replay table below.`,
  `First drop: a 3-step trace (the demo's shape) set on the file input (setInputFiles, no drag, so nothing is primed by one) of a fresh page: a new context each sample, the empty app shown and the network idle, no trace opened before; from the input's change event (a capture listener) to the requestAnimationFrame after the list's 3 rows with the dropped Command names are in the DOM, then a task (the frame painted). Warm: 1 s later on the same page, another 3-step trace, timed the same way. Median of ${FIRST_DROPS} pages.`,
  'First paint: a fresh page of the empty app; every .js/.css resource whose responseEnd is at or before first-contentful-paint, each body gzipped at level 9 and summed; KB = 1024 bytes.',
  'Replay table: first/then as above; worker = the replay worker\'s own time (the verdict banner\'s figure); core = median of 3 warm runs of replayFlowSource + replayTrace in this Node process, step record included; target = 1.5 × core + 50; fresh = the same replay in a fresh, locked sandbox worker of the CLI (cold JIT; limit raised to 60 s; * = over the CLI\'s own 5 s limit, where `timescope replay` would stop it; n/a without dist-cli).',
  'One run, no retries for better numbers: on a busy 2-core machine every figure is noisy.'
];

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`bench:browser: no built app in ${dist}. Build it first (npx vite build), or point BENCH_DIST at a build.`);
  process.exit(1);
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Nearest-rank p95. */
const p95 = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)]!;
const mb = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

// ---------------------------------------------------------------- in-page scripts
// Strings, not functions: the bundler's helpers (__name) must not leak into the page.

/** Fetch a trace from the bench's own server into a File, kept for the drop (its bytes stay out of the JS heap). */
const PREPARE_FILE = (url: string) => `(async () => {
  const blob = await (await fetch(${JSON.stringify(url)})).blob();
  window.__file = new File([blob], 'trace.json', { type: 'application/json' });
  return blob.size;
})()`;

/** JSON.parse of the same text in this page: median of 7 samples, each one or more parses over at least 20 ms. */
const TIME_JSON_PARSE = (url: string) => `(async () => {
  const text = await (await fetch(${JSON.stringify(url)})).text();
  const samples = [];
  for (let s = 0; s < 7; s++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    do { JSON.parse(text); n++; t = performance.now(); } while (t - t0 < 20);
    samples.push((t - t0) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[3];
})()`;

/**
 * Drop the prepared File on the window, as a person's drop; done when an option says the list has
 * all N steps and nothing is aria-busy. Long tasks are watched from the drop until 500 ms after.
 */
const DROP_AND_WAIT = (entries: number) => `(async () => {
  let longest = 0;
  const seen = (list) => { for (const e of list.getEntries()) longest = Math.max(longest, e.duration); };
  const observer = new PerformanceObserver(seen);
  observer.observe({ type: 'longtask' });
  const dt = new DataTransfer();
  dt.items.add(window.__file);
  window.__file = null;
  const loaded = () => document.querySelector('[role=option][aria-setsize="${entries}"]') !== null && document.querySelector('[aria-busy=true]') === null;
  // As a person's drag: the file enters the window a moment before it lands (the app readies its reader then).
  window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
  await new Promise((r) => setTimeout(r, ${DRAG_MS}));
  performance.clearMeasures('timescope:engine');
  performance.clearMeasures('timescope:decode');
  const t0 = performance.now();
  window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  const ms = await new Promise((resolve, reject) => {
    let done = false;
    const stop = () => { done = true; mutations.disconnect(); clearInterval(poll); clearTimeout(limit); };
    const check = () => { if (!done && loaded()) { const t = performance.now(); stop(); resolve(t - t0); } };
    const mutations = new MutationObserver(check);
    mutations.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-setsize', 'aria-busy'] });
    const poll = setInterval(check, 25);
    const limit = setTimeout(() => {
      stop();
      reject(new Error('the step list never showed ${entries.toLocaleString('en-US')} steps within ${LOAD_TIMEOUT_MS / 1000} s; the page says: ' + document.body.innerText.slice(0, 400).replace(/\\s+/g, ' ')));
    }, ${LOAD_TIMEOUT_MS});
  });
  await new Promise((r) => setTimeout(r, 500));
  seen({ getEntries: () => observer.takeRecords() });
  observer.disconnect();
  // Where the time went, from the app's own performance entries (worker/engineClient.ts).
  const engine = performance.getEntriesByName('timescope:engine').at(-1);
  const decode = performance.getEntriesByName('timescope:decode').at(-1);
  const phases = engine && {
    toWorker: engine.startTime - t0,
    read: engine.detail.read,
    scan: engine.detail.parse,
    encode: engine.detail.encode,
    decode: decode ? decode.duration : 0,
    page: ms - (engine.startTime + engine.duration - t0) - (decode ? decode.duration : 0)
  };
  return { ms, longest, phases };
})()`;

/**
 * Key press latency: the keydown's own timeStamp, the first DOM mutation after it (a
 * MutationObserver on the whole body: the commit), and the frame that paints the new step's
 * details: the first mutation after which the list's selected row and the Step details section
 * name the same, new step with its value in place (nothing aria-busy in it), then the next
 * requestAnimationFrame and a message posted from it, which runs once that frame is done.
 *
 * This figure used to end at the frame after the first mutation, which is the list's highlight
 * alone: the details followed in a frame of their own (useSelectedAfterPaint), so the old "frame
 * done" p95 (~15 ms) left out the frame a person waits for; timed to the details it was 42-63 ms.
 */
const WATCH_KEYS = `(() => {
  const rec = [];
  let current = null;
  const selectedStep = () => document.querySelector('[role=option][aria-selected=true]')?.getAttribute('aria-posinset') ?? null;
  const detailsShow = (step) => {
    const details = document.querySelector('section[aria-label="Step details"]');
    return details !== null && details.getAttribute('data-step') === step && details.querySelector('[aria-busy=true]') === null;
  };
  const onKey = (e) => {
    if (e.key !== 'ArrowDown') return;
    current = { t0: e.timeStamp, start: performance.now(), commit: -1, frame: -1, from: selectedStep() };
    rec.push(current);
  };
  addEventListener('keydown', onKey, true);
  const mutations = new MutationObserver(() => {
    const r = current;
    if (!r || r.frame >= 0 || r.seen) return;
    if (r.commit < 0) r.commit = performance.now();
    const now = selectedStep();
    if (now === null || now === r.from || !detailsShow(now)) return;
    r.seen = true;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { r.frame = performance.now(); };
      ch.port2.postMessage(0);
    });
  });
  mutations.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__keys = { rec, stop: () => { removeEventListener('keydown', onKey, true); mutations.disconnect(); } };
})()`;

/** Filter latency: a key typed in the filter box, until the match count shows the count for the box's new text (its data-query). */
const WATCH_FILTER = `(() => {
  const input = document.getElementById('step-filter');
  const count = document.querySelector('[data-testid=filter-count]');
  if (!input || !count) throw new Error('no filter box ([data-testid=filter-count], #step-filter) in the page');
  const rec = [];
  let current = null;
  const check = () => {
    const r = current;
    if (!r || r.query === null || r.done >= 0) return;
    if (count.getAttribute('data-query') === r.query) { r.done = performance.now(); r.text = count.textContent; }
  };
  const onKey = (e) => {
    if (e.target !== input || e.key.length !== 1) return;
    current = { t0: e.timeStamp, query: null, done: -1, text: '' };
    rec.push(current);
  };
  const onInput = () => { if (current && current.query === null) { current.query = input.value; check(); } };
  addEventListener('keydown', onKey, true);
  input.addEventListener('input', onInput);
  const mutations = new MutationObserver(check);
  mutations.observe(count, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__filter = { rec, stop: () => { removeEventListener('keydown', onKey, true); input.removeEventListener('input', onInput); mutations.disconnect(); } };
})()`;

/** Press Replay in the page and wait for a new verdict banner: in-page ms, and the worker's ms it shows. */
const PRESS_REPLAY = `(async () => {
  const button = [...document.querySelectorAll('[role=toolbar][aria-label=Replay] button')].find((b) => /^Replay/.test(b.textContent));
  if (!button) throw new Error('no Replay button');
  document.querySelector('[data-testid=verdict]')?.setAttribute('data-seen', '');
  const t0 = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const poll = () => {
      if (document.querySelector('[data-testid=verdict]:not([data-seen])')) resolve();
      else if (performance.now() - t0 > 120000) reject(new Error('no verdict within 120 s of pressing Replay'));
      else requestAnimationFrame(poll);
    };
    poll();
  });
  await new Promise((resolve) => requestAnimationFrame(resolve)); // the frame that paints it
  const ms = performance.now() - t0;
  const worker = parseFloat(document.querySelector('[data-testid=replay-ms]')?.textContent ?? 'NaN');
  const verdict = document.querySelector('[data-testid=verdict]');
  return { ms, worker, verdict: verdict.textContent, kind: verdict.closest('[data-verdict]')?.getAttribute('data-verdict') ?? '?' };
})()`;

interface ReplayRun {
  ms: number;
  worker: number;
  verdict: string;
  kind: string;
}

/** Until the list shows the 3 rows of the trace named by its first Command, from the file input's change: ms to the painted frame. */
const TIME_NEXT_DROP = (firstCommand: string) => `(() => { window.__drop = new Promise((resolve) => {
  document.addEventListener('change', () => {
    const t0 = performance.now();
    const shown = () => {
      const rows = document.querySelectorAll('[role=option][aria-setsize="3"]');
      return rows.length === 3 && rows[0].textContent.includes(${JSON.stringify(firstCommand)});
    };
    const seen = new MutationObserver(() => {
      if (!shown()) return;
      seen.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    });
    seen.observe(document.body, { childList: true, subtree: true, attributes: true });
  }, { capture: true, once: true });
}); })()`;

const threeSteps = (first: string) =>
  JSON.stringify({
    flowName: 'checkout',
    trace: [
      { command: first, path: '0', result: { items: 2 }, durationMs: 1.5 },
      { command: 'cmdValidatePromo', path: '1', result: { percentOff: 100 }, durationMs: 0.4 },
      { command: 'cmdChargeCard', path: '2', threw: true, error: { __error: true, name: 'Error', message: 'Amount must be non-zero.' }, durationMs: 6.9 }
    ]
  });

async function timedDrop(page: Page, first: string): Promise<number> {
  await page.evaluate(TIME_NEXT_DROP(first));
  await page.getByLabel('Open trace or source files').setInputFiles({ name: `${first}.json`, mimeType: 'application/json', buffer: Buffer.from(threeSteps(first)) });
  return (await page.evaluate('window.__drop')) as number;
}

/** The first drop on fresh pages, and a second drop on each (warm), in ms. */
async function firstDrops(browser: Browser, base: string): Promise<{ first: number[]; warm: number[] }> {
  const first: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < FIRST_DROPS; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await openApp(page, base);
      first.push(await timedDrop(page, 'cmdFetchCart'));
      await page.waitForTimeout(1000);
      warm.push(await timedDrop(page, 'cmdFetchBasket'));
    } finally {
      await context.close();
    }
  }
  return { first, warm };
}

// ---------------------------------------------------------------- Node-side comparisons

/**
 * The same replay in a fresh sandbox worker of the CLI (worker_threads, ses locked, cold JIT), step
 * record included: what a fresh realm per replay costs outside the browser (median of 3).
 */
async function freshWorkerMs(files: { name: string; text: string }[], traceText: string): Promise<string> {
  const boot = path.join(root, 'dist-cli/sandbox-boot.cjs');
  if (!existsSync(boot)) return 'n/a';
  const out: number[] = [];
  for (let i = 0; i < 3; i++) {
    // A longer limit than the CLI's (DEFAULT_LIMITS, 5 s), to see the time rather than the cut.
    const o = await startSandbox(boot, { ...DEFAULT_LIMITS, timeoutMs: 60_000 }).run({ files, entry: files[0]!.name, traceText });
    if (o.kind !== 'result') return o.kind;
    out.push(o.ms);
  }
  const m = median(out);
  return `${m.toFixed(0)}${m > DEFAULT_LIMITS.timeoutMs ? '*' : ''}`;
}

async function coreReplayMs(files: { name: string; text: string }[], text: string): Promise<number> {
  const once = async () => {
    const t = performance.now();
    await replayFlowSource({ files, trace: JSON.parse(text) }, effect, replayTrace);
    return performance.now() - t;
  };
  await once();
  return median([await once(), await once(), await once()]);
}

// ---------------------------------------------------------------- measurements

interface LoadPhases {
  /** from the drop to the worker starting to read (the page's drop handling and the message) */
  toWorker: number;
  read: number;
  scan: number;
  /** the worker's answer put together and posted */
  encode: number;
  /** the page wrapping the transferred columns as a model */
  decode: number;
  /** from the answer being decoded to the list showing: the message's arrival and React's render */
  page: number;
}

interface SizeFigures {
  entries: number;
  bytes: number;
  loads: number[];
  /** each load's time by phase, from the app's performance entries */
  phases: LoadPhases[];
  longest: number;
  jsonParse: number;
  heapEmpty: HeapReading;
  heapLoaded: HeapReading;
  /** from the keydown's timeStamp to its first listener running: the wait for the main thread */
  keyDelay: number[];
  keyCommit: number[];
  keyFrame: number[];
  filter: { query: string; ms: number; text: string }[];
}

async function openApp(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await page
    .getByRole('heading', { name: 'Drop a pure-effect trace here' })
    .waitFor({ timeout: LOAD_TIMEOUT_MS })
    .catch(async (e: unknown) => {
      const says = await page.evaluate('document.body.innerText').catch(() => '?');
      throw new Error(`bench:browser: the empty app never showed its drop heading within ${LOAD_TIMEOUT_MS / 1000} s; the page says: ${String(says).slice(0, 400).replace(/\s+/g, ' ')}`, { cause: e });
    });
  await page.waitForLoadState('networkidle');
}

async function dropAndWait(page: Page, entries: number): Promise<{ ms: number; longest: number; phases?: LoadPhases }> {
  try {
    return (await page.evaluate(DROP_AND_WAIT(entries))) as { ms: number; longest: number; phases?: LoadPhases };
  } catch (e) {
    throw new Error(`bench:browser: loading the ${entries.toLocaleString('en-US')}-entry trace failed: ${(e as Error).message.split('\n')[0]}`, { cause: e });
  }
}

/**
 * Until a condition holds in the page, checked every 10 ms by a timer in the page. Not
 * page.waitForFunction: a string predicate is eval'd there, and the app's CSP forbids eval.
 */
async function waitInPage(page: Page, condition: string, timeoutMs: number): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const t0 = performance.now();
    const check = () => {
      if (${condition}) resolve();
      else if (performance.now() - t0 > ${timeoutMs}) reject(new Error('timed out after ${timeoutMs} ms waiting for: ' + ${JSON.stringify(condition)}));
      else setTimeout(check, 10);
    };
    check();
  })`);
}

async function heapNow(page: Page, meter: HeapMeter): Promise<HeapReading> {
  await meter.collectGarbage();
  await page.waitForTimeout(100);
  return meter.read();
}

/** A new browser context for each load: the app restores the last opened trace, so a reload of the same context is not an empty app. */
async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; meter: HeapMeter }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  return { context, page, meter: await HeapMeter.attach(page) };
}

async function measureSize(browser: Browser, base: string, traceUrl: string, entries: number, bytes: number): Promise<SizeFigures> {
  // JSON.parse of the same text, in the empty app's page (a context of its own, so its garbage is in no load's way).
  const forParse = await freshPage(browser);
  await openApp(forParse.page, base);
  const jsonParse = (await forParse.page.evaluate(TIME_JSON_PARSE(traceUrl))) as number;
  await forParse.context.close();

  const loads: number[] = [];
  const phases: LoadPhases[] = [];
  let longest = 0;
  let heapEmpty: HeapReading | undefined;
  let last: Awaited<ReturnType<typeof freshPage>> | undefined;
  try {
    for (let run = 0; run < LOAD_RUNS; run++) {
      await last?.context.close();
      last = await freshPage(browser);
      await openApp(last.page, base);
      if (run === 0) {
        await last.page.waitForTimeout(500);
        heapEmpty = await heapNow(last.page, last.meter);
      }
      await last.page.evaluate(PREPARE_FILE(traceUrl));
      const m = await dropAndWait(last.page, entries); // includes 500 ms after the list shows
      loads.push(m.ms);
      if (m.phases) phases.push(m.phases);
      longest = Math.max(longest, m.longest);
    }
    const { page, meter } = last!;
    const heapLoaded = await heapNow(page, meter);

    // Key presses in the step list.
    await page.getByRole('listbox', { name: 'Steps' }).focus();
    await page.evaluate(WATCH_KEYS);
    for (let i = 0; i < KEY_PRESSES; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(40);
    }
    await waitInPage(page, 'window.__keys.rec.length > 0 && window.__keys.rec.every((x) => x.frame >= 0 || x.commit < 0)', 10_000).catch(() => undefined);
    const keys = (await page.evaluate('(() => { window.__keys.stop(); return window.__keys.rec; })()')) as { t0: number; start: number; commit: number; frame: number }[];
    const committed = keys.filter((k) => k.commit >= 0 && k.frame >= 0);
    if (committed.length < keys.length / 2) console.warn(`  (${entries}: only ${committed.length} of ${keys.length} key presses changed the DOM)`);

    // Typing in the filter box: '/' focuses it, Escape clears it and goes back to the list.
    const filter: SizeFigures['filter'] = [];
    for (const query of FILTER_QUERIES) {
      await page.keyboard.press('/');
      await waitInPage(page, "document.activeElement?.id === 'step-filter'", 5_000);
      await page.evaluate(WATCH_FILTER);
      for (const ch of query) {
        await page.keyboard.press(ch);
        await waitInPage(page, 'window.__filter.rec.length > 0 && window.__filter.rec[window.__filter.rec.length - 1].done >= 0', 30_000).catch((e: unknown) => {
          throw new Error(`bench:browser: the filter's count never showed the count for '${query}' (after '${ch}') at ${entries} entries within 30 s`, { cause: e });
        });
        await page.waitForTimeout(100); // between keystrokes, as typing is
      }
      const rec = (await page.evaluate('(() => { window.__filter.stop(); return window.__filter.rec; })()')) as { t0: number; query: string; done: number; text: string }[];
      for (const r of rec) filter.push({ query: r.query, ms: r.done - r.t0, text: r.text });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(100);
    }

    return {
      entries,
      bytes,
      loads,
      phases,
      longest,
      jsonParse,
      heapEmpty: heapEmpty!,
      heapLoaded,
      keyDelay: committed.map((k) => k.start - k.t0),
      keyCommit: committed.map((k) => k.commit - k.t0),
      keyFrame: committed.map((k) => k.frame - k.t0),
      filter
    };
  } finally {
    await last?.context.close();
  }
}

/** JS and CSS that had arrived when the empty app first painted content, gzipped (level 9) one by one. */
async function firstPaintBytes(browser: Browser, base: string): Promise<{ gzip: number; raw: number; files: { name: string; gzip: number }[]; paintMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    page.on('response', (r) => {
      const type = r.request().resourceType();
      if (type === 'script' || type === 'stylesheet' || /\.(m?js|css)(\?|$)/.test(r.url())) {
        bodies.set(
          r.url(),
          r.body().catch(() => undefined)
        );
      }
    });
    await openApp(page, base);
    const timing = (await page.evaluate(`(() => {
      const paint = performance.getEntriesByType('paint');
      const fcp = paint.find((p) => p.name === 'first-contentful-paint') ?? paint.find((p) => p.name === 'first-paint');
      const at = fcp ? fcp.startTime : Infinity;
      const resources = performance.getEntriesByType('resource').filter((r) => /\\.(m?js|css)(\\?|$)/.test(new URL(r.name).pathname) && r.responseEnd <= at).map((r) => r.name);
      return { at, resources };
    })()`)) as { at: number; resources: string[] };
    const files: { name: string; gzip: number }[] = [];
    let raw = 0;
    for (const url of timing.resources) {
      const body = await bodies.get(url);
      if (!body) {
        files.push({ name: `${new URL(url).pathname} (body not seen)`, gzip: NaN });
        continue;
      }
      raw += body.length;
      files.push({ name: new URL(url).pathname, gzip: gzipSync(body, { level: 9 }).length });
    }
    return { gzip: files.reduce((s, f) => s + (Number.isFinite(f.gzip) ? f.gzip : 0), 0), raw, files, paintMs: timing.at };
  } finally {
    await context.close();
  }
}

/** Load a trace and its flow source with the file input, wait for the editor and the replay on load, press Replay 4 times. */
async function replayInPage(browser: Browser, base: string, traceFile: string, flowFile: string, steps: number): Promise<ReplayRun[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await openApp(page, base);
    await page.getByLabel('Open trace or source files').setInputFiles([traceFile, flowFile]);
    await page
      .locator(`[role=option][aria-setsize="${steps}"]`)
      .first()
      .waitFor({ timeout: LOAD_TIMEOUT_MS })
      .catch((e: unknown) => {
        throw new Error(`bench:browser: ${path.basename(path.dirname(traceFile))}: the step list never showed ${steps} steps within ${LOAD_TIMEOUT_MS / 1000} s`, { cause: e });
      });
    // The editor has loaded and the replay on load is over, as when a person reaches for Replay.
    // Network idle is best effort: a request Playwright never sees finish (the sandbox frame's
    // blob: worker script) can hold it off for good.
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    await page.locator('.monaco-editor').first().waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.locator('[data-auto-replay=settled]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.waitForTimeout(300);
    const runs: ReplayRun[] = [];
    for (let i = 0; i < 4; i++) {
      runs.push((await page.evaluate(PRESS_REPLAY)) as ReplayRun);
      await page.waitForTimeout(300); // a person reads the verdict before pressing again
    }
    return runs;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- the run

const started = performance.now();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'timescope-bench-'));
const traces = new Map<number, Buffer>();
for (const n of new Set([...SIZES, REPLAY_SIZE])) traces.set(n, Buffer.from(JSON.stringify(await recordOrderBatch(n))));
const replayDir = path.join(tmp, `order-batch-${REPLAY_SIZE}`);
const replayTraceFile = path.join(replayDir, 'trace.json');
const replayFlowFile = path.join(replayDir, 'flow.ts');
mkdirSync(replayDir, { recursive: true });
writeFileSync(replayTraceFile, traces.get(REPLAY_SIZE)!);
writeFileSync(replayFlowFile, ORDER_BATCH_FLOW);

// The traces come from a server of our own (the page's CSP allows connect-src http:), so neither
// Playwright's wire nor its request routing is in the app's time.
const traceServer = createServer((req, res) => {
  const n = Number(/^\/trace-(\d+)\.json$/.exec(req.url ?? '')?.[1]);
  const body = traces.get(n);
  if (!body) {
    res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, 'access-control-allow-origin': '*' }).end(body);
});
await new Promise<void>((resolve) => traceServer.listen(0, '127.0.0.1', resolve));
const traceBase = `http://127.0.0.1:${(traceServer.address() as AddressInfo).port}/`;

const server = await preview({ root, build: { outDir: dist }, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'silent' });
const address = server.httpServer.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await chromium.launch({ executablePath, args });
try {
  console.log(`bench:browser against ${path.relative(root, dist) || '.'} (${base}), Chromium ${browser.version()}, ${os.cpus().length} cores`);
  console.log(
    `traces: ORDER_BATCH_FLOW recorded at ${SIZES.map((n) => `${n.toLocaleString('en-US')} entries (${mb(traces.get(n)!.length)})`).join(', ')}; one order in ${ORDER_BATCH_RETRY_EVERY} retried\n`
  );

  const paint = await firstPaintBytes(browser, base);
  process.stderr.write(`  first drops on ${FIRST_DROPS} fresh pages…\n`);
  const drops = await firstDrops(browser, base);
  const figures: SizeFigures[] = [];
  for (const n of SIZES) {
    process.stderr.write(`  measuring ${n.toLocaleString('en-US')} entries…\n`);
    figures.push(await measureSize(browser, base, `${traceBase}trace-${n}.json`, n, traces.get(n)!.length));
  }

  process.stderr.write(`  replaying ${REPLAY_SIZE.toLocaleString('en-US')} entries…\n`);
  const generatedRuns = await replayInPage(browser, base, replayTraceFile, replayFlowFile, REPLAY_SIZE);

  // ------------------------------------------------------------ the table
  const mark = (ok: boolean) => (ok ? ' ✓' : ' ✗');
  const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
  const rows: [string, string[], string][] = [];
  const per = (f: (s: SizeFigures) => string) => figures.map(f);
  rows.push(['Load: file chosen → list shows N (ms)', per((s) => `${ms(median(s.loads))}${mark(median(s.loads) <= 2 * s.jsonParse)}`), '≤ 2× JSON.parse']);
  rows.push(['JSON.parse of the same text, same page (ms)', per((s) => ms(s.jsonParse)), '—']);
  rows.push(['Load ÷ JSON.parse', per((s) => `${(median(s.loads) / s.jsonParse).toFixed(1)}×${mark(median(s.loads) <= 2 * s.jsonParse)}`), '≤ 2×']);
  rows.push(['Longest main-thread task while loading (ms)', per((s) => (s.longest > 0 ? `${ms(s.longest)}${mark(s.longest <= 50)}` : '< 50 ✓')), '≤ 50 ms']);
  rows.push([
    'Heap after load ÷ file size (main thread + all workers)',
    per((s) => `${(s.heapLoaded.total / s.bytes).toFixed(1)}×${mark(s.heapLoaded.total <= 3 * s.bytes)}`),
    '≤ 3×'
  ]);
  rows.push(['Key press → DOM commit, p95 (ms)', per((s) => (s.keyCommit.length ? `${ms(p95(s.keyCommit))}${mark(p95(s.keyCommit) <= 4)}` : 'n/a')), '≤ 4 ms']);
  rows.push(['Key press → frame with the step’s details, p50 / p95 (ms)', per((s) => (s.keyFrame.length ? `${ms(median(s.keyFrame))} / ${ms(p95(s.keyFrame))}${mark(p95(s.keyFrame) <= 17)}` : 'n/a')), '≤ 17 ms']);
  rows.push([
    'Filter: key press → match count updated, p95 (ms)',
    per((s) => {
      const v = p95(s.filter.map((f) => f.ms));
      return s.entries === 100_000 ? `${ms(v)}${mark(v <= 100)}` : ms(v);
    }),
    '≤ 100 ms at 100k'
  ]);
  const replayFirst = generatedRuns[0]!.ms;
  const replayThen = median(generatedRuns.slice(1).map((r) => r.ms));
  // The flow is the trace's own source, so every replay has to reproduce it; anything else is a bug to look at.
  const notReproduced = [...new Set(generatedRuns.filter((r) => r.kind !== 'reproduced').map((r) => `${r.kind}: ${r.verdict}`))].join('; ');
  if (notReproduced) console.warn(`bench:browser: the generated ${REPLAY_SIZE}-entry replay did not reproduce its recording: ${notReproduced}`);
  rows.push([
    'Replay, click → verdict (ms)',
    SIZES.map((n) => (n === REPLAY_SIZE ? `first ${ms(replayFirst)}${mark(replayFirst <= 300)}, then ${ms(replayThen)}${mark(replayThen <= 300)}${notReproduced ? ` (NOT reproduced: ${notReproduced})` : ''}` : '')),
    '≤ 300 ms'
  ]);
  const dropFirst = median(drops.first);
  rows.push([
    'First drop, fresh page: change → 3-step list painted (ms)',
    SIZES.map((_, i) => (i === 0 ? `${ms(dropFirst)}${mark(dropFirst <= 200)} (warm: ${ms(median(drops.warm))})` : '″')),
    '≤ 200 ms'
  ]);
  const paintKb = paint.gzip / 1024;
  rows.push(['JS + CSS before first paint (KB gzip)', SIZES.map((_, i) => (i === 0 ? `${paintKb.toFixed(0)}${mark(paintKb <= 200)} (empty app)` : '″')), '≤ 200 KB']);

  const header = ['Figure', ...SIZES.map((n) => n.toLocaleString('en-US')), 'Goal'];
  const body = rows.map(([name, cells, goal]) => [name, ...cells, goal]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(line(r));

  // ------------------------------------------------------------ the details
  console.log('\nDetails');
  for (const s of figures) {
    const n = s.entries.toLocaleString('en-US');
    console.log(`  ${n} entries, ${mb(s.bytes)}:`);
    console.log(`    loads ${s.loads.map((x) => ms(x)).join(', ')} ms (median ${ms(median(s.loads))}); JSON.parse ${ms(s.jsonParse)} ms; longest task ${s.longest > 0 ? `${ms(s.longest)} ms` : 'none ≥ 50 ms'}`);
    if (s.phases.length) {
      const mid = (pick: (p: LoadPhases) => number) => ms(median(s.phases.map(pick)));
      console.log(
        `    where a load went (medians of ${s.phases.length}): drop → worker reading ${mid((p) => p.toWorker)}, worker read ${mid((p) => p.read)} + scan ${mid((p) => p.scan)} + answer ${mid((p) => p.encode)}, page decode ${mid((p) => p.decode)} + message and render ${mid((p) => p.page)} ms`
      );
    }
    const parts = (h: HeapReading) => h.parts.map((p) => `${p.name} ${mb(p.bytes)}`).join(' + ');
    console.log(`    heap: empty app ${mb(s.heapEmpty.total)} (${parts(s.heapEmpty)})`);
    console.log(`          loaded    ${mb(s.heapLoaded.total)} (${parts(s.heapLoaded)}) = ${(s.heapLoaded.total / s.bytes).toFixed(2)}× the file; less the empty app ${((s.heapLoaded.total - s.heapEmpty.total) / s.bytes).toFixed(2)}×`);
    console.log(
      `    keys: ${s.keyCommit.length} presses; commit median ${ms(median(s.keyCommit))}, p95 ${ms(p95(s.keyCommit))}, max ${ms(Math.max(...s.keyCommit))}; frame median ${ms(median(s.keyFrame))}, p95 ${ms(p95(s.keyFrame))}, max ${ms(Math.max(...s.keyFrame))} ms; of which waiting for the main thread (timeStamp → first listener) median ${ms(median(s.keyDelay))}, p95 ${ms(p95(s.keyDelay))}`
    );
    const byQuery = FILTER_QUERIES.map((q) => {
      const mine = s.filter.filter((f) => q.startsWith(f.query) && f.query.length > 0);
      const last = s.filter.find((f) => f.query === q);
      return `'${q}' ${mine.map((f) => ms(f.ms)).join('/')} ms → ${last?.text ?? '?'}`;
    });
    console.log(`    filter: ${byQuery.join('; ')}`);
  }
  console.log(`  first drop (3 steps): fresh pages ${drops.first.map(ms).join(', ')} ms; warm (second drop) ${drops.warm.map(ms).join(', ')} ms`);
  console.log(`  first paint (first-contentful-paint at ${ms(paint.paintMs)} ms): ${paint.files.map((f) => `${f.name} ${(f.gzip / 1024).toFixed(1)} KB`).join(', ')}; ${(paint.raw / 1024).toFixed(0)} KB before gzip`);

  // ------------------------------------------------------------ replay beside the core
  // Replay as the person triggers it (button to verdict on screen, timed inside the page) beside
  // the same replay in this Node process (the core) and the worker's own figure.
  console.log(
    `\n${'replay (button to verdict)'.padEnd(28)} ${'steps'.padStart(6)} ${'first ms'.padStart(9)} ${'then ms'.padStart(8)} ${'worker ms'.padStart(10)} ${'core ms'.padStart(8)} ${'target ms'.padStart(10)} ${'fresh ms'.padStart(9)}   verdict`
  );
  const cases: { name: string; traceFile: string; flowFile: string; steps: number; runs?: ReplayRun[] }[] = [
    ...(
      [
        ['checkout-zero-total', 3],
        ['big-batch', 5002]
      ] as const
    ).map(([dir, steps]) => ({ name: dir, traceFile: path.join(shared, 'fixtures', dir, 'expected/trace.json'), flowFile: path.join(shared, 'fixtures', dir, 'flow.ts'), steps })),
    { name: `order-batch (generated)`, traceFile: replayTraceFile, flowFile: replayFlowFile, steps: REPLAY_SIZE, runs: generatedRuns }
  ];
  for (const c of cases) {
    if (!existsSync(c.traceFile)) {
      console.log(`${c.name.padEnd(28)} (no fixture at ${c.traceFile})`);
      continue;
    }
    const runs = c.runs ?? (await replayInPage(browser, base, c.traceFile, c.flowFile, c.steps));
    const files = [{ name: path.basename(c.flowFile), text: readFileSync(c.flowFile, 'utf8') }];
    const traceText = readFileSync(c.traceFile, 'utf8');
    const core = await coreReplayMs(files, traceText);
    const fresh = await freshWorkerMs(files, traceText);
    const then = median(runs.slice(1).map((r) => r.ms));
    const worker = median(runs.slice(1).map((r) => r.worker));
    const target = 1.5 * core + 50;
    const kinds = [...new Set(runs.map((r) => r.kind))].join(', ');
    console.log(
      `${c.name.padEnd(28)} ${String(c.steps).padStart(6)} ${runs[0]!.ms.toFixed(0).padStart(9)} ${then.toFixed(0).padStart(8)} ${worker.toFixed(0).padStart(10)} ${core.toFixed(0).padStart(8)} ${target.toFixed(0).padStart(10)} ${fresh.padStart(9)}   ${runs[0]!.verdict} [${kinds}]${then <= target ? '' : '  (over target)'}`
    );
  }

  console.log(`\nHow each figure is measured (Chromium ${browser.version()}, headless, --disable-gpu; the built app served by vite preview; service workers blocked)`);
  for (const note of NOTES) console.log(`- ${note}`);
  console.log(`\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  await new Promise<void>((resolve) => traceServer.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
}
