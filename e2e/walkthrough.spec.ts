// Walkthrough mode: the steps one at a time in large type, driven by the
// keyboard, reachable by #walk=<step>, and followed by an audience window
// over BroadcastChannel (two pages of one browser context, as two windows
// of one browser are). Screenshots of both in both themes at both sizes.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { WalkthroughPage } from './pages/WalkthroughPage';
import { inEachTheme, shootSizes, shootViews } from './support/screenshots';

const NOTE = 'promo FREE100 makes the total 0; the provider refuses a zero charge';
const PROMO_NOTE = 'the promo is valid and takes 100% off';

const openDemo = (page: Page) => AppPage.demo(page, 'selected');


/** Notes on steps 2 and 3, and a star on 3; then focus back on the step list, where keys drive the app. */
async function writeNotes(app: AppPage) {
  const { page } = app;
  await (await app.inspector.stepNote(3)).fill(NOTE);
  await page.getByRole('button', { name: 'Star this step' }).click();
  await app.timeline.option('cmdValidatePromo').click();
  await (await app.inspector.stepNote(2)).fill(PROMO_NOTE);
  await app.timeline.option('cmdChargeCard').click();
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  // The replay on load fills in the pipeline values.
  await expect(page.getByText('This code reproduces the recording.')).toBeVisible();
  await app.timeline.listbox.focus();
}

test('the walkthrough by keyboard: w opens it, arrows and Space move, s picks starred steps, Esc leaves', async ({ page }) => {
  const app = await openDemo(page);
  await writeNotes(app);
  const walk = new WalkthroughPage(page);

  await page.keyboard.press('w');
  await expect(walk.dialog).toBeVisible();
  // It opens on the first starred step (here also the selected one): the note, the star, the outcome, the source line, what reached it.
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect(walk.note).toHaveText(NOTE);
  await expect(walk.slide.getByRole('img', { name: 'Starred' })).toBeVisible();
  await expect(walk.outcome).toContainText('Recorded: ✗ threw Error: Amount must be non-zero.');
  await expect(walk.outcome).not.toContainText('Replayed');
  await expect(walk.focusLine).toContainText('37');
  await expect(walk.focusLine).toContainText('const cmdChargeCard = () =>');
  await expect(walk.source.locator('li')).toHaveCount(7);
  await expect(walk.pipeline).toContainText('changed on the way here, by cmdValidatePromo');
  await expect(walk.changed).toContainText('total: + 0');
  await expect(walk.changedLines('before')).toHaveText([/percentOff: 100/, /total: 0/]);
  await expect(walk.pipeline).toContainText('It passed no value on');
  await expect.poll(() => walk.hashWalk()).toBe(3);

  // Back one: the step before, with its own note and what it changed, before and after.
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await expect(walk.note).toHaveText(PROMO_NOTE);
  await expect(walk.slide.getByRole('img', { name: 'Starred' })).toHaveCount(0);
  await expect(walk.outcome).toContainText('Recorded: ✓ returned');
  await expect(walk.outcome).toContainText('percentOff: 100 }');
  await expect(walk.focusLine).toContainText('const cmdValidatePromo');
  await expect(walk.changedLines('after')).toHaveText([/percentOff: 100/, /total: 0/]);
  await expect(walk.changedLines('before')).toHaveCount(0);
  await expect.poll(() => walk.hashWalk()).toBe(2);
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await expect(walk.slide).toContainText('No note on this step.');
  await expect(walk.changed).toContainText('cart: + { orderId: "ord_7Hq2", items: […], subtotal: 60, … }');
  // Held at the first step.
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await expect(walk.button('← Previous')).toBeDisabled();
  // Space and → go forward; the app's own keys (j, Space plays) stay out of it meanwhile.
  await page.keyboard.press(' ');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await page.keyboard.press('j');
  await page.keyboard.press('ArrowRight');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect(walk.button('Next →')).toBeDisabled();

  // Starred only: the one starred step, and nowhere else to go.
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await page.keyboard.press('s');
  await expect(walk.button('Starred only')).toHaveAttribute('aria-pressed', 'true');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect(walk.dialog).toContainText('Starred 1 of 1 · Step 3 of 3');
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await page.keyboard.press('s');
  await expect(walk.button('All steps')).toHaveAttribute('aria-pressed', 'true');

  // Ctrl+Enter replays from here too: the slide then says how the step fared.
  await page.keyboard.press('Control+Enter');
  await expect(walk.outcome).toContainText('Replayed: ✓ replayed: the flow asked for this step and got its recorded answer');
  await expect(walk.outcome).toContainText('The flow ended with ✗ Failure: Error: Amount must be non-zero.');

  // Esc leaves: the workspace is on the step the walk ended on, the step list has focus and its keys again.
  await page.keyboard.press('Escape');
  await expect(walk.dialog).toBeHidden();
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await expect(app.timeline.listbox).toBeFocused();
  await expect.poll(() => walk.hashWalk()).toBeUndefined();
  await page.keyboard.press('k');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await expect(page.getByRole('button', { name: /^Play/ })).toBeVisible();

  // The header's button opens it too, on the first starred step (not the selected one); Esc gives focus back to it.
  const headerButton = page.getByRole('banner').getByRole('button', { name: 'Walkthrough', exact: true });
  await headerButton.click();
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await page.keyboard.press('Escape');
  await expect(walk.dialog).toBeHidden();
  await expect(headerButton).toBeFocused();
  // Below 1280 px the header keeps its room for the flow's name; the Incident tab has the way in.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(headerButton).toBeHidden();
  await app.inspector.tab('Incident').click();
  const incidentButton = app.inspector.region.getByRole('button', { name: 'Walkthrough', exact: true });
  await incidentButton.click();
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await page.keyboard.press('Escape');
  await expect(incidentButton).toBeFocused();
});

