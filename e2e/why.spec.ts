// The first screen's why, in Retries, fallbacks and Parallels, from the provenance the runtime
// records; and divergence told on the right lines. Each view is shot at both sizes in both themes.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { WalkthroughPage } from './pages/WalkthroughPage';
import { fixture } from './support/files';
import { shootViews } from './support/screenshots';
import { DUE, RENEWALS_FLOW, recordRenewals } from './support/renewals';

const RETRY_TRACE = fixture('price-retry-fallback/expected/trace.json');
const RETRY_FLOW = fixture('price-retry-fallback/flow.ts');

async function openReplayed(page: Page, ...files: Parameters<AppPage['open']>) {
  const app = new AppPage(page);
  await app.goto();
  await app.open(...files);
  // The replay on load of the unchanged code fills in what each step received.
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  return app;
}

test.use({ colorScheme: 'dark' });

test('a fallback shows the exhaustion it was given, with the last error; a try that started over says after what', async ({ page }) => {
  const app = await openReplayed(page, RETRY_TRACE, RETRY_FLOW);
  await app.timeline.option('readCachedPrice').click();
  const why = page.getByTestId('received-why');
  await expect(why).toContainText('fallback: the Retry at 1 gave up after 3 tries');
  await expect(page.getByTestId('last-error')).toHaveText('last error: ETIMEDOUT (pricing-svc did not answer within 15ms (sku GRND-58))');
  await expect(app.source.monacoHost).toContainText('fallback given the exhaustion: last error ETIMEDOUT');
  await expect(why).not.toContainText('changed on the way here');
  await shootViews(page, 'why-fallback');

  await app.timeline.optionAt(3).click();
  await expect(why).toContainText('try 2 of the Retry at 1: started over after fetchLivePrice threw TimeoutError');
  await expect(why).not.toContainText('changed on the way here');
  await shootViews(page, 'why-retry-restart');
});

test('the step after a Parallel is credited to its join, not to the branch that finished last', async ({ page }) => {
  const app = await openReplayed(page, fixture('fulfilment-parallel-paradox/expected/trace.json'), fixture('fulfilment-parallel-paradox/flow.ts'));
  await app.timeline.option('cmdSendDispatchEmail').click();
  const why = page.getByTestId('received-why');
  await expect(why).toContainText('after the Parallel at 0 joined 2 branches');
  await expect(why).not.toContainText('changed on the way here, by cmdPrintLabel');
  await shootViews(page, 'why-parallel-join');
});

test('a branch built per item shows its own item, and the builder that got it', async ({ page }) => {
  const trace = await recordRenewals();
  const app = await openReplayed(
    page,
    { name: 'renewals.trace.json', mimeType: 'application/json', buffer: Buffer.from(trace) },
    { name: 'flow.ts', mimeType: 'text/plain', buffer: Buffer.from(RENEWALS_FLOW) }
  );
  // The first screen is the branch whose charge was declined, and what that branch was built from.
  const declined = DUE.findIndex((s) => s.customer === 'cus_Declined');
  await expect(app.timeline.listbox.getByRole('option', { selected: true })).toContainText('cmdChargeRenewal');
  const why = page.getByTestId('received-why');
  const line = RENEWALS_FLOW.split('\n').findIndex((l) => l.startsWith('const renewOne')) + 1;
  await expect(why).toContainText(`what renewOne (flow.ts:${line}) was called with to build branch ${declined} of its Parallel, from the flow input`);
  const received = app.inspector.region.getByLabel('value the step received');
  await expect(received).toContainText('cus_Declined');
  for (const other of DUE.filter((s) => s.customer !== 'cus_Declined')) await expect(received).not.toContainText(other.customer);
  await shootViews(page, 'why-per-item-branch');
});

