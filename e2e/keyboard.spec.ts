// The keyboard map: moving through steps and errors, the announcement, the
// #step= fragment, the shortcuts dialog, and keys that belong to the editor.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

const CHECKOUT = [fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts')];
// price-tag: cmdLoadProduct, then fetchLivePrice threw three times, then readCachedPrice.
const RETRY = [fixture('price-retry-fallback/expected/trace.json'), fixture('price-retry-fallback/flow.ts')];

async function expectAt(app: AppPage, n: number, total: number, command: string, announced: string | RegExp) {
  await app.timeline.expectSelected(n, command);
  await app.expectAnnounced(announced);
  await expect.poll(() => app.hashStep(), { message: `#step=${n} in the URL` }).toBe(n);
  await expect(app.page.getByText(`step ${n} / ${total}`, { exact: true })).toBeVisible();
}

test('j, k, arrows, Home and End move the selection, announce it and write #step=', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...CHECKOUT);
  await app.timeline.expectSteps(3);
  // The recording ends in the charge's Failure, so it opens there.
  await expectAt(app, 3, 3, 'cmdChargeCard', 'Step 3 of 3, cmdChargeCard, threw Error: Amount must be non-zero.');
  await page.keyboard.press('Home');
  await expectAt(app, 1, 3, 'cmdFetchCart', 'Step 1 of 3, cmdFetchCart, returned.');

  await page.keyboard.press('j');
  await expectAt(app, 2, 3, 'cmdValidatePromo', 'Step 2 of 3, cmdValidatePromo, returned.');
  await page.keyboard.press('ArrowDown');
  await expectAt(app, 3, 3, 'cmdChargeCard', 'Step 3 of 3, cmdChargeCard, threw Error: Amount must be non-zero.');
  // At the end, next stays put.
  await page.keyboard.press('j');
  await expectAt(app, 3, 3, 'cmdChargeCard', /^Step 3 of 3/);
  await page.keyboard.press('k');
  await expectAt(app, 2, 3, 'cmdValidatePromo', /^Step 2 of 3/);
  await page.keyboard.press('ArrowUp');
  await expectAt(app, 1, 3, 'cmdFetchCart', /^Step 1 of 3/);
  // At the start, previous stays put.
  await page.keyboard.press('k');
  await expectAt(app, 1, 3, 'cmdFetchCart', /^Step 1 of 3/);
  await page.keyboard.press('End');
  await expectAt(app, 3, 3, 'cmdChargeCard', /^Step 3 of 3/);
  await page.keyboard.press('Home');
  await expectAt(app, 1, 3, 'cmdFetchCart', /^Step 1 of 3/);
});

test('e and Shift+E cycle through the errors and wrap around', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...RETRY);
  await app.timeline.expectSteps(5);
  await expectAt(app, 1, 5, 'cmdLoadProduct', 'Step 1 of 5, cmdLoadProduct, returned.');

  await page.keyboard.press('e');
  await expectAt(app, 2, 5, 'fetchLivePrice', 'Step 2 of 5, fetchLivePrice, threw TimeoutError: pricing-svc did not answer within 15ms (sku GRND-58).');
  await page.keyboard.press('e');
  await expectAt(app, 3, 5, 'fetchLivePrice', /^Step 3 of 5, fetchLivePrice, threw TimeoutError/);
  await page.keyboard.press('e');
  await expectAt(app, 4, 5, 'fetchLivePrice', /^Step 4 of 5, fetchLivePrice, threw TimeoutError/);
  // Past the last error, e wraps to the first.
  await page.keyboard.press('e');
  await expectAt(app, 2, 5, 'fetchLivePrice', /^Step 2 of 5/);
  // Before the first error, Shift+E wraps to the last.
  await page.keyboard.press('Shift+E');
  await expectAt(app, 4, 5, 'fetchLivePrice', /^Step 4 of 5/);
  await page.keyboard.press('Shift+E');
  await expectAt(app, 3, 5, 'fetchLivePrice', /^Step 3 of 5/);
  // From a step after every error, Shift+E goes to the last error.
  await page.keyboard.press('End');
  await expectAt(app, 5, 5, 'readCachedPrice', 'Step 5 of 5, readCachedPrice, returned.');
  await page.keyboard.press('Shift+E');
  await expectAt(app, 4, 5, 'fetchLivePrice', /^Step 4 of 5/);
  // The details show the error after a jump.
  await expect(app.inspector.tab('Step')).toHaveAttribute('aria-selected', 'true');
  await expect(app.inspector.region).toContainText('Error');
});

