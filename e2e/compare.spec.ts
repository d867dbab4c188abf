// Comparing two runs of the checkout flow: the incident (the fixture's failing trace) and a good
// run recorded from the same flow with other fake answers (a 10% promo, so the card is charged).
// Ticked in a JSONL's list or chosen with "Compare with…", the steps align by path; the first
// difference is selected; marks, durations, the value diff and both outcomes on the source line
// show; a compare link carries both runs, redacted alike, and opens the same view elsewhere.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';
import { shootViews } from './support/screenshots';
import { decodeLink } from '../src/core/share/link';
import { formatMs } from '../src/core/present/step-text';
import { recordCheckout } from '../src/core/compare/test-support/checkoutRuns';

const FLOW = { name: 'flow.ts', mimeType: 'text/plain', buffer: readFileSync(fixture('checkout-zero-total/flow.ts')) };
type Trace = { initialInput: Record<string, unknown>; trace: { durationMs: number }[] };
const failing = (): Trace => JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as Trace;
let good: Trace;
/** The same flow for an order without a promo code: no promo step, so the charge comes second. */
let noPromo: Trace;

test.beforeAll(async () => {
  const recorded = await recordCheckout();
  expect(recorded.result.type).toBe('Success');
  good = recorded.trace as unknown as Trace;
  noPromo = (await recordCheckout(undefined, { orderId: 'ord_7Hq2', customerId: 'cus_Ly81' })).trace as unknown as Trace;
});

const file = (name: string, trace: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trace)) });
const jsonl = (...traces: unknown[]) => ({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(traces.map((t) => JSON.stringify(t)).join('\n') + '\n') });

function view(page: Page) {
  const root = page.getByTestId('compare-view');
  const rows = root.getByRole('listbox', { name: 'Aligned steps' });
  return { root, rows, options: rows.getByRole('option'), selected: rows.locator('[role="option"][aria-selected="true"]'), difference: root.getByTestId('compare-difference') };
}

/** The row's accessible name, as the view builds it: mark, path, Command, both durations. */
const rowName = (mark: string, path: string, command: string, i: number, a: Trace, b: Trace) =>
  `${mark}, ${path}, ${command}, A ${formatMs(a.trace[i]?.durationMs)}, B ${formatMs(b.trace[i]?.durationMs)}`;

async function expectCheckoutComparison(page: Page, a: Trace, b: Trace) {
  const v = view(page);
  await expect(v.root.getByRole('heading', { name: 'Compare two runs of checkout' })).toBeVisible();
  await expect(v.options).toHaveCount(3);
  const names = [rowName('same', '0', 'cmdFetchCart', 0, a, b), rowName('value changed', '1', 'cmdValidatePromo', 1, a, b), rowName('value changed', '2', 'cmdChargeCard', 2, a, b)];
  for (const [i, name] of names.entries()) await expect(v.options.nth(i)).toHaveAccessibleName(name);
  // Marked in words, not colour alone; the durations side by side.
  await expect(v.options.nth(0)).toContainText('same');
  await expect(v.options.nth(1)).toContainText('value changed');
  await expect(v.options.nth(2)).toContainText(formatMs(a.trace[2]!.durationMs));
  await expect(v.options.nth(2)).toContainText(formatMs(b.trace[2]!.durationMs));
  await expect(v.root.getByLabel('Counts by mark')).toHaveText('1 same · 2 value changed · 0 only in A · 0 only in B · aligned by path');
  // The first difference is selected: the promo, 100% off in A, 10% in B.
  await expect(v.selected).toHaveAccessibleName(names[1]!);
  await expect(v.difference).toHaveText('result.percentOff: 100 → 10');
  await expect(v.root.getByRole('list', { name: 'Differences from A to B' })).toHaveText('percentOff: 100 → 10');
}

