// The on-call journey: open the checkout incident with its flow source, jump to
// the error, and see the failing Command, its error and its line in the code.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';
import { lineOf } from './support/source';

const TRACE = fixture('checkout-zero-total/expected/trace.json');
const FLOW = fixture('checkout-zero-total/flow.ts');

test('e jumps to the failing charge: option, details, source line and announcement', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE, FLOW);

  const { timeline, inspector, source } = app;
  await timeline.expectSteps(3);
  await expect(timeline.options.nth(0)).toHaveAccessibleName(/^cmdFetchCart,/);
  await expect(timeline.options.nth(1)).toHaveAccessibleName(/^cmdValidatePromo,/);
  await expect(timeline.options.nth(2)).toHaveAccessibleName(/^cmdChargeCard,/);
  for (let i = 0; i < 3; i++) {
    await expect(timeline.options.nth(i)).toHaveAttribute('aria-posinset', String(i + 1));
    await expect(timeline.options.nth(i)).toHaveAttribute('aria-setsize', '3');
  }
  // A recording that ends in a Failure opens on the step that threw it; Home goes to step 1, e comes back.
  await timeline.expectSelected(3, 'cmdChargeCard');
  await expect(source.fileTab('flow.ts')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await timeline.expectSelected(1, 'cmdFetchCart');

  await page.keyboard.press('e');

  await timeline.expectSelected(3, 'cmdChargeCard');
  await expect(timeline.option('cmdChargeCard')).toHaveAttribute('aria-selected', 'true');
  await expect(timeline.option('cmdFetchCart')).toHaveAttribute('aria-selected', 'false');
  await expect(inspector.heading).toHaveText('cmdChargeCard');
  await expect(inspector.region.getByText('Error: Amount must be non-zero.', { exact: true })).toBeVisible();
  await expect(inspector.region.locator('header')).toContainText('threw Error: Amount must be non-zero.');
  // The error's extra field is shown too.
  await expect(inspector.region).toContainText('invalid_amount');
  await app.expectAnnounced('Step 3 of 3, cmdChargeCard, threw Error: Amount must be non-zero.');

  // Monaco: the highlighted row is the line declaring the Command, with the error tone.
  const line = lineOf(FLOW, 'const cmdChargeCard');
  await source.waitForMonaco();
  await expect
    .poll(() => source.highlightedLine(), { timeout: 15_000, message: 'Monaco highlights the line of const cmdChargeCard' })
    .toEqual({ number: line, text: expect.stringContaining('const cmdChargeCard'), error: true });
  // Exactly one highlighted line.
  await expect(source.monacoHost.locator('.view-overlays .ts-line-highlight')).toHaveCount(1);
});

test('the plain source view highlights the same line before Monaco takes over', async ({ page }) => {
  // Hold the Monaco chunk back so the fallback stays up long enough to be read.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*monaco.*\.js$|\/assets\/editor\.api.*\.js$/i, async (route) => {
    await held;
    await route.continue();
  });
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE, FLOW);
  await app.timeline.expectSteps(3);
  await page.keyboard.press('e');
  await app.timeline.expectSelected(3, 'cmdChargeCard');

  // If this fails, the Monaco chunk was renamed and the route above no longer holds it back.
  await expect(app.source.region.getByRole('tabpanel')).toHaveAttribute('data-editor', 'fallback');
  const row = app.source.fallbackHighlight();
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-line', String(lineOf(FLOW, 'const cmdChargeCard')));
  await expect(row).toHaveAttribute('data-highlight', 'error');
  await expect(row).toContainText('const cmdChargeCard');
  // After each Command's line: how many times it ran, and threw.
  await expect(row).toContainText('✗ 1×  threw Error: Amount must be non-zero.');
  await expect(app.source.fallback.locator(`[data-line="${lineOf(FLOW, 'const cmdFetchCart')}"]`)).toContainText('✓ 1×  = {"orderId":"ord_7Hq2"');
  release();
  await app.source.waitForMonaco();
});

test('after each Command’s line, the editor says how many times it ran, and hints at its recorded value', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE, FLOW);
  await app.timeline.expectSteps(3);
  const { source } = app;
  const charge = lineOf(FLOW, 'const cmdChargeCard');
  const fetchCart = lineOf(FLOW, 'const cmdFetchCart');

  // (The plain view's badges are checked in the test above, with Monaco held back.)
  await source.waitForMonaco();
  await expect.poll(() => source.monacoLineText(fetchCart), { message: `Monaco line ${fetchCart} (cmdFetchCart) ends with its badge` }).toMatch(/const cmdFetchCart.*✓ 1×\s+= \{"orderId":"ord_7Hq2",.*…\s*$/);
  // The selected step (the failing charge, where the trace opens) says it in a note under its line instead.
  await expect(source.monacoHost.getByTestId('step-note')).toHaveText(/^cmdChargeCard ✗ threw Error: Amount must be non-zero\./);
  await expect.poll(() => source.monacoLineText(charge)).toBe('    const cmdChargeCard = () =>');
  await page.keyboard.press('Home');
  await expect.poll(() => source.monacoLineText(charge), { message: `Monaco line ${charge} (cmdChargeCard) ends with its badge` }).toMatch(/const cmdChargeCard.*✗ 1×\s+threw Error: Amount must be non-zero\.\s*$/);
});
