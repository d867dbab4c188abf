// Replay's choices: another context to try an Ask branch, and which export
// builds the flow when the source does not say.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';

test('a Success recording shows its outcome and its proof, and another context that fails is judged against it', async ({ page }) => {
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await app.open(fixture('tenant-ask/expected/trace.json'), fixture('tenant-ask/flow.ts'));
  await app.timeline.expectSteps(2);
  // Nothing threw, so the trace proves no outcome: the replay on load of the recorded code, with the
  // recorded context, does, and the header says so.
  const header = page.getByTestId('production-outcome');
  await expect(header).toHaveText('✓ Success (replayed)');
  await expect(header).toHaveAttribute('title', "Production's outcome, proven by replaying the recorded code with the recorded context");
  await expect(page.getByRole('banner')).not.toContainText('replay to see');
  await replay.run();
  await replay.expectVerdict('Reproduced');
  const recorded = page.getByTestId('outcome-recorded');
  await expect(recorded).toContainText('Success');
  await expect(recorded).toContainText('proven by replaying the recorded code');
  await expect(recorded).not.toContainText('not known');

  await page.getByRole('tab', { name: 'Context' }).click();
  await page.getByRole('button', { name: 'Replay with another context…' }).click();
  const editor = page.getByLabel('Replay with this context instead');
  await expect(editor).toHaveValue(/"tenant": "acme"/);
  await editor.fill('{ "flowName": "list-invoices" }');
  await replay.run();
  await replay.expectVerdict('Outcome changed');
  await expect(replay.banner).toContainText('production ended in Success, this replay in Failure · it never asks cmdListInvoices, cmdWriteAuditEntry, which production asked');
  await expect(page.getByTestId('outcome-replayed')).toHaveText('Failure "No tenant in request context."');
  // Judged against the recorded context's replay, not this one's.
  await expect(recorded).toContainText('Success');
  await expect(header).toHaveText('✓ Success (replayed)');

  await editor.fill('{ "flowName": ');
  await expect(page.getByText('Not valid JSON:')).toBeVisible();
  await replay.run();
  await expect(page.getByRole('status').filter({ hasText: 'The replay context is not valid JSON' })).toBeVisible();

  await page.getByRole('button', { name: 'Use the recorded context' }).click();
  await replay.run();
  await replay.expectVerdict('Reproduced');
});

test('when no export is clearly the flow, the person picks one, and the choice is remembered for the trace', async ({ page }) => {
  const flow = readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8').replace(
    'export const checkoutFlow = (order: CheckoutInput) =>',
    'export const describeOrder = (order: CheckoutInput) => Success(order.orderId);\nexport const runCheckout = (order: CheckoutInput) =>'
  );
  const source = { name: 'checkout.ts', mimeType: 'text/plain', buffer: Buffer.from(flow) };
  const trace = { name: 'trace.json', mimeType: 'application/json', buffer: readFileSync(fixture('checkout-zero-total/expected/trace.json')) };
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await app.open(trace, source);
  await app.timeline.expectSteps(3);
  await replay.run();
  const picker = page.getByRole('dialog', { name: 'Which function builds the flow?' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button')).toHaveText(['describeOrder', 'runCheckout']);
  await picker.getByRole('button', { name: 'runCheckout' }).click();
  await replay.expectVerdict('Reproduced');

  await page.reload();
  await app.open(trace, source);
  await app.timeline.expectSteps(3);
  await replay.run();
  await replay.expectVerdict('Reproduced');
  await expect(picker).toBeHidden();
});
