// Replay all: a day of checkouts (recorded with the runtime from the fixture's
// flow, one order in ten with the 100% promo that breaks the charge, and two
// orders from an earlier deploy that validated the promo before loading the
// cart) replayed against the fix typed into the editor, with the original flow
// as the baseline. The counts, the groups, the filter, then a diverged row
// opened at its step with the fix still in the editor.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { withLeakProbes } from '../test/corpus/leakProbe';
import { recordCheckoutCorpus } from '../bench/checkoutCorpus';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';
import { buildCapsule } from '../src/core/share/capsule';

const TODAY = 30;

/** The fixture's flow as the person's own file, beside a corpus given as bytes. */
const flowFile = () => ({ name: 'flow.ts', mimeType: 'text/plain', buffer: readFileSync(fixture('checkout-zero-total/flow.ts')) });

async function corpusFile(): Promise<Buffer> {
  const today = await recordCheckoutCorpus(TODAY, { noPromoEvery: 7 });
  const earlier = await recordCheckoutCorpus(2, { flowFile: 'reorder.ts', firstOrder: 100, version: 'a11ce00' });
  return Buffer.from(today.jsonl + earlier.jsonl);
}

const matrix = (page: Page, name = 'checkouts.jsonl') => page.getByRole('table', { name: `Verdicts for the traces in ${name}` });
const chip = (page: Page, name: RegExp) => page.getByRole('group', { name: 'Verdicts' }).getByRole('button', { name });

