// The editor's TypeScript language service is for whoever edits: reading a trace never starts its
// worker (~7 MB, seconds of CPU), and focusing the editor does, with syntax errors underlined.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';

test('the code is coloured on open with no TypeScript worker; focusing the editor starts it, and a syntax error is underlined', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const app = await AppPage.demo(page, 'editor');
  const lines = app.source.monacoHost.locator('.view-lines');
  // Colouring: keywords, names and strings in distinct token classes, as the full language gives.
  await expect.poll(() => lines.evaluate((el) => new Set([...el.querySelectorAll('span[class^="mtk"]')].map((s) => s.className)).size)).toBeGreaterThan(4);
  expect(workers.filter((url) => /ts\.worker/.test(url))).toEqual([]);

  await lines.locator('.view-line').nth(2).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' const = ;');
  await expect(app.source.monacoHost.locator('.squiggly-error').first()).toBeAttached({ timeout: 20_000 });
  expect(workers.filter((url) => /ts\.worker/.test(url))).toHaveLength(1);
});

test('whoever edits gets the editor tools from the keyboard: completions, find and the command palette', async ({ page }) => {
  const app = await AppPage.demo(page, 'editor');
  const host = app.source.monacoHost;
  await host.locator('.view-lines .view-line').nth(2).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Succ');
  // The flow imports and uses Success: the list offers it (asked again while the language service starts).
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('ControlOrMeta+Space');
    await expect(host.locator('.suggest-widget.visible')).toContainText('Success', { timeout: 2_000 });
  }).toPass({ timeout: 25_000 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+f');
  await expect(host.locator('.find-widget.visible')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await expect(page.locator('.quick-input-widget')).toBeVisible();
  await page.keyboard.press('Escape');
});