test('the #step= fragment survives a reload and following it moves the selection', async ({ page }) => {
  const app = new AppPage(page);
  // A trace opened by URL comes back on reload; a dropped file cannot.
  await app.goto('/?trace=/demo/checkout.trace.json');
  await app.timeline.expectSteps(3);
  await expectAt(app, 3, 3, 'cmdChargeCard', /^Step 3 of 3/);
  await page.keyboard.press('k');
  await expectAt(app, 2, 3, 'cmdValidatePromo', /^Step 2 of 3/);

  await page.reload();
  await app.timeline.expectSteps(3);
  await expectAt(app, 2, 3, 'cmdValidatePromo', 'Step 2 of 3, cmdValidatePromo, returned.');

  // Editing the fragment by hand (or following a link to it) moves the selection.
  await page.evaluate(() => {
    window.location.hash = 'step=3';
  });
  await expectAt(app, 3, 3, 'cmdChargeCard', /^Step 3 of 3/);

  // A link straight to a step opens there.
  await app.goto('/?trace=/demo/checkout.trace.json#step=3');
  await app.timeline.expectSteps(3);
  await expectAt(app, 3, 3, 'cmdChargeCard', /^Step 3 of 3/);
});

test('? opens the shortcuts dialog, Esc closes it, and keys do not move the steps under it', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...CHECKOUT);
  await app.timeline.expectSteps(3);
  await expect(app.shortcutsDialog).toBeHidden();

  await page.keyboard.press('?');
  await expect(app.shortcutsDialog).toBeVisible();
  await expect(app.shortcutsDialog.getByRole('cell', { name: 'Next / previous error' })).toBeVisible();
  await page.keyboard.press('k');
  await app.timeline.expectSelected(3, 'cmdChargeCard');

  await page.keyboard.press('Escape');
  await expect(app.shortcutsDialog).toBeHidden();
  // The map works again once the dialog is gone.
  await page.keyboard.press('k');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
});

test('? opens the shortcuts dialog on the empty page too', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();
  await page.keyboard.press('?');
  await expect(app.shortcutsDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(app.shortcutsDialog).toBeHidden();
});

test('keys typed inside the editor stay in the editor', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...CHECKOUT);
  await app.timeline.expectSteps(3);
  await page.keyboard.press('Home');
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  await app.source.waitForMonaco();

  await app.source.monacoHost.locator('.view-lines').click();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null), { message: 'focus is in the editor' })
    .toBe(true);
  // Had any of these leaked to the page, the selection would end on step 3.
  for (const key of ['j', 'ArrowDown', 'e', 'End', 'n', '?']) await page.keyboard.press(key);

  await app.timeline.expectSelected(1, 'cmdFetchCart');
  await app.expectAnnounced('Step 1 of 3, cmdFetchCart, returned.');
  expect(await app.hashStep()).toBe(1);
  await expect(app.narration.region).toBeHidden();
  await expect(app.shortcutsDialog).toBeHidden();

  // Back on the page, the same key moves the selection by one (so nothing moved it before).
  await app.timeline.listbox.focus();
  await page.keyboard.press('j');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
});