test('a reorder: each note on its own Command\'s line, the fault in plain words, the library\'s text one click away', async ({ page }) => {
  const app = await openReplayed(page, fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
  const replay = new ReplayPage(page);
  await replay.replaceEditorText(readFileSync(fixture('checkout-zero-total/reorder.ts'), 'utf8'));
  await replay.run();
  await replay.expectVerdict('Diverged');
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  // The asked Command's own marker, and a row of its own.
  // Notes wrap with the source's lines (the ≠ mark sits on the line, the words below): matched across the wrap.
  const words = 'cmdValidatePromo asked at path 0, where the recording has cmdFetchCart: production asked it at path 1'.split(' ');
  await expect(app.source.monacoHost).toContainText(new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')));
  await expect(app.source.monacoHost).toContainText('≠');
  await expect(page.getByTestId('asked-now')).toContainText('cmdValidatePromo');
  await expect(page.getByTestId('asked-now')).toContainText('out of order');
  // The recorded step's note, on its line: what was asked in its place.
  await expect(app.source.monacoHost).toContainText('cmdFetchCart recorded: ✓ returned');
  await expect(app.source.monacoHost).toContainText('this code asked cmdValidatePromo there instead');
  const now = page.getByRole('region', { name: 'Replayed now' });
  await expect(now).toContainText('The new code asks for other Commands than production did');
  await expect(page.getByTestId('fault-raw')).toBeHidden();
  await now.getByText("The library's own words").click();
  await expect(page.getByTestId('fault-raw')).toHaveText(/^TimeParadox: Time paradox at path '0'/);
  await shootViews(page, 'why-diverged-reorder');

  // Reset to original: the candidate's verdict goes with the code thrown away.
  await replay.toolbar.getByRole('button', { name: 'Reset to original' }).click();
  await expect(replay.banner).toHaveCount(0);
  await expect(page.getByTestId('asked-now')).toHaveCount(0);
});

test('an inserted Command only the new code asks for gets a row of its own, marked new', async ({ page }) => {
  await openReplayed(page, fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
  const replay = new ReplayPage(page);
  const text = readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8')
    .replace('const chargeCard =', 'const checkFraud = (o: any) => {\n    const cmdCheckFraud = () => 1;\n    return Command(cmdCheckFraud, () => Success(o));\n};\n\nconst chargeCard =')
    .replace('effectPipe(fetchCart, applyPromo, chargeCard)', 'effectPipe(fetchCart, applyPromo, checkFraud, chargeCard)');
  await replay.replaceEditorText(text);
  await replay.run();
  await replay.expectVerdict('Diverged');
  const row = page.getByTestId('asked-now');
  await expect(row).toContainText('cmdCheckFraud');
  await expect(row).toContainText('new');
  await expect(row).toContainText('where the recording has cmdChargeCard: only this code asks for it');
  await row.click();
  await expect(page.locator('.ts-line-highlight').first()).toBeVisible();
  await shootViews(page, 'why-diverged-inserted');
});

test('a recording that ends in an exhausted Retry opens on the try whose error became the Failure', async ({ page }) => {
  const trace = JSON.parse(readFileSync(RETRY_TRACE, 'utf8')) as { trace: { path: string }[] };
  trace.trace = trace.trace.filter((e) => !e.path.startsWith('1rf/'));
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'exhausted.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trace)) });
  await app.timeline.expectSteps(4);
  await app.timeline.expectSelected(4, 'fetchLivePrice');
});

test('after a fix, the walkthrough slide of the failing step still shows what production received', async ({ page }) => {
  const app = await openReplayed(page, fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
  const replay = new ReplayPage(page);
  await replay.replaceEditorText(readFileSync(fixture('checkout-zero-total/fixed.ts'), 'utf8'));
  await replay.run();
  await replay.expectVerdict('Fixed');
  await app.timeline.option('cmdChargeCard').click();
  await page.keyboard.press('w');
  // The walkthrough opens on step 1 (nothing is starred); the failing step is the third slide.
  const walk = new WalkthroughPage(page);
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  const slide = page.getByRole('region', { name: 'Pipeline value' });
  await expect(slide).toContainText('changed on the way here, by cmdValidatePromo');
  await expect(slide).not.toContainText('did not reach this step');
});
