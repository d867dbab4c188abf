// Reloading keeps the trace: the open session (bytes, sources, step) lives in
// IndexedDB, edits in local storage, and the empty screen lists recent
// incidents to reopen or forget. A trace from ?trace= is never kept here.
import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture, repoRoot } from './support/files';
import { bigTrace } from './support/bigTrace';
import { inEachTheme, shootSizes } from './support/screenshots';

const DEMO_FLOW = readFileSync(`${repoRoot}/public/demo/flow.ts`, 'utf8');

interface Stored {
  readonly recent: { key: string; fileName: string; selected: number; kept: boolean; pick?: number }[];
  readonly bytes: string[];
}

/** What the app keeps in IndexedDB, read without creating the database if it is not there yet. */
function stored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    const none: Stored = { recent: [], bytes: [] };
    if (!(await indexedDB.databases()).some((d) => d.name === 'timescope')) return none;
    return new Promise<Stored>((resolve) => {
      const open = indexedDB.open('timescope');
      open.onerror = () => resolve(none);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(['recent', 'bytes']);
        const recent = tx.objectStore('recent').getAll();
        const bytes = tx.objectStore('bytes').getAllKeys();
        tx.oncomplete = () => {
          db.close();
          resolve({ recent: recent.result as Stored['recent'], bytes: bytes.result.map(String) });
        };
      };
    });
  });
}

const savedStep = async (page: Page) => (await stored(page)).recent[0]?.selected;

const openDemo = (app: AppPage) => app.openDemo('listed');

