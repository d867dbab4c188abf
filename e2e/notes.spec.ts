// Notes are saved as they are typed: a step note and a star, the incident's
// title and summary. They come back after a reload and after a tab closed in
// the middle of a word, are never lost when another trace is opened, are
// marked on the step list and the scrubber, and go when the trace is forgotten.
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

const openDemo = (page: Page) => AppPage.demo(page, 'selected');

const stepNote = (page: Page) => page.getByRole('textbox', { name: 'Step note' });

test('a step note, a star, a title and a summary survive a reload, and mark the step list and the scrubber', async ({ page }) => {
  const app = await openDemo(page);
  await (await app.inspector.stepNote(3)).fill('promo FREE100 makes the total 0; the provider refuses a zero charge');
  await page.getByRole('button', { name: 'Star this step' }).click();
  await expect(page.getByRole('button', { name: 'Star this step' })).toHaveAttribute('aria-pressed', 'true');
  await app.inspector.tab('Incident').click();
  await page.getByRole('textbox', { name: 'Incident title' }).fill('Checkout fails for 100% promos');
  await page.getByRole('textbox', { name: 'Incident summary' }).fill('A zero total reaches the card charge.');
  await expect(page.getByRole('list', { name: 'Noted and starred steps' })).toContainText('★ 3. cmdChargeCard');
  await expect(app.timeline.option('cmdChargeCard')).toHaveAccessibleName(/, starred, has a note$/);
  await expect(app.timeline.option('cmdChargeCard').getByTestId('step-mark')).toHaveText('★✎');
  await expect(page.getByTestId('note-tick')).toHaveCount(1);

  await page.reload();
  await app.timeline.expectSteps(3);
  await expect(stepNote(page)).toHaveValue('promo FREE100 makes the total 0; the provider refuses a zero charge');
  await expect(page.getByRole('button', { name: 'Star this step' })).toHaveAttribute('aria-pressed', 'true');
  await app.inspector.tab('Incident').click();
  await expect(page.getByRole('textbox', { name: 'Incident title' })).toHaveValue('Checkout fails for 100% promos');
  await expect(page.getByRole('textbox', { name: 'Incident summary' })).toHaveValue('A zero total reaches the card charge.');
});

test('a tab closed in the middle of typing keeps every letter typed', async ({ page, context }) => {
  await openDemo(page);
  await stepNote(page).click();
  await page.keyboard.type('typed right before the tab clos');
  // No wait, no blur: the tab goes away straight after the last key.
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  const app = new AppPage(again);
  await app.goto();
  await app.timeline.expectSteps(3);
  await expect(stepNote(again)).toHaveValue('typed right before the tab clos');
});

test('opening another trace never loses the first one’s notes, and Forget removes them with the trace', async ({ page }) => {
  const app = await openDemo(page);
  await (await app.inspector.stepNote(3)).fill('the demo’s note');
  await app.open(fixture('weather-retry/expected/trace.json'));
  await expect(page.getByRole('banner')).toContainText('weather');
  await expect(stepNote(page)).toHaveValue('');
  await stepNote(page).fill('the weather note');
  // Back to the demo: its note is there, untouched by the other trace's.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await expect(stepNote(page)).toHaveValue('the demo’s note');
  // Forget deletes them with the trace.
  await page.getByRole('button', { name: 'Forget this trace' }).click();
  await page.getByRole('button', { name: 'Forget', exact: true }).click();
  await expect(app.emptyHeading).toBeVisible();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await expect(stepNote(page)).toHaveValue('');
});
