// The waterfall: the Steps panel's other view, time across, Parallel branches
// as rows. Journeys on a recorded trace with a Parallel inside a Parallel and
// a Retry inside a branch (itinerary-parallel-paradox): switching to it,
// clicking bars, ←/→, the error marked (in words, and read back from the
// canvas), zoom and fit, the theme; then a generated 100,000-step trace
// zoomed and panned with a long-task observer watching.
import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { WaterfallPage } from './pages/WaterfallPage';
import { bigTrace } from './support/bigTrace';
import { fixture } from './support/files';
import { inEachTheme, shootSizes, shootViews } from './support/screenshots';
import { FREEZE_MS } from './support/freeze';

const ITINERARY = fixture('itinerary-parallel-paradox/expected/trace.json');
const entries = (JSON.parse(readFileSync(ITINERARY, 'utf8')) as { trace: { command: string; path: string; durationMs: number }[] }).trace;
const ms = (path: string) => entries.find((e) => e.path === path)!.durationMs;

// Where the steps are, by the rules the waterfall draws with: branches start with their Parallel,
// a sequence's items run end to end, a decision spans its branches.
//   row 0: Parallel 0p, then cmdPriceTrip at 1
//   row 1: branch 0p0: cmdSearchFlights, then the nested Parallel 0p0/1p
//   rows 2, 3: its branches, cmdHoldSeat and cmdQuoteBags
//   row 4: branch 0p1: the Retry of cmdLoadLoyalty (threw, then returned)
const PRICE_TRIP = { row: 0, start: ms('0p'), end: ms('0p') + ms('1') };
const SEARCH_FLIGHTS = { row: 1, start: 0, end: ms('0p0/0') };
const QUOTE_BAGS = { row: 3, start: ms('0p0/0'), end: ms('0p0/0') + ms('0p0/1p1/0') };
const LOYALTY_THREW = { row: 4, start: 0, end: ms('0p1/0r0/0') };

type Rgb = readonly [number, number, number];
const near = (a: readonly number[], b: Rgb, tolerance = 24) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]!) <= tolerance);
function expectColor(pixel: readonly number[], rgb: Rgb, what: string, tolerance = 24) {
  expect(near(pixel, rgb, tolerance), `${what}: pixel ${pixel.join(',')} vs ${rgb.join(',')}`).toBe(true);
}

async function openItinerary(page: Page): Promise<{ app: AppPage; wf: WaterfallPage }> {
  const app = new AppPage(page);
  const wf = new WaterfallPage(page);
  await app.goto();
  await app.open(ITINERARY);
  await app.timeline.expectSteps(8);
  await wf.open();
  return { app, wf };
}