test('replay a JSONL of checkouts against the fix: counted and grouped by verdict, filtered, and a diverged one opens at its step', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await app.open({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: await corpusFile() }, flowFile());
  await expect(page.getByRole('heading', { name: 'checkouts.jsonl holds 32 traces. Pick one to open.' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Replay all' });
  await expect(bar).toContainText('against flow.ts as loaded (no edits)');

  // The failing order (line 10), fixed in the editor as a person would.
  await page.getByRole('table', { name: 'Traces in checkouts.jsonl' }).getByRole('row').nth(10).getByRole('button', { name: 'checkout' }).click();
  await app.timeline.expectSteps(3);
  await app.source.waitForMonaco();
  await replay.replaceEditorText(readFileSync(fixture('checkout-zero-total/fixed.ts'), 'utf8'));
  await expect.poll(() => replay.storedEdits().then((e) => Object.keys(e))).toEqual(['flow.ts']);
  await page.getByRole('button', { name: '← All traces' }).click();

  await expect(bar).toContainText('against flow.ts with your edits to one file');
  await expect(bar.getByRole('checkbox', { name: /Also replay the original flow/ })).toBeChecked();
  await bar.getByRole('button', { name: 'Replay all 32' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^32 traces replayed in [\d.]+ s\.$/, { timeout: 60_000 });

  // 3 zero totals fixed, the earlier deploy's 2 diverge at their first step, the other 27 as recorded.
  await expect(chip(page, /^All 32$/)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, /^Diverged 2$/)).toBeVisible();
  await expect(chip(page, /^Fixed 3$/)).toBeVisible();
  await expect(chip(page, /^Reproduced 27$/)).toBeVisible();
  const table = matrix(page);
  // Failing groups first.
  await expect(table.locator('tbody > tr > th')).toHaveText(['Diverged · 2', 'Fixed · 3', 'Reproduced · 27']);
  const fixed = table.getByRole('rowgroup', { name: 'Fixed: 3' });
  await expect(fixed.locator('tr[data-line]')).toHaveCount(3);
  const line10 = fixed.locator('tr[data-line="10"]');
  await expect(line10).toContainText('Reproduced → ✓ Fixed');
  await expect(line10).toContainText('cmdChargeCard'); // never reached by the fix
  const diverged = table.getByRole('rowgroup', { name: 'Diverged: 2' }).locator('tr[data-line]');
  await expect(diverged.first()).toContainText('1 · cmdValidatePromo');
  await expect(diverged.first()).toContainText('TimeParadox');

  // The step filter's language narrows the matrix; the counts stay the corpus's.
  const filter = page.getByRole('searchbox', { name: 'Filter' });
  await filter.fill('is:diverged');
  await expect(table.locator('tr[data-line]')).toHaveCount(2);
  await expect(page.getByText('2 of 32 traces')).toBeVisible();
  // cmdChargeCard went unreached in the 3 fixed runs and in the 2 that diverged before it.
  await filter.fill('cmd:chargecard');
  await expect(table.locator('tr[data-line]')).toHaveCount(5);
  await filter.fill('cmd:chargecard is:fixed');
  await expect(table.locator('tr[data-line]')).toHaveCount(3);
  await filter.fill('is:slow');
  await expect(page.getByText('unknown is:slow')).toBeVisible();
  await expect(table.locator('tr[data-line]')).toHaveCount(0);
  await filter.fill('');
  await chip(page, /^Fixed 3$/).click();
  await expect(table.locator('tr[data-line]')).toHaveCount(3);
  await chip(page, /^All 32$/).click();

  // Two rows of the matrix compared: the failing order against the next, which went through.
  await table.getByRole('checkbox', { name: 'Compare line 10' }).check();
  await table.getByRole('checkbox', { name: 'Compare line 11' }).check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByRole('listbox', { name: 'Aligned steps' }).getByRole('option')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Aligned steps' })).toHaveCount(0);
  await page.getByRole('button', { name: '← All traces' }).click();
  await expect(chip(page, /^Fixed 3$/)).toBeVisible();

  // A diverged row opens its trace at the step it diverged on, replayed with the same fix.
  await diverged.first().getByRole('button', { name: 'checkout' }).click();
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(1, 'cmdValidatePromo');
  await expect(replay.outcome).toHaveAttribute('data-verdict', 'diverged', { timeout: 15_000 });
  expect(await replay.storedEdits()).toEqual({ 'flow.ts': readFileSync(fixture('checkout-zero-total/fixed.ts'), 'utf8') });
});

test('Cancel stops a run and keeps what answered; a flow that does not compile is said once', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const big = await recordCheckoutCorpus(400);
  // Each trace made to take a while (a loop in the flow's code, ~10-50 ms), so the run is still
  // going when Cancel is pressed however fast the machine: 400 plain traces take ~1 s in all.
  const flow = readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8');
  const slow = flow.replace('const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n', 'const applyPromo = (order: CheckoutInput & { cart: Cart }) => {\n  for (let i = 0; i < 2e7; i++);\n');
  expect(slow).not.toBe(flow);
  await app.open({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(big.jsonl) }, { name: 'flow.ts', mimeType: 'text/plain', buffer: Buffer.from(slow) });
  const bar = page.getByRole('region', { name: 'Replay all' });
  await bar.getByRole('button', { name: 'Replay all 400' }).click();
  await expect(bar.getByRole('progressbar', { name: 'Replay all progress' })).toBeVisible();
  await expect.poll(async () => Number(await bar.getByRole('progressbar').getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
  await bar.getByRole('button', { name: 'Cancel' }).click();
  const status = bar.getByRole('status');
  await expect(status).toHaveText(/^Cancelled: \d+ of 400 traces replayed in [\d.]+ s\.$/);
  const done = Number(/Cancelled: (\d+)/.exec((await status.textContent()) ?? '')![1]);
  console.log(`cancelled after ${done} of 400: ${await status.textContent()}`);
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(400);
  // Every answered trace has its row: a group shows 200 until asked for all (however many answered before Cancel).
  const showAll = matrix(page).getByRole('button', { name: /^Show all \d+/ });
  const rows = matrix(page).locator('tr[data-line]');
  await expect
    .poll(async () => {
      if (await showAll.count()) await showAll.first().click();
      return rows.count();
    })
    .toBe(done);

  // A flow that does not compile: one message, no matrix of 400 copies of it.
  await app.open({ name: 'flow.ts', mimeType: 'text/plain', buffer: Buffer.from('export const checkoutFlow = (order => ;\n') });
  await bar.getByRole('button', { name: 'Replay all 400' }).click();
  await expect(bar.getByRole('alert')).toContainText('The flow does not compile: flow.ts:1:');
  await expect(matrix(page)).toHaveCount(0);
});

test('several files at once are one corpus: trace files and a capsule (whose flow is used), a file without a trace named; Replay all runs on them', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const orders = (await recordCheckoutCorpus(3)).jsonl.trim().split('\n');
  const flowText = readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8');
  const capsule = buildCapsule({ v: 1, trace: JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')), sources: [{ name: 'flow.ts', text: flowText }] });
  const json = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await app.open(
    json('order-2.json', orders[1]!),
    json('order-10.json', orders[2]!),
    { name: 'incident.zip', mimeType: 'application/zip', buffer: Buffer.from(capsule) },
    json('notes.json', '{"todo": "not a trace"'),
    json('order-1.json', orders[0]!)
  );
  // In name order, numbers as numbers; each trace names its file.
  await expect(page.getByRole('heading', { name: '5 files hold 4 traces. Pick one to open.' })).toBeVisible();
  const picker = page.getByRole('table', { name: 'Traces in 5 files' });
  await expect(picker.locator('tbody tr')).toHaveCount(4);
  await expect(picker.locator('tbody tr td:nth-child(2)')).toHaveText([/incident\.zip/, /order-1\.json/, /order-2\.json/, /order-10\.json/]);
  const aside = page.getByText('1 file was set aside: not a trace Timescope can open');
  await aside.click();
  await expect(page.getByRole('listitem').filter({ hasText: 'notes.json' })).toContainText('line 1');

  // The capsule's flow is there to replay against.
  const bar = page.getByRole('region', { name: 'Replay all' });
  await expect(bar).toContainText('against flow.ts as loaded (no edits)');
  await bar.getByRole('button', { name: 'Replay all 4' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^4 traces replayed in/, { timeout: 30_000 });
  await expect(chip(page, /^Reproduced 4$/)).toBeVisible();
});

test('a baseline from a file: the change loaded as the flow, production’s version chosen as the baseline, rows read before → after', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const corpus = await recordCheckoutCorpus(20, { noPromoEvery: 7 });
  const source = (name: string, file: string) => ({ name, mimeType: 'text/plain', buffer: readFileSync(fixture(`checkout-zero-total/${file}`)) });
  await app.open({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(corpus.jsonl) }, source('fixed.ts', 'fixed.ts'));
  const bar = page.getByRole('region', { name: 'Replay all' });
  await expect(bar).toContainText('against fixed.ts as loaded (no edits)');
  await bar.getByLabel('Baseline flow file').setInputFiles(source('production.ts', 'flow.ts'));
  await expect(bar).toContainText('Baseline: production.ts, replayed in place of the flow as loaded');
  await bar.getByRole('button', { name: 'Replay all 20' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^20 traces replayed in/, { timeout: 30_000 });
  await expect(chip(page, /^Fixed 2$/)).toBeVisible();
  await expect(chip(page, /^Reproduced 18$/)).toBeVisible();
  const fixedRows = matrix(page).getByRole('rowgroup', { name: 'Fixed: 2' }).locator('tr[data-line]');
  await expect(fixedRows).toHaveCount(2);
  await expect(fixedRows.first()).toContainText('Reproduced → ✓ Fixed');
  // With a baseline every outcome is compared: no † note.
  await expect(page.getByText(/outcomes? their recordings? do not prove|outcome its recording does not prove/)).toHaveCount(0);

  await bar.getByRole('button', { name: 'Remove baseline' }).click();
  await bar.getByRole('button', { name: 'Replay all 20' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^20 traces replayed in/, { timeout: 30_000 });
  await expect(matrix(page).getByRole('columnheader', { name: 'Verdict', exact: true })).toBeVisible();
  await expect(page.getByText(/^† 18 reproduced traces have outcomes their recordings do not prove/)).toBeVisible();
});

test('a what-if set on one trace replays in every trace when asked: the zero totals fixed, the traces it does not fit say so, and an opened row carries it', async ({ page }) => {
  test.setTimeout(90_000);
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await app.open({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: await corpusFile() }, flowFile());
  const picker = page.getByRole('table', { name: 'Traces in checkouts.jsonl' });
  // The failing order (line 10): its charge made to return a receipt.
  await picker.getByRole('row').nth(10).getByRole('button', { name: 'checkout' }).click();
  await app.timeline.expectSteps(3);
  await app.timeline.option('cmdChargeCard').click();
  await app.inspector.region.getByRole('button', { name: 'What if…' }).click();
  const dialog = page.getByRole('dialog', { name: /^What if cmdChargeCard/ });
  await dialog.getByRole('textbox', { name: 'The step’s result, as JSON' }).fill('{"chargeId":"ch_whatif","amount":0}');
  await dialog.getByRole('button', { name: 'Save and replay' }).click();
  await replay.expectVerdict('Fixed');
  await page.getByRole('button', { name: '← All traces' }).click();

  const bar = page.getByRole('region', { name: 'Replay all' });
  const choice = bar.getByRole('checkbox', { name: /^Apply the what-if to every trace/ });
  await expect(choice).toBeChecked();
  await expect(bar).toContainText('Apply the what-if to every trace (1 step changed: path 2 returns {"chargeId":"ch_whatif","amount":0})');
  await bar.getByRole('button', { name: 'Replay all 32' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^32 traces replayed in [\d.]+ s\.$/, { timeout: 60_000 });
  // The 3 zero totals fixed; the 5 orders without a promo have no step at path 2, and say so; the
  // earlier deploy's 2 diverge before it, as they do without the what-if.
  const verdicts = page.getByRole('group', { name: 'Verdicts' }).getByRole('button');
  await expect(verdicts).toHaveText(['All 32', 'Diverged 2', 'Error in flow code 5', 'Fixed 3', 'Reproduced 22']);
  const table = matrix(page);
  await expect(table.getByRole('rowgroup', { name: 'Fixed: 3' }).locator('tr[data-line="10"]')).toContainText('Success, where production ended in Failure');
  const unfit = table.getByRole('rowgroup', { name: 'Error in flow code: 5' }).locator('tr[data-line]');
  await expect(unfit).toHaveCount(5);
  for (const row of await unfit.all()) await expect(row).toContainText("the what-if does not fit this trace: no step at path '2' in the trace");

  // Without it, the same corpus reproduces as recorded.
  await choice.uncheck();
  await bar.getByRole('button', { name: 'Replay all 32' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^32 traces replayed in [\d.]+ s\.$/, { timeout: 60_000 });
  await expect(verdicts).toHaveText(['All 32', 'Diverged 2', 'Reproduced 30']);

  // Asked again, a fixed row opens with the what-if on its charge, and its own replay says Fixed.
  await choice.check();
  await bar.getByRole('button', { name: 'Replay all 32' }).click();
  await expect(chip(page, /^Fixed 3$/)).toBeVisible({ timeout: 60_000 });
  const other = table.getByRole('rowgroup', { name: 'Fixed: 3' }).locator('tr[data-line]:not([data-line="10"])').first();
  await other.getByRole('button', { name: 'checkout' }).click();
  await app.timeline.expectSteps(3);
  await expect(app.timeline.option('cmdChargeCard')).toHaveAttribute('data-whatif', 'true');
  await replay.expectVerdict('Fixed');
});

test('nothing a trace leaves behind in a batch worker reaches the next trace: globals, shared endowments, the sandbox’s accessors', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const probed = withLeakProbes(readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8'));
  const corpus = await recordCheckoutCorpus(40);
  await app.open({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(corpus.jsonl) }, { name: 'flow.ts', mimeType: 'text/plain', buffer: Buffer.from(probed) });
  const bar = page.getByRole('region', { name: 'Replay all' });
  await bar.getByRole('button', { name: 'Replay all 40' }).click();
  await expect(bar.getByRole('status')).toHaveText(/^40 traces replayed in/, { timeout: 60_000 });
  await expect(page.getByRole('group', { name: 'Verdicts' }).getByRole('button')).toHaveText(['All 40', 'Reproduced 40']);
});
