// The list of a several-trace file by keyboard alone: the focus is never left on the page's body
// when one view replaces another. Opening a trace gives it to the steps; "← All traces" gives it
// back to the row of the trace you came from.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { corpus } from './support/files';

test('keyboard only: a row opens its trace with the steps focused, and ← All traces comes back to that row', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(corpus('partial/jsonl-bad-line.jsonl'));
  const table = page.getByRole('table', { name: 'Traces in jsonl-bad-line.jsonl' });
  const rowButton = (name: string) => table.getByRole('button', { name, exact: true });
  await expect(rowButton('job-1')).toBeFocused();
  // Each row: its Compare tick, then its button.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(rowButton('job-4')).toBeFocused();
  await page.keyboard.press('Enter');
  await app.timeline.expectSteps(1);
  await expect(app.timeline.listbox).toBeFocused();
  await expect(page.getByRole('banner')).toContainText('job-4');

  const back = page.getByRole('button', { name: '← All traces' });
  for (let i = 0; i < 30 && !(await back.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowButton('job-4')).toBeFocused();
});