test('two ticked lines of a JSONL compare step by step; ↑/↓ move, the source shows both outcomes, Escape goes back', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const a = failing();
  await app.open(jsonl(a, good));
  const table = page.getByRole('table', { name: 'Traces in checkouts.jsonl' });
  await expect(table).toBeVisible();
  await app.open(FLOW);
  await page.getByRole('checkbox', { name: 'Compare line 1' }).check();
  await page.getByRole('checkbox', { name: 'Compare line 2' }).check();
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expectCheckoutComparison(page, a, good);
  const v = view(page);
  await expect(v.root.getByText('A checkouts.jsonl · line 1 · ✗ Failure')).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(v.selected).toHaveAccessibleName(/^value changed, 2, cmdChargeCard,/);
  await expect(v.difference).toHaveText('threw in A, returned in B');
  await expect(page.getByTestId('compare-side-A')).toContainText('threw Error: Amount must be non-zero.');
  await expect(page.getByTestId('compare-side-B')).toContainText('returned {"chargeId":"ch_good_01","amount":5400,"status":"succeeded"}');
  await app.source.waitForMonaco();
  await expect(app.source.monacoHost.getByTestId('step-note')).toHaveText(
    'cmdChargeCard · A: threw Error: Amount must be non-zero. · B: returned {"chargeId":"ch_good_01","amount":5400,"status":"succeeded"}'
  );
  expect((await app.source.highlightedLine())?.text).toContain('const cmdChargeCard = () =>');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(v.selected).toHaveAccessibleName(/^same, 0, cmdFetchCart,/);
  await expect(v.difference).toHaveCount(0);
  await expect(app.source.monacoHost.getByTestId('step-note')).toHaveText(/^cmdFetchCart · A: returned \{"orderId":"ord_7Hq2".* · B: returned \{"orderId":"ord_7Hq2"/);

  await page.keyboard.press('Escape');
  await expect(v.root).toHaveCount(0);
  await app.timeline.expectSteps(3);
  await expect(page.getByRole('banner')).toContainText('checkout');
});

test('"Compare with…" a second file, then a compare link carries both runs, redacted alike, and opens the comparison in a fresh page', async ({ page, browser }) => {
  const EMAIL = 'ada.lovelace@example.com';
  const a = failing();
  a.initialInput.memo = `receipt to ${EMAIL}`;
  const b: Trace = { ...good, initialInput: { ...good.initialInput, memo: `receipt to ${EMAIL}` } };
  const app = new AppPage(page);
  await app.goto();
  await app.open(file('incident.json', a), FLOW);
  await app.timeline.expectSteps(3);
  const chooser = page.waitForEvent('filechooser');
  await app.headerButton('Compare with…').click();
  await (await chooser).setFiles(file('good-run.json', b));
  await expectCheckoutComparison(page, a, b);
  await expect(view(page).root.getByText('B good-run.json · no failure recorded')).toBeVisible();

  await view(page).root.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog.getByText(/opens the comparison of both runs/)).toBeVisible();
  // What redaction did is told for both runs: one address in each, run B's place named.
  await expect(dialog.getByTestId('redaction-summary')).toContainText('Redacted 2 values');
  await expect(dialog.getByTestId('redacted-places')).toHaveText('Replaced at /initialInput/memo, run B /initialInput/memo.');
  const textbox = dialog.getByRole('textbox', { name: 'Link' });
  await expect(textbox).toHaveValue(/#incident=i1\./);
  const link = await textbox.inputValue();
  const decoded = decodeLink(link);
  if (!decoded.ok) throw new Error(decoded.message);
  const { payload } = decoded;
  expect(payload.compare?.labelA).toBe('incident.json');
  expect(payload.compare?.labelB).toBe('good-run.json');
  // Both runs redacted the same way: the address is gone from each, and one token stands for it in both.
  const memoA = (payload.trace as Trace).initialInput.memo as string;
  const memoB = (payload.compare!.trace as unknown as Trace).initialInput.memo as string;
  expect(link.includes(EMAIL) || JSON.stringify(payload).includes(EMAIL)).toBe(false);
  expect(memoA).not.toContain(EMAIL);
  expect(memoB).toBe(memoA);
  expect((payload.compare!.trace as unknown as Trace).trace).toHaveLength(3);
  // Escape closes the dialog, not the comparison behind it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(view(page).options).toHaveCount(3);

  const other = await browser.newContext();
  const there = await other.newPage();
  await there.goto(link);
  // A cold page: the app, the link's decoding and the compare worker all start now, on a busy machine.
  await expect(view(there).root.getByRole('heading', { name: 'Compare two runs of checkout' })).toBeVisible({ timeout: 20_000 });
  await expectCheckoutComparison(there, a, b);
  await expect(view(there).root.getByText('A incident.json · ✗ Failure')).toBeVisible();
  // Closing it leaves run A open, as a single-trace link would.
  await view(there).root.getByRole('button', { name: 'Close compare' }).click();
  await new AppPage(there).timeline.expectSteps(3);
  await other.close();
});

test('a run with a step fewer: the rows say "only in A" in words, with no B duration', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const a = failing();
  await app.open(jsonl(a, noPromo));
  await page.getByRole('checkbox', { name: 'Compare line 2' }).check();
  await page.getByRole('checkbox', { name: 'Compare line 1' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'ticked' })).toHaveText('Lines 1 and 2 ticked.');
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  const v = view(page);
  await expect(v.options).toHaveCount(3);
  await expect(v.options.nth(1)).toHaveAccessibleName(
    `value changed, 1, cmdValidatePromo / cmdChargeCard, A ${formatMs(a.trace[1]!.durationMs)}, B ${formatMs(noPromo.trace[1]!.durationMs)}`
  );
  await expect(v.options.nth(2)).toHaveAccessibleName(`only in A, 2, cmdChargeCard, A ${formatMs(a.trace[2]!.durationMs)}, B —`);
  await expect(v.options.nth(2)).toContainText('only in A');
  await expect(v.root.getByLabel('Counts by mark')).toHaveText('1 same · 1 value changed · 1 only in A · 0 only in B · aligned by path');
  await expect(v.difference).toHaveText('Command cmdValidatePromo in A, cmdChargeCard in B');
  await page.keyboard.press('End');
  await expect(v.difference).toHaveText('only A ran cmdChargeCard (threw Error: Amount must be non-zero.)');
  await expect(page.getByTestId('compare-side-B')).toHaveText('Run BRun B made no such step.');
});

