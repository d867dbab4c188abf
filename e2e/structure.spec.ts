// How a trace's structure reads in the step list: Retry groups, Parallel
// decisions, capped traces and anonymous Commands.
import { test, expect } from '@playwright/test';
import { lineOf } from './support/source';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

const open = async (app: AppPage, name: string, source: string) => {
  await app.goto();
  await app.open(fixture(`${name}/expected/trace.json`), fixture(`${name}/${source}`));
};

test('price-retry-fallback: a Retry group of 3 tries, then the fallback', async ({ page }) => {
  const app = new AppPage(page);
  await open(app, 'price-retry-fallback', 'flow.ts');
  const { timeline } = app;
  await timeline.expectSteps(5);

  // The group header (drawn for the eye; its facts are in each option's name).
  await expect(timeline.listbox.getByText('↻ Retry')).toBeVisible();
  await expect(timeline.listbox.getByText('at 1 · 3 tries · then fallback')).toBeVisible();

  const tries = timeline.option('fetchLivePrice');
  await expect(tries).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(tries.nth(i)).toHaveAccessibleName(new RegExp(`^fetchLivePrice, path 1r${i}/0, try ${i + 1}, threw TimeoutError: pricing-svc did not answer`));
  }
  await expect(timeline.option('readCachedPrice')).toHaveAccessibleName(/^readCachedPrice, path 1rf\/0, fallback, returned,/);
  await expect(timeline.option('cmdLoadProduct')).toHaveAccessibleName(/^cmdLoadProduct, path 0, returned,/);
  // Recorded order: load, three tries, fallback.
  const order = [/^cmdLoadProduct,/, /^fetchLivePrice,.* try 1,/, /^fetchLivePrice,.* try 2,/, /^fetchLivePrice,.* try 3,/, /^readCachedPrice,/];
  for (const [i, name] of order.entries()) await expect(timeline.options.nth(i)).toHaveAccessibleName(name);
});

test('price-retry-fallback: folding the Retry group hides its tries, and the keys skip them', async ({ page }) => {
  const app = new AppPage(page);
  await open(app, 'price-retry-fallback', 'flow.ts');
  const { timeline } = app;
  await timeline.expectSteps(5);
  await timeline.listbox.getByText('↻ Retry').click();
  await timeline.expectSteps(1);
  await expect(timeline.option('cmdLoadProduct')).toBeVisible();
  await expect(timeline.option('fetchLivePrice')).toHaveCount(0);
  await page.keyboard.press('j');
  // Nothing after the folded group is visible, so the selection stays.
  await timeline.expectSelected(1, 'cmdLoadProduct');
  await timeline.listbox.getByText('↻ Retry').click();
  await timeline.expectSteps(5);
});

test('stock-parallel-cancelled: the Parallel decision says branch 1 cancelled it', async ({ page }) => {
  const app = new AppPage(page);
  await open(app, 'stock-parallel-cancelled', 'flow.ts');
  const { timeline, inspector } = app;
  await timeline.expectSteps(3);
  const decision = timeline.option('Parallel');
  await expect(decision).toHaveCount(1);
  await expect(decision).toHaveAccessibleName(/^Parallel, path 0p, cancelled by branch 1\b/);
  await expect(decision).toContainText('cancelled by branch 1');
  await expect(timeline.option('cmdReserveWest')).toHaveAccessibleName(/^cmdReserveWest, path 0p1\/0, branch 1, threw Error: Insufficient stock/);
  await expect(timeline.option('cmdReserveEast')).toHaveAccessibleName(/^cmdReserveEast, path 0p0\/0, branch 0, returned,/);

  await decision.click();
  await timeline.expectSelected(3, 'Parallel');
  await expect(inspector.tab('Step')).toHaveAttribute('aria-selected', 'true');
  await expect(inspector.region).toContainText('cancelled by branch 1 of 2 branches');
});

test('capped-batch: the dropped warning and the list footer', async ({ page }) => {
  const app = new AppPage(page);
  await open(app, 'capped-batch', 'flow.ts');
  await expect(app.timeline.listbox.getByRole('option').first()).toHaveAttribute('aria-setsize', '25');
  await expect(app.warnings.getByRole('listitem').filter({ hasText: 'dropped' })).toHaveText(
    /17 entries were dropped by a maxEntries cap: the recording ends early, and a replay stops at the first step it lacks\./
  );
  const footer = app.timeline.listbox.getByText('17 more steps ran but were dropped by a maxEntries cap.');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toBeVisible();
  // The warning can be dismissed for this trace.
  await app.warnings.getByRole('button', { name: /^Dismiss: 17 entries were dropped/ }).click();
  await expect(page.getByText('17 entries were dropped by a maxEntries cap', { exact: false })).toHaveCount(0);
});

test('anonymous-steps: the anonymous warning, and why the source cannot point at them', async ({ page }) => {
  const app = new AppPage(page);
  await open(app, 'anonymous-steps', 'flow.js');
  const { timeline } = app;
  await timeline.expectSteps(4);
  await expect(timeline.option('anonymous')).toHaveCount(3);
  await expect(app.warnings.getByRole('listitem').filter({ hasText: 'anonymous' })).toContainText(
    "3 steps named 'anonymous' (inline arrow Commands): replay cannot tell them apart"
  );
  // Its name cannot place it, but the replay on load saw where each one was built: the first Command( call.
  await app.source.waitForMonaco();
  await expect.poll(() => app.source.highlightedLine()).toMatchObject({ number: lineOf(fixture('anonymous-steps/flow.js'), 'Command('), text: expect.stringContaining('Command(') });
  await expect(app.source.region).not.toContainText('anonymous inline Command');
  // The named step is found in the source.
  await page.keyboard.press('End');
  await timeline.expectSelected(4, 'sendResetEmail');
  await expect(app.source.region).not.toContainText('anonymous inline Command');
});
