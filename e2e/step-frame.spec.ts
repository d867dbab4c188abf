// A step change lands in one frame: the commit that moves the list's
// selection also puts the new step's details (its heading and recorded value)
// on screen, so the frame a key press paints is the one a person waits for.
// Not timed (bench:browser times it); this checks that nothing of the details
// trails the list by a frame, on a trace big enough that its values live in
// the engine worker rather than the page.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { bigTrace } from './support/bigTrace';

const WATCH = `(() => {
  window.__seen = [];
  let from = null;
  const selected = () => document.querySelector('[role=option][aria-selected=true]')?.getAttribute('aria-posinset') ?? null;
  addEventListener('keydown', (e) => { if (e.key === 'ArrowDown') from = selected(); }, true);
  new MutationObserver(() => {
    if (from === null) return;
    const now = selected();
    if (now === null || now === from) return;
    // The first DOM change in which the list has moved: what do the details show?
    const details = document.querySelector('section[aria-label="Step details"]');
    window.__seen.push({ list: now, details: details?.getAttribute('data-step') ?? null, busy: details?.querySelector('[aria-busy=true]') !== null });
    from = null;
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

test('the commit that moves the list with ↓ shows the new step’s details and value too', async ({ page }) => {
  test.setTimeout(90_000);
  const big = bigTrace(8_000, 300, 1_000);
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big.text) });
  // Past the size whose values the page keeps inline (engineClient INLINE_VALUE_BYTES): they stay in the engine.
  expect(big.text.length).toBeGreaterThan(1_500_000);
  await expect(app.timeline.listbox.locator(`[role=option][aria-setsize="${big.count}"]`).first()).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Home');
  await app.timeline.expectSelected(1, 'cmdStep0');
  await expect(app.inspector.region).toHaveAttribute('data-step', '1');
  await app.timeline.listbox.focus();
  await page.evaluate(WATCH);
  const presses = 12;
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(app.inspector.region).toHaveAttribute('data-step', String(i + 2));
    await page.waitForTimeout(150);
  }
  const seen = (await page.evaluate('window.__seen')) as { list: string; details: string | null; busy: boolean }[];
  expect(seen, 'one list move per key press').toHaveLength(presses);
  for (const s of seen) expect(s, `the details in the list's commit for step ${s.list}`).toEqual({ list: s.list, details: s.list, busy: false });
});

test('a press that brings a row in from below has the list scrolled to it in the same commit, not a frame later', async ({ page }) => {
  test.setTimeout(90_000);
  const big = bigTrace(2_000, 50, 200);
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big.text) });
  await expect(app.timeline.listbox.locator(`[role=option][aria-setsize="${big.count}"]`).first()).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Home');
  await app.timeline.expectSelected(1, 'cmdStep0');
  await app.timeline.listbox.focus();
  // In the DOM change that selects the next row: is that row inside the list's visible area?
  await page.evaluate(`(() => {
    window.__inView = [];
    let from = null;
    const list = document.querySelector('[role=listbox][aria-label=Steps]');
    const selected = () => list.querySelector('[role=option][aria-selected=true]');
    addEventListener('keydown', (e) => { if (e.key === 'ArrowDown') from = selected()?.getAttribute('aria-posinset') ?? null; }, true);
    new MutationObserver(() => {
      const row = selected();
      if (from === null || !row || row.getAttribute('aria-posinset') === from) return;
      const a = row.getBoundingClientRect(), b = list.getBoundingClientRect();
      window.__inView.push(a.top >= b.top - 1 && a.bottom <= b.bottom + 1);
      from = null;
    }).observe(list, { subtree: true, childList: true, attributes: true });
  })()`);
  const rowsShown = await page.evaluate(() => Math.floor(document.querySelector('[role=listbox][aria-label=Steps]')!.clientHeight / 26));
  const presses = rowsShown + 10; // past the bottom of the list: the last 10 presses scroll it
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('ArrowDown');
    await app.timeline.expectSelected(i + 2);
  }
  const inView = (await page.evaluate('window.__inView')) as boolean[];
  expect(inView).toHaveLength(presses);
  expect(inView.every(Boolean), `rows out of view at their commit: ${inView.flatMap((v, i) => (v ? [] : [i + 2])).join(', ')}`).toBe(true);
});