test('n toggles the narration and Space plays to the end', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...CHECKOUT);
  await app.timeline.expectSteps(3);

  await page.keyboard.press('n');
  await expect(app.narration.region).toBeVisible();
  await page.keyboard.press('n');
  await expect(app.narration.region).toBeHidden();

  const playback = page.getByRole('contentinfo', { name: 'Playback' });
  await expect(playback.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(playback.getByRole('button', { name: 'Pause' })).toBeVisible();
  // 2 steps a second by default: the last step arrives, then playback stops by itself.
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await expect(playback.getByRole('button', { name: 'Play' })).toBeVisible();

  // Space pauses too: start from the first step and stop at once.
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await expect(playback.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(playback.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('a newly opened trace starts at its first step, not at the step the previous trace was on', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...CHECKOUT);
  await app.timeline.expectSteps(3);
  await page.keyboard.press('End');
  await expectAt(app, 3, 3, 'cmdChargeCard', /^Step 3 of 3/);

  // Another incident: its step 3 is unrelated to checkout's step 3.
  await app.open(...RETRY);
  await app.timeline.expectSteps(5);
  await expectAt(app, 1, 5, 'cmdLoadProduct', 'Step 1 of 5, cmdLoadProduct, returned.');
});

test('← folds the Retry around the selected step and → opens it again', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(fixture('price-retry-fallback/expected/trace.json'));
  await app.timeline.expectSteps(5);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await app.timeline.expectSelected(3, 'fetchLivePrice');
  await page.keyboard.press('ArrowLeft');
  await app.timeline.expectSteps(1);
  await app.timeline.expectSelected(1, 'cmdLoadProduct');
  await page.keyboard.press('ArrowRight');
  await app.timeline.expectSteps(5);
});

test('v switches the steps between the list and the waterfall, where ← and → walk the steps in time', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...CHECKOUT);
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  const waterfall = page.getByRole('application', { name: /^Waterfall of 3 steps/ });

  await page.keyboard.press('v');
  await expect(waterfall).toBeVisible();
  await expect(app.timeline.listbox).toBeHidden();
  await expect(page.getByRole('group', { name: 'Show the steps as' }).getByRole('button', { name: 'Waterfall' })).toHaveAttribute('aria-pressed', 'true');
  await expect(waterfall).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await app.expectAnnounced('Step 2 of 3, cmdValidatePromo, returned.');
  await page.keyboard.press('ArrowRight');
  await app.expectAnnounced(/^Step 3 of 3, cmdChargeCard, threw/);
  // The app's keys still work over the waterfall.
  await page.keyboard.press('Home');
  await app.expectAnnounced('Step 1 of 3, cmdFetchCart, returned.');

  await page.keyboard.press('v');
  await expect(app.timeline.listbox).toBeVisible();
  await expect(waterfall).toBeHidden();
  await app.timeline.expectSelected(1, 'cmdFetchCart');

  await page.keyboard.press('?');
  await expect(app.shortcutsDialog.getByRole('row', { name: /^v Steps as a list \/ as a waterfall/ })).toBeVisible();
});

test('holding ↓: the list follows every repeat, and the details and the announcement end on the step it stops at', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(fixture('capped-batch/expected/trace.json'), fixture('capped-batch/flow.ts'));
  // 25 steps, more than the list shows at once: it draws the rows in view.
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', '25');
  await page.getByRole('listbox', { name: 'Steps' }).focus();
  await page.keyboard.press('Home');
  await expectAt(app, 1, 25, 'cmdListOverdueInvoices', /^Step 1 of 25/);
  // A held key: one keydown, then repeats (Playwright marks a second down of a held key as a repeat).
  for (let i = 0; i < 12; i++) await page.keyboard.down('ArrowDown');
  await page.keyboard.up('ArrowDown');
  await expectAt(app, 13, 25, '', /^Step 13 of 25/);
  // The body (the step's value and its tabs) caught up on the same step.
  await expect(page.locator('#inspector-panel')).toHaveAttribute('data-step', '13');
});