test('a Parallel with a nested Parallel and a Retry: rows, clicks, ←/→ and the error marked', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const { app, wf } = await openItinerary(page);
  await expect(wf.listButton).toHaveAttribute('aria-pressed', 'false');
  // The waterfall takes the list's place.
  await expect(app.timeline.listbox).toBeHidden();
  await expect(wf.host).toHaveAttribute('data-rows', '5');
  await expect(wf.host).toHaveAccessibleName(/^Waterfall of 8 steps over 72\.3 ms, 5 rows\./);

  // The error, in words and as a mark on the canvas.
  await expect(wf.errors).toHaveText('1 step threw, marked ▼ in red: cmdLoadLoyalty at 0.00 ms (path 0p1/0r0/0).');
  expect(await wf.number('error-marks')).toBe(1);
  // In each theme (the canvas is drawn again in its colours, a frame after the switch).
  await inEachTheme(page, (theme) =>
    expect(async () => {
      const err = await wf.themeColor('--ts-err');
      const accent = await wf.themeColor('--ts-accent');
      const background = await wf.themeColor('--ts-panel');
      // Read back from the canvas: the failed try is drawn in the error colour, near its end (clear of its
      // label, and of the selection's outline: it is the step the trace opens on).
      const threw = await wf.point(LOYALTY_THREW.end - 0.6, LOYALTY_THREW.row);
      expectColor(await wf.pixel(threw.x, threw.y + 4), err, 'the failed try is red');
      // And the ▼ over its start.
      const markX = (await wf.point(LOYALTY_THREW.start, LOYALTY_THREW.row)).x + 3.5;
      expectColor(await wf.pixel(markX, threw.y - 10), err, 'the ▼ mark above it', 60);
      const flights = await wf.point(SEARCH_FLIGHTS.start + (SEARCH_FLIGHTS.end - SEARCH_FLIGHTS.start) * 0.9, SEARCH_FLIGHTS.row);
      expectColor(await wf.pixel(flights.x, flights.y + 6), accent, 'a returned step in the accent colour');
      expectColor(await wf.pixel(flights.x, flights.y + 9), background, 'nothing drawn under the bar', 40);
    }, theme).toPass({ timeout: 5_000 })
  );

  // A click on a bar selects that step everywhere.
  await wf.clickAt((PRICE_TRIP.start + PRICE_TRIP.end) / 2, PRICE_TRIP.row);
  await expect(app.inspector.heading).toHaveText('cmdPriceTrip');
  await app.expectAnnounced('Step 8 of 8, cmdPriceTrip, returned.');
  await expect(wf.host).toHaveAttribute('data-selected', '7');
  await expect(wf.summary).toHaveText(/^cmdPriceTrip · path 1 · 68\.0 ms → 72\.3 ms \(4\.31 ms\) · returned$/);
  await wf.clickAt((QUOTE_BAGS.start + QUOTE_BAGS.end) / 2, QUOTE_BAGS.row);
  await expect(app.inspector.heading).toHaveText('cmdQuoteBags');
  await expect(wf.host).toBeFocused();

  // ←/→ walk the steps in time: the three that start together at 40.7 ms, then cmdPriceTrip.
  await page.keyboard.press('ArrowLeft');
  await expect(app.inspector.heading).toHaveText('cmdHoldSeat');
  await page.keyboard.press('ArrowLeft');
  await expect(app.inspector.heading).toHaveText('Parallel');
  await expect(wf.summary).toContainText('path 0p0/1p');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(app.inspector.heading).toHaveText('cmdPriceTrip');
  // At the end, → stays.
  await page.keyboard.press('ArrowRight');
  await expect(app.inspector.heading).toHaveText('cmdPriceTrip');
  await wf.clickAt(LOYALTY_THREW.end - 1, LOYALTY_THREW.row);
  await expect(app.inspector.heading).toHaveText('cmdLoadLoyalty');
  await expect(wf.summary).toContainText('path 0p1/0r0/0 · 0.00 ms → 6.79 ms (6.79 ms) · threw');
  // The app's other keys still work here: e goes to the (only) error, j to the next step in recorded order.
  await page.keyboard.press('j');
  await expect(wf.host).toHaveAttribute('data-selected', '1');
  await shootViews(page, 'waterfall');

  // v goes back to the list, with the selection kept; v again to the waterfall.
  await page.keyboard.press('v');
  await expect(app.timeline.listbox).toBeVisible();
  await app.timeline.expectSelected(2, 'cmdLoadLoyalty');
  await page.keyboard.press('v');
  await expect(wf.host).toBeVisible();
  await expect(wf.host).toBeFocused();
});