test('#walk=2 opens the walkthrough straight at step 2, beside #step=, and the address follows it', async ({ page }) => {
  await openDemo(page);
  const walk = new WalkthroughPage(page);
  await page.goto('/#step=1&walk=2');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await page.keyboard.press('ArrowRight');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#step=1&walk=3$/);
  // A reload comes back to the same slide.
  await page.reload();
  await walk.expectAt(3, 3, 'cmdChargeCard');
  // Changing the address moves it.
  await page.evaluate(() => (window.location.hash = 'step=1&walk=1'));
  await walk.expectAt(1, 3, 'cmdFetchCart');
  // Out of range, it is ignored: the slide stays.
  await page.evaluate(() => (window.location.hash = 'walk=9'));
  await walk.expectAt(1, 3, 'cmdFetchCart');
  // Starred only, with nothing starred, says so; s goes back to every step.
  await page.keyboard.press('s');
  await expect(walk.dialog).toContainText('No step is starred yet.');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('s');
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await page.keyboard.press('Escape');
  await expect(walk.dialog).toBeHidden();
  await expect(page.getByRole('listbox', { name: 'Steps' }).getByRole('option', { selected: true })).toHaveAttribute('aria-posinset', '1');
});

/** The demo with notes, its walkthrough presented by Ana, and the audience window open. */
async function presentWithAudience(page: Page) {
  const app = await openDemo(page);
  await writeNotes(app);
  const walk = new WalkthroughPage(page);
  await page.keyboard.press('w');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await walk.dialog.getByRole('textbox', { name: 'Presenter name' }).fill('Ana');
  await walk.dialog.getByRole('textbox', { name: 'Presenter name' }).press('Escape');
  const [popup] = await Promise.all([page.waitForEvent('popup'), walk.button('Open audience window').click()]);
  const audience = new WalkthroughPage(popup, 'audience');
  await expect(audience.dialog).toBeVisible();
  return { walk, popup, audience };
}

