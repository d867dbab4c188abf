// "What if cmdChargeCard had returned a receipt?": the checkout demo incident, a what-if on its
// failing step, a replay that ends in Success against the unchanged recording, the step marked in
// every view, and a link that carries the what-if to someone else.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { WaterfallPage } from './pages/WaterfallPage';
import { inEachTheme, shootViews } from './support/screenshots';
import { fixture } from './support/files';

const RECEIPT = '{\n  "chargeId": "ch_whatif",\n  "amount": 0,\n  "status": "succeeded"\n}';

const openDemo = (page: Page) => AppPage.demo(page, 'replayed');

const whatIfDialog = (page: Page) => page.getByRole('dialog', { name: /^What if cmdChargeCard/ });

/** layout.spec's rules where the what-if adds controls and tags: header rows on one line, step tags whole. */
async function expectLayoutKept(page: Page, where: string) {
  const wrapped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="toolbar"], [role="tablist"], header')]
      .map((el) => {
        const boxes = [...el.querySelectorAll<HTMLElement>('button, input, select, label, [role="tab"]')]
          .filter((k) => k.offsetParent !== null && k.getBoundingClientRect().width > 2)
          .map((k) => k.getBoundingClientRect());
        return boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 1)) ? (el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)) : undefined;
      })
      .filter(Boolean)
  );
  expect(wrapped, `${where}: no control row wraps`).toEqual([]);
  const cut = await page.getByRole('listbox', { name: 'Steps' }).evaluate((list) =>
    [...list.querySelectorAll<HTMLElement>('[role="option"] span')].filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)
  );
  expect(cut, `${where}: step names and tags are whole`).toEqual([]);
}

