// Hidden clocks in the app: the demo flow, edited so that its promo ends by the clock (Date.now()
// in pure code, outside any Command), is replayed; the banner names the line that read today's
// clock. A fixed clock set in Settings (saved, and kept over a reload) answers that read in every
// replay, the banner says so, and the clock set decides the verdict the same way every time.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { inEachTheme, shootSizes } from './support/screenshots';

const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const PROMO = '    if (!order.promoCode) return Success({ ...order, total: order.cart.subtotal });';
const LINE = FLOW.split('\n').indexOf(PROMO) + 1;
// Before June 2026 the promo is applied as production applied it; from June on it is skipped.
const CLOCKED = FLOW.replace(PROMO, PROMO.replace('!order.promoCode', '!order.promoCode || Date.now() >= Date.UTC(2026, 5, 1)'));
expect(CLOCKED).not.toBe(FLOW);

const TODAY = `flow.ts:${LINE} read the clock in pure code (Date.now()); production read another time, so this replay may differ`;
const fixedAt = (iso: string) => `flow.ts:${LINE} read the clock in pure code (Date.now()); answered from the fixed clock (${iso}), not production's time`;

async function clockedDemo(page: Page) {
  await AppPage.demo(page, 'editor');
  const replay = new ReplayPage(page);
  await replay.replaceEditorText(CLOCKED);
  await expect.poll(() => replay.storedEdits()).toEqual({ 'flow.ts': CLOCKED });
  return replay;
}

const reads = (page: Page) => page.getByRole('list', { name: 'Clock and randomness read in pure code' });

async function setClock(page: Page, text: string) {
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('textbox', { name: 'Fixed clock for replays' }).fill(text);
  return settings;
}

test("an edited flow that reads Date.now() in pure code: the banner names the line; a fixed clock answers it, and decides the verdict alike every time", async ({ page }) => {
  test.setTimeout(90_000);
  const replay = await clockedDemo(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(reads(page).locator('[data-ambient="today"]')).toHaveText(TODAY, { timeout: 15_000 });

  // The way to a fixed clock is in the banner: Settings, where it is saved as it is typed.
  await reads(page).getByRole('button', { name: 'Set a fixed clock and seed for replays…' }).click();
  const settings = await setClock(page, 'next tuesday');
  await expect(settings).toContainText('Enter an ISO time such as 2026-03-01T09:30:00Z, or milliseconds since 1970. Not saved.');
  await setClock(page, '2026-01-01T00:00:00Z');
  await settings.getByRole('textbox', { name: 'Seed for replays' }).fill('7');
  await expect(settings.getByTestId('replay-clock-saved')).toHaveText('Replays read 2026-01-01T00:00:00.000Z');
  await shootSizes(page, 'light', 'ambient-settings');
  await page.keyboard.press('Escape');

  // Before the promo ended: the flow asks what production asked, and ends as it did.
  for (let i = 0; i < 2; i++) {
    await replay.run();
    await replay.expectVerdict('Reproduced');
    await expect(reads(page).locator('[data-ambient="fixed"]')).toHaveText(fixedAt('2026-01-01T00:00:00.000Z'));
    await expect(reads(page).locator('[data-ambient="today"]')).toHaveCount(0);
  }

  // After it: the same code skips the promo, whatever day it replays.
  await page.getByRole('button', { name: 'Settings' }).click();
  await setClock(page, '2026-07-01T00:00:00Z');
  await page.keyboard.press('Escape');
  await replay.run();
  await replay.expectVerdict('Diverged');
  await expect(reads(page).locator('[data-ambient="fixed"]')).toHaveText(fixedAt('2026-07-01T00:00:00.000Z'));

  // Saved in this browser: a reload keeps the clock, and emptying the field puts back the real one.
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('textbox', { name: 'Fixed clock for replays' })).toHaveValue('2026-07-01T00:00:00.000Z');
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('textbox', { name: 'Seed for replays' })).toHaveValue('7');
  await setClock(page, '');
  await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('timescope.settings') ?? '{}') as { state?: { replayClock?: unknown } }).state?.replayClock)).toBeNull();
});

test('screenshots of the banner warning of a clock read in pure code; no axe violations', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await clockedDemo(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(reads(page).locator('[data-ambient="today"]')).toHaveText(TODAY, { timeout: 15_000 });
  await page.mouse.move(5, 5);
  await inEachTheme(page, async (theme) => {
    await shootSizes(page, theme, 'ambient-warning');
    const results = await new AxeBuilder({ page }).include('[aria-label="Replay verdict"]').analyze();
    expect(results.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  // With a fixed clock, for the record: the read is said to be answered, in a quieter tone.
  await page.getByRole('button', { name: 'Settings' }).click();
  await setClock(page, '2026-01-01T00:00:00Z');
  await page.keyboard.press('Escape');
  await new ReplayPage(page).run();
  await expect(reads(page).locator('[data-ambient="fixed"]')).toHaveText(fixedAt('2026-01-01T00:00:00.000Z'), { timeout: 15_000 });
  await page.mouse.move(5, 5);
  await inEachTheme(page, async (theme) => {
    await shootSizes(page, theme, 'ambient-fixed');
    const fixed = await new AxeBuilder({ page }).include('[aria-label="Replay verdict"]').analyze();
    expect(fixed.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