/** Presses Tab until `target` has focus: the keyboard-only way there. */
async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${max} Tabs never reached the target`);
}

/**
 * Replaces the flow's text in Monaco through the clipboard. Focuses Monaco's input element itself:
 * clicking a line (ReplayPage.replaceEditorText) can land under the file tabs once the editor has
 * scrolled to the failing step.
 */
async function replaceFlowText(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator('[data-testid="monaco-host"] .monaco-editor').locator('.native-edit-context, textarea').first().focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

const recentList = (page: Page) => page.getByRole('list', { name: 'Recent incidents' });

test('a reload brings back the trace, its step and the edit; #step= in the URL wins', async ({ page }) => {
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await openDemo(app);
  await app.timeline.option('cmdValidatePromo').click();
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await app.source.waitForMonaco();
  const edited = `${DEMO_FLOW}\n// looked at during the incident\n`;
  await replaceFlowText(page, edited);
  await expect.poll(() => replay.storedEdits()).toEqual({ 'flow.ts': edited });
  await expect.poll(() => savedStep(page)).toBe(1);

  // Look at every frame of the reload just before it paints, for the empty screen; and hold the parse
  // back long enough to read the label.
  await page.addInitScript(() => {
    const w = window as unknown as { __sawEmpty: boolean };
    w.__sawEmpty = false;
    const look = () => {
      if (document.body?.textContent?.includes('Drop a pure-effect trace here')) w.__sawEmpty = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.route(/engine\.worker.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    // The old page's spare engine (started a second after load) may have asked for the script just
    // before the reload, which then dropped that request: nothing to continue.
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  await expect(page.getByText('Restoring checkout.trace.json…')).toBeVisible();
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  expect(await app.hashStep()).toBe(2);
  await expect(app.source.fileTab('flow.ts')).toBeVisible();
  await expect(replay.toolbar).toContainText('edited');
  expect(await page.evaluate(() => (window as unknown as { __sawEmpty: boolean }).__sawEmpty)).toBe(false);
  await page.unroute(/engine\.worker.*\.js$/);

  // A link's step beats the saved one.
  await page.evaluate(() => history.replaceState(null, '', '#step=1'));
  await page.reload();
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  expect(await app.hashStep()).toBe(1);
});

test('Close shows the recent list, which stays after a reload; Enter reopens a trace with its sources and step', async ({ page }) => {
  const app = new AppPage(page);
  await openDemo(app);
  await app.timeline.option('cmdValidatePromo').click();
  await expect.poll(() => savedStep(page)).toBe(1);

  await app.headerButton('Close').click();
  await expect(app.emptyHeading).toBeVisible();
  const list = recentList(page);
  const item = list.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('checkout');
  await expect(item).toContainText('✗ Failure');
  await expect(item).toContainText('checkout.trace.json');
  await expect(item).toContainText('3 steps');
  await expect(item).toContainText('opened just now');
  await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  expect(await app.hashStep()).toBeUndefined();

  // Closed means closed: a reload stays on the empty screen, with the list.
  await page.reload();
  await expect(app.emptyHeading).toBeVisible();
  await expect(item).toHaveCount(1);
  await expect(app.timeline.listbox).toHaveCount(0);

  const reopen = item.getByRole('button', { name: /^checkout/ });
  await tabTo(page, reopen);
  await page.keyboard.press('Enter');
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await expect(app.source.fileTab('flow.ts')).toBeVisible();
});

test('Forget this trace removes its bytes, its edits and its entry, for good', async ({ page }) => {
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await openDemo(app);
  await app.source.waitForMonaco();
  await replaceFlowText(page, `${DEMO_FLOW}\n// scratch\n`);
  await expect.poll(async () => Object.keys(await replay.storedEdits())).toEqual(['flow.ts']);
  await expect.poll(async () => (await stored(page)).bytes.length).toBe(1);

  await app.headerButton('Forget this trace').click();
  const confirm = page.getByRole('group', { name: 'Forget this trace and its edits?' });
  await expect(confirm.getByRole('button', { name: 'Forget' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.emptyHeading).toBeVisible();
  await expect(recentList(page)).toHaveCount(0);
  await expect(page.getByText('source file loaded')).toHaveCount(0);
  expect(await replay.storedEdits()).toEqual({});
  await expect.poll(() => stored(page)).toEqual({ recent: [], bytes: [] });

  await page.reload();
  await expect(app.emptyHeading).toBeVisible();
  await expect(recentList(page)).toHaveCount(0);
});

test('each recent trace can be forgotten from the list, and Forget all asks first', async ({ page }) => {
  const app = new AppPage(page);
  await openDemo(app);
  await app.open(fixture('profile-parallel/expected/trace.json'), fixture('profile-parallel/flow.ts'));
  await app.timeline.expectSteps(3);
  await expect(page.getByRole('banner')).toContainText('profile');
  await app.headerButton('Close').click();

  const items = recentList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest first.
  await expect(items.nth(0)).toContainText('trace.json');
  await expect(items.nth(0)).toContainText('outcome unknown');
  await expect(items.nth(1)).toContainText('checkout.trace.json');

  await items.nth(0).getByRole('button', { name: /^Forget / }).click();
  await expect(items).toHaveCount(1);
  // Focus goes to the entry that moved up, not to the top of the page.
  await expect(items.nth(0).getByRole('button', { name: /^checkout/ })).toBeFocused();
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('checkout.trace.json');

  await page.getByRole('button', { name: 'Forget all', exact: true }).click();
  const ask = page.getByRole('group', { name: 'Forget all 1?' });
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(items).toHaveCount(1);
  await page.getByRole('button', { name: 'Forget all', exact: true }).click();
  await ask.getByRole('button', { name: 'Forget all' }).click();
  await expect(recentList(page)).toHaveCount(0);
  await expect.poll(() => stored(page)).toEqual({ recent: [], bytes: [] });
});

test('a trace opened from ?trace= is not kept: no bytes, no entry, nothing to restore without the URL', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto('/?trace=/demo/checkout.trace.json');
  await app.timeline.expectSteps(3);
  await app.timeline.option('cmdValidatePromo').click();
  // Longer than the save's debounce.
  await page.waitForTimeout(800);
  expect(await stored(page)).toEqual({ recent: [], bytes: [] });
  await expect(app.headerButton('Forget this trace')).toHaveCount(0);

  await app.goto('/');
  await expect(app.emptyHeading).toBeVisible();
  await expect(recentList(page)).toHaveCount(0);
});

test('a JSONL collection comes back on the line that was picked, with the list one click away', async ({ page }) => {
  const lines = ['checkout-zero-total', 'price-retry-fallback'].map((c) => JSON.stringify(JSON.parse(readFileSync(fixture(`${c}/expected/trace.json`), 'utf8'))));
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'incidents.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) });
  await page.getByRole('table', { name: 'Traces in incidents.jsonl' }).getByRole('button', { name: 'price-tag' }).click();
  await app.timeline.expectSteps(5);
  await expect.poll(async () => (await stored(page)).recent[0]?.pick).toBe(1);

  await page.reload();
  await app.timeline.expectSteps(5);
  await expect(page.getByRole('banner')).toContainText('price-tag');
  const table = page.getByRole('table', { name: 'Traces in incidents.jsonl' });
  await app.headerButton('← All traces').click();
  await expect(table).toBeVisible();
  // A reload on the picker comes back to the picker.
  await expect.poll(async () => (await stored(page)).recent[0]?.pick).toBeUndefined();
  await page.reload();
  await expect(table).toBeVisible();
  await expect(app.timeline.listbox).toHaveCount(0);

  await table.getByRole('button', { name: 'price-tag' }).click();
  await app.timeline.expectSteps(5);
  await app.headerButton('Close').click();
  const item = recentList(page).getByRole('listitem');
  await expect(item).toContainText('incidents.jsonl');
  await expect(item).toContainText('trace 2 of 2');
});

test('several files opened as one corpus come back as that corpus, each trace with its file, on the trace that was picked', async ({ page }) => {
  const file = (c: string) => ({ name: `${c}.json`, mimeType: 'application/json', buffer: readFileSync(fixture(`${c}/expected/trace.json`)) });
  const app = new AppPage(page);
  await app.goto();
  await app.open(file('checkout-zero-total'), file('price-retry-fallback'), file('stock-parallel-cancelled'));
  const table = page.getByRole('table', { name: 'Traces in 3 files' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await table.getByRole('button', { name: 'price-tag' }).click();
  await app.timeline.expectSteps(5);
  await expect.poll(async () => (await stored(page)).recent[0]?.pick).toBe(1);

  await page.reload();
  await app.timeline.expectSteps(5);
  await expect(page.getByRole('banner')).toContainText('price-tag');
  await app.headerButton('← All traces').click();
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText([/checkout-zero-total\.json/, /price-retry-fallback\.json/, /stock-parallel-cancelled\.json/]);
  await expect.poll(async () => (await stored(page)).recent[0]?.pick).toBeUndefined();
  await page.reload();
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await app.headerButton('Close').click();
  await expect(recentList(page).getByRole('listitem').first()).toContainText('3 files');
});

test('a trace over 20 MB is listed but not kept, and the list says so', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('huge.trace.json');
  writeFileSync(file, bigTrace(44_000, 500, 1_000).text);
  const app = new AppPage(page);
  await app.goto();
  await app.open(file);
  await expect(page.getByRole('banner')).toContainText('44,000 steps', { timeout: 20_000 });
  await expect.poll(async () => (await stored(page)).recent[0]?.kept).toBe(false);
  expect((await stored(page)).bytes).toEqual([]);

  // Nothing to restore: the reload is the empty screen, and the list explains.
  await page.reload();
  await expect(app.emptyHeading).toBeVisible();
  const item = recentList(page).getByRole('listitem');
  await expect(item).toContainText('huge.trace.json');
  await expect(item).toContainText(/Too big to keep here \(2\d\.\d MB, over 20\.0 MB\): open the file again/);
  await expect(item.getByRole('button', { name: /^Forget / })).toBeVisible();
  await expect(item.getByRole('button')).toHaveCount(1);
});

test('names and flows from files are shown as text in the list', async ({ page }) => {
  const trace = JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as Record<string, unknown>;
  const hostile = '<img src=x onerror="window.__pwned=1">';
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: '<b>bold</b>.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...trace, flowName: hostile })) });
  await app.timeline.expectSteps(3);
  await app.headerButton('Close').click();
  const item = recentList(page).getByRole('listitem');
  await expect(item).toContainText(hostile);
  await expect(item).toContainText('<b>bold</b>.json');
  await expect(item.locator('img, b')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.use({ colorScheme: 'dark' });

test('screenshots of the recent list, which has no serious accessibility violations', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  const big = testInfo.outputPath('nightly-export.trace.json');
  writeFileSync(big, bigTrace(44_000, 500, 1_000).text);
  await openDemo(app);
  const lines = ['price-retry-fallback', 'stock-parallel-cancelled', 'weather-retry'].map((c) => JSON.stringify(JSON.parse(readFileSync(fixture(`${c}/expected/trace.json`), 'utf8'))));
  await app.open({ name: 'incidents-2024-06-11.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) });
  // Each trace here has 3 steps, as the demo has: the heading's flow name says which one is open.
  // Opening the next before the last has settled would rightly leave the last out of the list.
  const heading = page.getByRole('banner').getByRole('heading', { level: 1 });
  await page.getByRole('table').getByRole('button', { name: 'split-shipment' }).click();
  await expect(heading).toContainText('split-shipment');
  await app.timeline.expectSteps(3);
  await app.open(fixture('profile-parallel/expected/trace.json'), fixture('profile-parallel/flow.ts'));
  await expect(heading).toContainText('profile');
  await app.timeline.expectSteps(3);
  await app.open(big);
  await expect(page.getByRole('banner')).toContainText('44,000 steps', { timeout: 20_000 });
  // Storage work runs in order (persist/session.ts): on a busy machine the four writes take a while.
  await expect.poll(async () => (await stored(page)).recent.length, { timeout: 20_000 }).toBe(4);
  await app.headerButton('Close').click();
  await expect(recentList(page).getByRole('listitem')).toHaveCount(4);
  await inEachTheme(page, async (theme) => {
    await shootSizes(page, theme, 'recent');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test('the panes keep the sizes given them across a reload', async ({ page }) => {
  const app = new AppPage(page);
  await openDemo(app);
  const side = page.locator('[data-panel][id="side"]');
  const width = () => side.evaluate((el) => Math.round(el.getBoundingClientRect().width));
  const before = await width();
  // The keyboard way: the separator between the steps and the source takes arrow keys.
  const separator = page.getByRole('separator', { name: 'Resize steps and source' });
  await separator.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(width).toBeGreaterThan(before + 20);
  const resized = await width();
  // Saved where the panels library keeps it, so sizes saved by earlier builds still apply.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('react-resizable-panels:timescope.columns.v2')).length)).toBe(1);

  await page.reload();
  await app.timeline.expectSteps(3);
  await expect.poll(width).toBe(resized);
});

test('a separator drags with the pointer, and keys stop it at the panes’ bounds', async ({ page }) => {
  const app = new AppPage(page);
  await openDemo(app);
  const side = page.locator('[data-panel][id="side"]');
  const width = () => side.evaluate((el) => Math.round(el.getBoundingClientRect().width));
  const separator = page.getByRole('separator', { name: 'Resize steps and source' });
  const before = await width();
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  // The pane follows the pointer (within a pixel of rounding).
  await expect.poll(async () => Math.abs((await width()) - (before + 120))).toBeLessThanOrEqual(2);
  // The steps column's bounds are 22% and 60% of the row: End and Home go there and no further.
  await separator.focus();
  await page.keyboard.press('End');
  await expect(separator).toHaveAttribute('aria-valuenow', '60');
  await page.keyboard.press('ArrowRight');
  await expect(separator).toHaveAttribute('aria-valuenow', '60');
  await page.keyboard.press('Home');
  await expect(separator).toHaveAttribute('aria-valuenow', '22');
  const row = await page.locator('[data-group]').last().evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.abs((await width()) / row - 0.22)).toBeLessThan(0.01);
});