test('zoom with + and ctrl+wheel, pan with the wheel, drag and Shift+arrows, fit with 0; the selected step is brought into view', async ({ page }) => {
  const { app, wf } = await openItinerary(page);
  const fitted = await wf.view();
  await wf.host.focus();
  await page.keyboard.press('+');
  await expect.poll(async () => (await wf.view()).pxPerMs).toBeCloseTo(fitted.pxPerMs * 1.5, 6);
  await page.keyboard.press('-');
  await expect.poll(async () => (await wf.view()).pxPerMs).toBeCloseTo(fitted.pxPerMs, 6);

  // ctrl+wheel zooms around the pointer: the time under it stays put.
  const anchor = await wf.point(40, 1);
  await page.mouse.move(anchor.x, anchor.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect.poll(async () => (await wf.view()).pxPerMs).toBeGreaterThan(fitted.pxPerMs * 1.5);
  const zoomed = await wf.view();
  const box = (await wf.host.boundingBox())!;
  expect(zoomed.startMs + (anchor.x - box.x) / zoomed.pxPerMs).toBeCloseTo(40, 1);

  // The plain wheel pans time (these rows fit, so there is nothing to scroll down).
  await page.mouse.wheel(0, 120);
  await expect.poll(async () => (await wf.view()).startMs).toBeGreaterThan(zoomed.startMs);
  // Shift+→ pans on.
  const before = (await wf.view()).startMs;
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await wf.view()).startMs).toBeGreaterThan(before);
  // A drag pans back; it selects nothing.
  const selected = await wf.host.getAttribute('data-selected');
  const dragFrom = await wf.point(50, 1);
  const pannedTo = (await wf.view()).startMs;
  await page.mouse.move(dragFrom.x, dragFrom.y);
  await page.mouse.down();
  await page.mouse.move(dragFrom.x + 120, dragFrom.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await wf.view()).startMs).toBeLessThan(pannedTo);
  await expect(wf.host).toHaveAttribute('data-selected', selected!);

  // Home selects the first recorded step (cmdLoadLoyalty at 0 ms): the view moves to show it.
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await expect(app.inspector.heading).toHaveText('cmdLoadLoyalty');
  await expect.poll(async () => (await wf.view()).startMs).toBeLessThanOrEqual(0);

  await page.keyboard.press('0');
  await expect.poll(async () => wf.view()).toMatchObject({ startMs: fitted.startMs, pxPerMs: fitted.pxPerMs });
});

test('the theme switches the canvas colours too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const { wf } = await openItinerary(page);
  // The top left corner: the axis band, left of the first tick's label.
  const corner = async () => {
    const box = (await wf.canvas.boundingBox())!;
    return wf.pixel(box.x + 2, box.y + 3);
  };
  const light = await wf.themeColor('--ts-panel');
  expectColor(await corner(), light, 'light background', 2);
  // system (light) → dark
  await page.getByRole('button', { name: /^Theme: / }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await wf.themeColor('--ts-panel');
  expect(dark).not.toEqual(light);
  await expect.poll(async () => near(await corner(), dark, 2), { message: 'the canvas redrawn in the dark background' }).toBe(true);
});

test.describe('on a HiDPI screen', () => {
  test.use({ deviceScaleFactor: 2 });
  test('the canvas has two device pixels per CSS pixel', async ({ page }) => {
    const { wf } = await openItinerary(page);
    const size = await wf.canvas.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }));
    expect(size.cw).toBeGreaterThan(100);
    expect(size.w).toBe(size.cw * 2);
    expect(size.h).toBe(size.ch * 2);
  });
});