/** axe in both themes (contrast differs by theme), the page left in the first. */
async function expectNoAxeViolations(page: Page, where: string) {
  await inEachTheme(page, async (theme) => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${theme}: ${where}`).toEqual([]);
  });
}

test('a what-if turns the failing charge into a Success, marked everywhere, and travels in a link', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await openDemo(page);
  const replay = new ReplayPage(page);
  const row = app.timeline.option('cmdChargeCard');
  await expect(row).not.toHaveAttribute('data-whatif');

  await app.inspector.region.getByRole('button', { name: 'What if…' }).click();
  const dialog = whatIfDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Recorded: threw Error: Amount must be non-zero.');
  const result = dialog.getByRole('textbox', { name: 'The step’s result, as JSON' });
  await expect(result).toBeFocused();
  // Not JSON: said with its line and column, and it cannot be saved.
  await result.fill('{\n  "chargeId": "ch_whatif",\n  amount: 0\n}');
  await expect(dialog.getByTestId('whatif-json-check')).toHaveText("✗ line 3, column 3: expected a double-quoted property name, got 'a'");
  await expect(dialog.getByRole('button', { name: 'Save and replay' })).toBeDisabled();
  await result.fill(RECEIPT);
  await expect(dialog.getByTestId('whatif-json-check')).toHaveText('✓ valid JSON');
  await shootViews(page, 'whatif-dialog');
  await expectNoAxeViolations(page, 'the What if… dialog');
  // The other kind of answer: a thrown error with a name, message and code.
  await dialog.getByRole('radio', { name: 'Throw an error' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Error');
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveValue('invalid_amount');
  await dialog.getByRole('radio', { name: 'Return a result' }).check();
  await expect(result).toHaveValue(RECEIPT);
  await dialog.getByRole('button', { name: 'Save and replay' }).click();
  await expect(dialog).toBeHidden();

  // Success, compared with the unchanged recording (a Failure), and the what-if said beside it.
  await replay.expectVerdict('Fixed');
  await expect(page.getByTestId('whatif-count')).toHaveText('what-if: 1 step changed');
  await expect(page.getByTestId('outcome-recorded')).toContainText('Failure Error: Amount must be non-zero.');
  await expect(page.getByTestId('outcome-replayed')).toContainText('Success');
  // Marked: the step's row, the inspector.
  await expect(row).toHaveAttribute('data-whatif', 'true');
  await expect(row).toHaveAccessibleName(/what-if: returns \{"chargeId":"ch_whatif"/);
  await expect(row.getByTestId('whatif-mark')).toBeVisible();
  await expect(app.timeline.option('cmdFetchCart').getByTestId('whatif-mark')).toHaveCount(0);
  await expect(app.inspector.region.getByTestId('inspector-whatif')).toContainText('what-if: returns');
  await expect(app.inspector.region.getByRole('button', { name: 'Edit what-if' })).toBeVisible();
  await expect(app.inspector.region.getByRole('region', { name: 'Replayed now' })).toContainText(
    '✓ Replayed with the what-if: the flow asked for this step, and it returns {"chargeId":"ch_whatif"'
  );
  // Kept for this trace, as edits are.
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('timescope.whatif.'))?.[1]);
  expect(JSON.parse(stored ?? '[]')).toEqual([{ at: '2', kind: 'result', value: { chargeId: 'ch_whatif', amount: 0, status: 'succeeded' } }]);
  // The source: the selected line's note and its mark say it too.
  await app.source.waitForMonaco();
  await expect(app.source.monacoHost.getByTestId('step-note')).toContainText('what-if: returns {"chargeId":"ch_whatif"');
  await expect(app.source.monacoHost.locator('.ts-glyph.ts-whatif')).toHaveCount(1);
  for (const [width, height] of [[1440, 900], [1024, 768]] as const) {
    await page.setViewportSize({ width, height });
    await expectLayoutKept(page, `${width}×${height} marked`);
  }
  await shootViews(page, 'whatif-marked');
  await expectNoAxeViolations(page, 'the marked views');
  // The waterfall outlines the step, and its summary line says so.
  const waterfall = new WaterfallPage(page);
  await waterfall.open();
  await expect(waterfall.host).toHaveAttribute('data-whatif', '2');
  await expect(waterfall.summary).toContainText('what-if: returns');
  await shootViews(page, 'whatif-waterfall');
  await waterfall.listButton.click();

  // A link carries the what-if: it opens with the step marked, and its Replay asks the same question.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.inspector.region.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(app.inspector.region.getByRole('button', { name: 'Copy link to this step' })).toHaveText('Copied ✓');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#incident=i1\./);
  const other = await browser.newContext();
  const there = await other.newPage();
  const app2 = new AppPage(there);
  await there.goto(link);
  await app2.timeline.expectSteps(3);
  await expect(app2.timeline.option('cmdChargeCard')).toHaveAttribute('data-whatif', 'true');
  await expect(app2.inspector.region.getByTestId('inspector-whatif')).toContainText('"ch_whatif"');
  const replay2 = new ReplayPage(there);
  await replay2.run();
  await replay2.expectVerdict('Fixed');
  await expect(there.getByTestId('whatif-count')).toHaveText('what-if: 1 step changed');
  await other.close();

  // Removed: the replay reads the recording again and reproduces the Failure.
  await app.inspector.region.getByRole('button', { name: 'Remove the what-if on this step' }).click();
  await expect(row).not.toHaveAttribute('data-whatif');
  await replay.expectVerdict('Reproduced');
  await expect(page.getByTestId('whatif-count')).toHaveCount(0);
});

test('a Parallel decision: no branch cancelled replays by timing, branch 0 as the trigger runs on past its recording', async ({ page }) => {
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await app.open(fixture('stock-parallel-cancelled/expected/trace.json'), fixture('stock-parallel-cancelled/flow.ts'));
  await app.timeline.expectSteps(3);
  await app.timeline.option('Parallel').click();
  await app.inspector.region.getByRole('button', { name: 'What if…' }).click();
  const dialog = page.getByRole('dialog', { name: /^What if Parallel/ });
  await expect(dialog).toContainText('Recorded: cancelled by branch 1 of 2 branches');
  // The recorded trigger is the one chosen to begin with; a decision offers no result or throw.
  await expect(dialog.getByRole('radio', { name: /^Branch 1/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Throw an error' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'None: replayed by timing, as a live run would' }).check();
  await dialog.getByRole('button', { name: 'Save and replay' }).click();
  // By timing (spec §6.11) west's recorded throw aborts the scope as its branch settles, but east's next
  // step is checked in that turn before it, so cmdConfirmEastHold is asked: production never ran it.
  await replay.expectVerdict('Missing step');
  await expect(replay.banner).toContainText('cmdConfirmEastHold');
  await expect(page.getByTestId('whatif-count')).toHaveText('what-if: 1 step changed');
  await expect(app.inspector.region.getByTestId('inspector-whatif')).toHaveText('· what-if: no recorded cancellation: by timing');

  await app.inspector.region.getByRole('button', { name: 'Edit what-if' }).click();
  await expect(dialog.getByRole('radio', { name: 'None: replayed by timing, as a live run would' })).toBeChecked();
  await dialog.getByRole('radio', { name: /^Branch 0/ }).check();
  await dialog.getByRole('button', { name: 'Save and replay' }).click();
  await replay.expectVerdict('Missing step');
  await expect(page.getByTestId('whatif-count')).toHaveText('what-if: 1 step changed');
  await expect(app.timeline.option('Parallel')).toHaveAttribute('data-whatif', 'true');
});

test('a capsule carries the what-if: dropped elsewhere, the step is marked and its Replay is the what-if', async ({ page, browser }) => {
  const app = await openDemo(page);
  await app.inspector.region.getByRole('button', { name: 'What if…' }).click();
  await whatIfDialog(page).getByRole('radio', { name: 'Throw an error' }).check();
  await whatIfDialog(page).getByRole('textbox', { name: 'Message' }).fill('Card declined.');
  await whatIfDialog(page).getByRole('textbox', { name: 'Code' }).fill('402');
  await whatIfDialog(page).getByRole('button', { name: 'Save and replay' }).click();
  await new ReplayPage(page).expectVerdict('Outcome changed');
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share incident' });
  const download = page.waitForEvent('download');
  await share.getByRole('button', { name: 'Download capsule' }).click();
  const file = await (await download).path();

  const other = await browser.newContext();
  const there = await other.newPage();
  const app2 = new AppPage(there);
  await app2.goto();
  await app2.open({ name: 'incident-checkout.zip', mimeType: 'application/zip', buffer: readFileSync(file) });
  await app2.timeline.expectSteps(3);
  await expect(app2.timeline.option('cmdChargeCard')).toHaveAttribute('data-whatif', 'true');
  await expect(app2.inspector.region.getByTestId('inspector-whatif')).toHaveText('· what-if: throws Error: Card declined. (code 402)');
  const replay2 = new ReplayPage(there);
  await replay2.run();
  await replay2.expectVerdict('Outcome changed');
  await expect(there.getByTestId('outcome-replayed')).toContainText('Card declined.');
  await expect(there.getByTestId('whatif-count')).toHaveText('what-if: 1 step changed');
  await other.close();
});
