// The post-mortem from the fixed checkout incident: a Markdown document with
// the diff, the verdict, the incident linked once (redacted, like a shared
// link) and short step links that open their step once it is open, downloaded as postmortem-checkout-<date>.md; and a regression
// test for what the replay showed, downloaded with its trace beside it.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { shootViews } from './support/screenshots';

const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const FIX_AT = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
const FIXED = FLOW.replace(FIX_AT, `${FIX_AT}    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n`);

/** The demo incident, fixed and replayed, with the Incident tab filled in. */
async function fixedIncident(page: Page) {
  const app = new AppPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  const replay = new ReplayPage(page);
  await replay.replaceEditorText(FIXED);
  await replay.run();
  await replay.expectVerdict('Fixed');
  await (await app.inspector.stepNote(3)).fill('the provider refuses a zero charge');
  await page.getByRole('button', { name: 'Star this step' }).click();
  await app.inspector.tab('Incident').click();
  await page.getByRole('textbox', { name: 'Incident title' }).fill('A 100% promo checks out without a charge');
  await page.getByRole('textbox', { name: 'Impact' }).fill('Every order with FREE100 failed at payment.');
  await page.getByRole('button', { name: 'Add action item' }).click();
  await page.getByRole('textbox', { name: 'Action item 1' }).fill('Alert on zero totals');
  return app;
}

test('the post-mortem of the fixed checkout holds its diff, its verdict and step links that open their step', async ({ page, browser }) => {
  // A fix, a replay and a second browser following two links: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await fixedIncident(page);
  await page.getByRole('button', { name: 'Export post-mortem…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export post-mortem' });
  const markdown = dialog.getByRole('textbox', { name: 'Post-mortem (Markdown)' });
  await expect(markdown).toHaveValue(/^# A 100% promo checks out without a charge/);
  const text = await markdown.inputValue();
  expect(text).toContain('> **Fixed');
  expect(text).toContain('```diff');
  expect(text).toContain('+    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });');
  expect(text).toContain('Every order with FREE100 failed at payment.');
  expect(text).toContain('Alert on zero totals');
  expect(text).toContain('the provider refuses a zero charge');
  expect(text).toContain('`Error: Amount must be non-zero.`');
  // Only the starred (and noted) step is in the timeline. The report links the incident once; in a
  // browser that opened it, the row's short link opens that step.
  const row = /\| \[3\]\((http[^)]+#of=\w+&step=3)\) ★ \| `cmdChargeCard` \|/.exec(text);
  expect(row, 'the timeline row links to step 3').not.toBeNull();
  const incident = /\[Open the incident in Timescope\]\((http[^)]+#incident=[^)]+)\)/.exec(text);
  expect(incident, 'the report links the incident').not.toBeNull();
  const other = await browser.newContext();
  const there = await other.newPage();
  await there.goto(incident![1]!);
  const app2 = new AppPage(there);
  await app2.timeline.expectSteps(3);
  await expect(there.getByTestId('received-redaction')).toContainText('Shared as a redacted link');
  // This browser keeps the incident it opened (what a step link opens in); saved a moment after it opens.
  await expect.poll(() => there.evaluate(() => localStorage.getItem('timescope.session'))).not.toBeNull();
  await there.goto('about:blank');
  await there.goto(row![1]!);
  await app2.timeline.expectSteps(3);
  await app2.timeline.expectSelected(3, 'cmdChargeCard');
  await other.close();

  await dialog.getByRole('button', { name: 'Preview' }).click();
  const rendered = dialog.getByRole('document', { name: 'Post-mortem, rendered' });
  await expect(rendered.getByRole('heading', { level: 1 })).toHaveText('A 100% promo checks out without a charge');
  await expect(rendered.getByRole('table')).toBeVisible();
  await expect(rendered.getByRole('link', { name: '3', exact: true }).first()).toHaveAttribute('href', /#of=\w+&step=3$/);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download .md' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^postmortem-checkout-\d{4}-\d{2}-\d{2}\.md$/);
  expect(readFileSync(await file.path(), 'utf8')).toBe(text);
});

test('the regression test asserts what the fixed replay showed, and downloads with its trace beside it', async ({ page }) => {
  await fixedIncident(page);
  await page.getByRole('button', { name: 'Export regression test…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export regression test' });
  const code = dialog.getByRole('textbox', { name: 'Regression test' });
  await expect(code).toHaveValue(/from ["']pure-effect["']/);
  let text = await code.inputValue();
  expect(text).toMatch(/from ["']node:test["']/);
  expect(text).toContain('replayEffect');
  expect(text).toMatch(/assert\.equal\(result\.type, ["']Success["']\)/);
  expect(text).toMatch(/\[["']cmdChargeCard["']\]/);
  // Prefilled with what the fix changed: the receipt.
  await expect(dialog.getByRole('checkbox', { name: /receipt\.waived/ })).toBeChecked();
  expect(text).toContain('receipt.waived');

  await dialog.getByRole('radio', { name: 'vitest' }).check();
  await dialog.getByRole('radio', { name: 'beside it, as .trace.json' }).check();
  await dialog.getByRole('textbox', { name: 'Import the flow from' }).fill('../src/flows/checkout.ts');
  await expect(code).toHaveValue(/from ["']vitest["']/);
  text = await code.inputValue();
  expect(text).toMatch(/["']\.\.\/src\/flows\/checkout\.ts["']/);
  expect(text).toMatch(/\.trace\.json/);

  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await dialog.getByRole('button', { name: 'Download test' }).click();
  await expect.poll(() => downloads.length).toBe(2);
  expect(downloads[0]).toMatch(/\.test\.ts$/);
  expect(downloads[1]).toMatch(/\.trace\.json$/);
  // The import path is remembered for the flow.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Export regression test…' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Import the flow from' })).toHaveValue('../src/flows/checkout.ts');
});

test('screenshots of the post-mortem and regression test exports', async ({ page }) => {
  // Two exports, four shots each: room for them on a busy machine.
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await fixedIncident(page);
  await shootViews(page, 'incident-tab');
  await page.getByRole('button', { name: 'Export post-mortem…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export post-mortem' });
  await expect(dialog.getByRole('textbox', { name: 'Post-mortem (Markdown)' })).toHaveValue(/^# /);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('table')).toBeVisible();
  await shootViews(page, 'postmortem');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Export regression test…' }).click();
  await expect(page.getByRole('dialog', { name: 'Export regression test' }).getByRole('textbox', { name: 'Regression test' })).toHaveValue(/replayEffect/);
  await shootViews(page, 'regression-test');
});
