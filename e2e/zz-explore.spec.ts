import { test } from '@playwright/test';
import { fixture } from './support/files';
test('explore', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Open trace or source files').setInputFiles([fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts')]);
  await page.locator('[data-editor="monaco"]').waitFor();
  await page.waitForTimeout(1000);
  console.log(await page.evaluate(() => [...document.querySelectorAll('[role=status],[aria-live],[role=alert]')].map(e => e.outerHTML.slice(0, 200))));
  console.log(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)));
  console.log(await page.locator('.view-overlays').first().evaluate(e => e.outerHTML.slice(0, 1500)));
  console.log(await page.locator('.margin-view-overlays').first().evaluate(e => e.outerHTML.slice(0, 800)));
});
