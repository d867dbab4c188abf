// A ~30 MB trace: loading shows progress when slow, the page stays responsive, and the
// whole trace is there when it is done.
import { writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { FREEZE_MS } from './support/freeze';
import { bigTrace } from './support/bigTrace';
import { buildCapsule } from '../src/core/share/capsule';

interface Heartbeat {
  /** the progress bar named "Loading the trace" was seen rendered and visible */
  sawProgress: boolean;
  /** timer ticks that ran from the moment the file was given until the list showed its first step */
  ticks: number;
  /** the longest the main thread went without running a 10 ms timer in that time */
  maxGap: number;
  /** the list showed a step */
  done: boolean;
  /** from the loading view's first render to the list's first step, ms */
  loadMs: number;
}

test('a 60,000-step, ~30 MB trace loads without freezing the page, with progress when it takes long', async ({ page }, testInfo) => {
  const big = bigTrace(60_000, 500, 1_000);
  expect(big.text.length).toBeGreaterThan(28e6);
  const file = testInfo.outputPath('big.trace.json');
  writeFileSync(file, big.text);

  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();

  // The load takes a fraction of a second here, too short to poll reliably from the test, so the
  // page watches itself: from the moment the file is given until the list shows a step (reading,
  // parsing and the first render of the list, all of it), a 10 ms timer notes whether the
  // progress bar is up and how long the main thread went between ticks.
  await page.evaluate(() => {
    const hb: Heartbeat = { sawProgress: false, ticks: 0, maxGap: 0, done: false, loadMs: 0 };
    let last = 0;
    let given = 0;
    (window as unknown as { __hb: Heartbeat }).__hb = hb;
    const timer = window.setInterval(() => {
      const now = performance.now();
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Loading the trace"]');
      if (bar) hb.sawProgress ||= bar.checkVisibility();
      // The loading view (aria-busy) is up from the moment the file is given; its bar after 200 ms.
      if (!given && (bar || document.querySelector('[aria-busy="true"]'))) given = now;
      if (document.querySelector('[role=option]')) {
        hb.done = true;
        hb.loadMs = given ? now - given : 0;
        window.clearInterval(timer);
      }
      if (!given) return; // not given the file yet
      if (last) hb.maxGap = Math.max(hb.maxGap, now - last);
      last = now;
      hb.ticks += 1;
    }, 10);
  });
  const heartbeat = () => page.evaluate(() => (window as unknown as { __hb: Heartbeat }).__hb);

  const started = Date.now();
  await app.open(file);

  // Meanwhile the page answers at once and keys work: ? opens the shortcuts over the loading view.
  const t0 = Date.now();
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  const roundTrip = Date.now() - t0;
  expect(roundTrip, `a trivial evaluate took ${roundTrip} ms right after the file was given`).toBeLessThan(FREEZE_MS);
  await page.keyboard.press('?');
  await expect(app.shortcutsDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(app.shortcutsDialog).toBeHidden();

  await expect(app.timeline.options.first()).toBeVisible({ timeout: 20_000 });
  const loadMs = Date.now() - started;
  await expect.poll(async () => (await heartbeat()).done, { message: 'the heartbeat saw the load end' }).toBe(true);
  const hb = await heartbeat();
  testInfo.annotations.push({ type: 'load', description: `${loadMs} ms for ${(big.text.length / 1e6).toFixed(1)} MB; heartbeat ${JSON.stringify(hb)}` });
  await expect(app.progress).toHaveCount(0);
  // The bar waits 200 ms, so a fast load never flashes it; a load well past that shows it.
  if (hb.loadMs >= 400) expect(hb.sawProgress, `the progress bar "Loading the trace" was shown in a ${Math.round(hb.loadMs)} ms load`).toBe(true);
  if (hb.loadMs < 180) expect(hb.sawProgress, `no progress bar flashed in a ${Math.round(hb.loadMs)} ms load`).toBe(false);
  console.log(`60k steps: ${Math.round(hb.loadMs)} ms from the loading view to the first step; progress bar ${hb.sawProgress ? 'shown' : 'not shown'}; longest gap ${Math.round(hb.maxGap)} ms over ${hb.ticks} ticks`);
  expect(hb.ticks, 'timers kept running while loading').toBeGreaterThan(2);
  // Parsing in the worker leaves the page's gaps at ~10-70 ms here; FREEZE_MS leaves room for a
  // busy CI machine and still catches the parse moving onto the main thread (seconds for 30 MB, and
  // the bar would then not even get to show).
  expect(hb.maxGap, `the main thread was blocked for ${Math.round(hb.maxGap)} ms while reading and parsing`).toBeLessThan(FREEZE_MS);

  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', '60000');
  // The last root step threw, so the recording ends in its Failure and the trace opens there.
  await app.timeline.expectSelected(60_000, 'cmdStep49');
  await page.keyboard.press('Home');
  await app.timeline.expectSelected(1, 'cmdStep0');
  await expect(page.getByRole('banner')).toContainText('60,000 steps');

  await page.keyboard.press('End');
  await app.timeline.expectSelected(60_000, 'cmdStep49');
  await expect(app.timeline.optionAt(60_000)).toBeVisible();
  await expect(app.timeline.optionAt(60_000)).toHaveAttribute('aria-setsize', '60000');
  await app.expectAnnounced('Step 60000 of 60000, cmdStep49, threw Error: Step 59999 failed.');
  // The fragment follows once the selection rests (app/navigation/useStepHash.ts).
  await expect.poll(() => app.hashStep()).toBe(60_000);

  // Errors are one key away even this far in.
  await page.keyboard.press('Shift+E');
  await app.timeline.expectSelected(59_000, 'cmdStep49');
  await page.keyboard.press('Home');
  await app.timeline.expectSelected(1, 'cmdStep0');
  await expect(app.timeline.optionAt(1)).toBeVisible();
});

test('a capsule carrying a 60,000-step trace opens without freezing the page: it is unpacked in a worker', async ({ page }) => {
  const big = bigTrace(60_000, 500, 1_000);
  const zip = buildCapsule({ v: 1, trace: JSON.parse(big.text) as Record<string, unknown> });
  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();
  // The page watches itself: the longest gap between ticks of a 10 ms timer until the steps show
  // (reading the capsule, then parsing its trace; the gap that ends in their first render is not
  // counted, as the plain file's check above does not). Unpacking it on the page took 3.4 s.
  await page.evaluate(() => {
    const w = window as unknown as { __gap: { max: number; last: number } };
    w.__gap = { max: 0, last: performance.now() };
    window.setInterval(() => {
      const now = performance.now();
      if (!document.querySelector('[role="option"]')) w.__gap.max = Math.max(w.__gap.max, now - w.__gap.last);
      w.__gap.last = now;
    }, 10);
  });
  await app.open({ name: 'incident.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', '60000', { timeout: 30_000 });
  const gap = await page.evaluate(() => Math.round((window as unknown as { __gap: { max: number } }).__gap.max));
  test.info().annotations.push({ type: 'capsule load', description: `longest gap ${gap} ms` });
  console.log(`capsule of 60,000 steps: longest main-thread gap ${gap} ms`);
  // Twice FREEZE_MS: the gaps here include starting the capsule's worker and loading its code, which
  // read 60-90 ms on a quiet machine and up to 350 ms beside another heavy test. Reading the capsule
  // on this thread measured 2.0-3.4 s, so the bound still tells the two apart by a wide margin.
  expect(gap, `the main thread was blocked for ${gap} ms while the capsule was read`).toBeLessThan(2 * FREEZE_MS);
  await app.timeline.expectSelected(60_000, 'cmdStep49');
});