test('the audience window follows the presenter, has no controls, shows who leads, and says when they leave', async ({ page }) => {
  // Two windows on a busy 2-core machine: more than the default 30 s.
  test.setTimeout(60_000);
  const { walk, popup, audience } = await presentWithAudience(page);
  await expect(popup.getByTestId('audience-leader')).toHaveText('Following Ana');
  await audience.expectAt(3, 3, 'cmdChargeCard');
  await expect(audience.note).toHaveText(NOTE);
  await expect(audience.focusLine).toContainText('const cmdChargeCard');
  await expect(audience.changedLines('before')).toHaveText([/percentOff: 100/, /total: 0/]);
  // Nothing to press, nothing to type in.
  await expect(audience.dialog.getByRole('button')).toHaveCount(0);
  await expect(audience.dialog.getByRole('textbox')).toHaveCount(0);
  await expect(walk.dialog.getByText('● audience following')).toBeVisible();

  // Every move of the presenter's shows within a second.
  await page.bringToFront();
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await expect(audience.command).toHaveText('cmdValidatePromo', { timeout: 1000 });
  await expect(popup.getByTestId('audience-position')).toHaveText('Step 2 of 3', { timeout: 1000 });
  await page.keyboard.press('s');
  await expect(popup.getByTestId('audience-position')).toHaveText('Starred 1 of 1 · Step 3 of 3', { timeout: 1000 });
  await page.keyboard.press('s');
  // One move at a time: each key waits for the presenter to show it, so the check is of the audience, not of key timing.
  // Back in All steps at the step the walk was on before Starred only (the walk keeps its step).
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await expect(popup.getByTestId('audience-position')).toHaveText('Step 2 of 3', { timeout: 1000 });
  await page.keyboard.press('Home');
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await expect(audience.command).toHaveText('cmdFetchCart', { timeout: 1000 });
  // Keys pressed in the audience window do nothing.
  await popup.keyboard.press('ArrowRight');
  await popup.keyboard.press('Escape');
  await expect(audience.command).toHaveText('cmdFetchCart');
  await expect(audience.dialog).toBeVisible();

  // The presenter leaves: the audience says so at once, and follows again when the walkthrough reopens.
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expect(walk.dialog).toBeHidden();
  await expect(popup.getByTestId('audience-leader')).toHaveText('The presenter has left', { timeout: 1000 });
  await popup.emulateMedia({ colorScheme: 'dark' });
  await shootSizes(popup, 'dark', 'walkthrough-audience-left');
  await page.keyboard.press('w');
  await expect(popup.getByTestId('audience-leader')).toHaveText('Following Ana', { timeout: 1000 });
  // The presenter's page goes away altogether.
  await page.close();
  await expect(popup.getByTestId('audience-leader')).toHaveText('The presenter has left', { timeout: 2000 });
  // Reopened with w, the walk began again on the first starred step.
  await expect(audience.command).toHaveText('cmdChargeCard');
});

test('an audience window of another trace, or one no presenter answers, waits and never shows a stray message', async ({ page, context }) => {
  await openDemo(page);
  const other = await context.newPage();
  await other.goto('/?audience=checkout-zzzz~nobody');
  const audience = new WalkthroughPage(other, 'audience');
  await expect(audience.dialog).toBeVisible();
  await expect(other.getByTestId('audience-leader')).toHaveText('Waiting for the presenter…');
  // Anything posted on its channel that is not a walkthrough message is ignored.
  await page.evaluate(() => {
    const ch = new BroadcastChannel('timescope.walkthrough:checkout-zzzz~nobody');
    ch.postMessage({ v: 1, type: 'state', presenter: '<b>x</b>', slide: 'not a slide' });
    ch.postMessage('hello');
    ch.close();
  });
  await other.waitForTimeout(300);
  await expect(other.getByTestId('audience-leader')).toHaveText('Waiting for the presenter…');
  await expect(audience.slide).toHaveCount(0);
});

/** axe on the walkthrough's dialog: serious and critical violations fail, as in a11y.spec.ts. */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
  expect(results.passes.length).toBeGreaterThan(5);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

test('the presenter and the audience window, shot at both sizes, with no serious accessibility violation', async ({ page }) => {
  // Two windows, eight shots and two axe runs: at a load of 20 on the shared 2 cores, axe alone passed 60 s.
  test.setTimeout(120_000);
  const { walk, popup, audience } = await presentWithAudience(page);
  // The step that threw tells the story best: the note, the failure, and total: 0 on the way in.
  await page.bringToFront();
  await page.keyboard.press('End');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect(audience.command).toHaveText('cmdChargeCard');
  // Each window in each theme, as its own OS setting would have it.
  await inEachTheme(page, async (theme) => {
    await shootSizes(page, theme, 'walkthrough-presenter');
    await expectAccessible(page, `${theme} presenter`);
  });
  await inEachTheme(popup, async (theme) => {
    await shootSizes(popup, theme, 'walkthrough-audience');
    await expectAccessible(popup, `${theme} audience`);
  });
  await page.keyboard.press('ArrowLeft');
  await expect(audience.command).toHaveText('cmdValidatePromo');
  await shootViews(page, 'walkthrough-presenter-change');
  await page.keyboard.press('Home');
  await expect(audience.command).toHaveText('cmdFetchCart');
});