test('two runs of 5,002 steps: the list is virtualized, and the first difference, deep in it, is selected and in view', async ({ page }) => {
  const big = JSON.parse(readFileSync(fixture('big-batch/expected/trace.json'), 'utf8')) as { trace: { path: string; result: unknown }[] };
  const changed = { ...big, trace: big.trace.map((e, i) => (i === 3_210 ? { ...e, result: { changed: true } } : e)) };
  const app = new AppPage(page);
  await app.goto();
  await app.open(file('batch.json', big));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('5,002 steps');
  const chooser = page.waitForEvent('filechooser');
  await app.headerButton('Compare with…').click();
  await (await chooser).setFiles(file('batch-changed.json', changed));
  const v = view(page);
  await expect(v.root.getByLabel('Counts by mark')).toHaveText('5001 same · 1 value changed · 0 only in A · 0 only in B · aligned by path');
  await expect(v.selected).toHaveAttribute('aria-posinset', '3211');
  await expect(v.selected).toBeInViewport();
  await expect(v.selected).toHaveAccessibleName(new RegExp(`^value changed, ${big.trace[3_210]!.path},`));
  expect(await v.options.count()).toBeLessThan(200);
  await page.keyboard.press('ArrowDown');
  await expect(v.selected).toHaveAttribute('aria-posinset', '3212');
  await expect(v.selected).toHaveAccessibleName(/^same,/);
});

test('screenshots of the Compare view', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  // At 1024 the header keeps its room for the flow's name: "Compare with…" is on the Incident tab.
  await page.setViewportSize({ width: 1024, height: 768 });
  await app.open(file('incident.json', failing()), FLOW);
  await app.timeline.expectSteps(3);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('checkout');
  await expect(app.headerButton('Compare with…')).toBeHidden();
  await page.getByRole('tab', { name: 'Incident' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Compare with…' }).click();
  await (await chooser).setFiles(file('good-run.json', good));
  await expect(view(page).options).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await app.source.waitForMonaco();
  await expect(app.source.monacoHost.getByTestId('step-note')).toBeVisible();
  await shootViews(page, 'compare');
});