test('100,000 steps: opens in the waterfall, zooms and pans with no freeze', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const big = bigTrace(100_000, 230, 1_000);
  const file = testInfo.outputPath('big.trace.json');
  writeFileSync(file, big.text);
  await page.addInitScript(() => {
    const w = window as unknown as { __long: { start: number; ms: number }[] };
    w.__long = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no longtask entries in this browser: the frame times below still stand
    }
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  const wf = new WaterfallPage(page);
  await app.goto();
  await app.open(file);
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', '100000', { timeout: 30_000 });
  // Let the load's own work (the search worker's upload) finish before the clock starts.
  await page.waitForTimeout(500);

  const from = await page.evaluate(() => performance.now());
  await app.timeline.listbox.focus();
  await page.keyboard.press('v');
  await wf.drawn();
  await expect(wf.host).toBeFocused();
  const opened = await page.evaluate(() => performance.now());
  const layout = await page.evaluate(() => {
    const m = performance.getEntriesByName('timescope:waterfall-layout').at(-1) as PerformanceMeasure;
    return { ms: m.duration, ...(m.detail as { tasks: number; longestMs: number }) };
  });
  await expect(wf.errors).toHaveText(/^100 steps threw, marked ▼ in red: cmdStep49 at [\d.]+ (ms|s) \(path 999\), .*, and 95 more\.$/);
  // Fitted, 100,000 steps become a few hundred marks, and every thousandth step's error still shows.
  const fitted = { bars: await wf.number('bars'), columns: await wf.number('columns'), errors: await wf.number('error-marks') };
  const width = (await wf.host.boundingBox())!.width;
  expect(fitted.bars + fitted.columns).toBeLessThanOrEqual(2 * width + 2);
  expect(fitted.errors).toBeGreaterThanOrEqual(50);

  const box = (await wf.host.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -240);
  await page.keyboard.up('Control');
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 300);
  for (let i = 0; i < 10; i++) await page.keyboard.press('+');
  for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
  for (let i = 0; i < 20; i++) await page.keyboard.press('-');
  await page.keyboard.press('0');
  await expect.poll(async () => (await wf.view()).pxPerMs).toBeLessThan(1);
  // Zoomed in far enough, the steps are bars of their own, and a click picks one.
  for (let i = 0; i < 25; i++) await page.keyboard.press('+');
  await page.mouse.click(box.x + box.width / 2, (await wf.point(0, 0)).y);
  await expect(app.inspector.heading).toHaveText(/^cmdStep\d+$/);
  const zoomedIn = { bars: await wf.number('bars'), columns: await wf.number('columns') };
  expect(zoomedIn.bars).toBeGreaterThan(0);

  const frames = await wf.number('frames');
  const slowest = await wf.number('slowest-draw-ms');
  const longTasks = await page.evaluate((t) => (window as unknown as { __long: { start: number; ms: number }[] }).__long.filter((e) => e.start >= t), from);
  // The whole run, one mark per pixel column, the errors among them.
  await page.keyboard.press('0');
  await shootSizes(page, 'dark', 'waterfall-big');
  // At 1024 the Steps header keeps the toggle and the longest count on one line.
  await page.setViewportSize({ width: 1024, height: 768 });
  const header = page.locator('section[aria-labelledby="steps-heading"] > header');
  const lines = await header.evaluate((h) => [h.querySelector('h2')!, ...h.querySelectorAll('button'), h.querySelector('[data-testid="steps-count"]')!].map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
  for (const l of lines) expect(l.bottom - l.top, 'one line tall').toBeLessThan(24);
  for (const l of lines) expect(lines.every((m) => m.top < l.bottom && l.top < m.bottom), 'side by side').toBe(true);
  await expect(page.getByTestId('steps-count')).toHaveText('100,000 steps · 100 threw');
  expect(await page.getByTestId('steps-count').evaluate((el) => el.scrollWidth <= el.clientWidth), 'the count is not cut').toBe(true);
  const report = `100k steps in the waterfall: opened in ${Math.round(opened - from)} ms (press to first frame, as Playwright saw it), laid out in ${Math.round(layout.ms)} ms over ${layout.tasks} tasks (longest ${layout.longestMs.toFixed(1)} ms); fitted ${fitted.bars} bars + ${fitted.columns} columns, ${fitted.errors} error marks; zoomed in ${zoomedIn.bars} bars + ${zoomedIn.columns} columns; ${frames} frames, slowest draw ${slowest} ms; long tasks: ${JSON.stringify(longTasks.map((t) => Math.round(t.ms)))}`;
  console.log(report);
  testInfo.annotations.push({ type: 'waterfall-100k', description: report });
  expect(frames).toBeGreaterThan(20);
  // How fast each frame draws is a figure for bench/waterfallBrowser.ts (npm run bench:browser),
  // not a bound here: on a loaded CI machine the slowest draw read 62 ms with nothing wrong. What
  // is checked here is the freeze a person would notice, which no load on this machine explains.
  expect(longTasks.filter((t) => t.ms > FREEZE_MS), report).toEqual([]);
});
