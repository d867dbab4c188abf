// The flow's source by URL: ?source=<url> beside ?trace=, and the source URL
// template setting filled with the trace's flowName and version. Fetched code
// is shown and waits for Replay; a failed fetch says which URL and why, with
// Retry, and the trace stays usable. The Settings dialog saves as typed,
// refuses invalid values, persists across a reload, and works by keyboard.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';
import { inEachTheme, shootViews, shootFile } from './support/screenshots';
import { startLoopbackServer, type LoopbackServer, type Route } from './support/server';

const TRACE_PATH = fixture('checkout-zero-total/expected/trace.json');
const TRACE_TEXT = readFileSync(TRACE_PATH, 'utf8');
const FLOW_TEXT = readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8');
// What the fixture trace records, which the template fills in.
const RECORDED = JSON.parse(TRACE_TEXT) as { flowName: string; version: string };
const LINK_CODE = 'This code came with a link: it runs only when you press Replay.';

const cors = (type: string) => ({ 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
const ts = (body: string): Route => ({ headers: cors('text/plain; charset=utf-8'), body });

let server: LoopbackServer;
// Mutable: a test may put a file where there was none, for Retry.
const routes: Record<string, Route> = {};

test.beforeAll(async () => {
  Object.assign(routes, {
    '/trace.json': { headers: cors('application/json'), body: TRACE_TEXT },
    '/src/flow.ts': ts(FLOW_TEXT),
    [`/${RECORDED.version}/${RECORDED.flowName}.ts`]: ts(FLOW_TEXT),
    '/page.ts': { headers: cors('text/html'), body: '<!doctype html><title>Sign in</title>' }
  });
  server = await startLoopbackServer(routes, { status: 404, headers: cors('text/plain'), body: 'Not Found' });
});
test.afterAll(async () => {
  await server?.close();
});

const at = (path: string) => `${server.origin}${path}`;
const withBoth = (source: string) => `/?trace=${encodeURIComponent(at('/trace.json'))}&source=${encodeURIComponent(source)}`;
const fetchError = (page: Page) => page.getByRole('alert', { name: 'Could not fetch the flow source' });

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('?trace= and ?source= open both: the code is shown, waits for Replay, and Replay runs it', async ({ page }) => {
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  // Hold the source back, to see where the code will be while it is fetched.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(at('/src/flow.ts'), async (route) => {
    await held;
    await route.continue();
  });
  await app.goto(withBoth(at('/src/flow.ts')));
  await app.timeline.expectSteps(3);
  await expect(page.getByTestId('source-fetch')).toHaveText(`Fetching the flow source from ${at('/src/flow.ts')}…`);
  release();

  await expect(app.source.fileTab('flow.ts')).toBeVisible();
  await expect(page.getByTestId('source-fetch')).toHaveCount(0);
  await expect(page.getByTestId('replay-status')).toHaveText(LINK_CODE);
  await page.waitForTimeout(1_000);
  await expect(replay.outcome).toHaveCount(0);
  await replay.run();
  expect(await replay.outcomeKind()).toBe('reproduced');
});

test('a 404 source names the URL and the status, the trace stays usable, and Retry fetches it again', async ({ page }) => {
  const app = new AppPage(page);
  const url = at('/later/flow.ts');
  await app.goto(withBoth(url));
  await app.timeline.expectSteps(3);
  const alert = fetchError(page);
  await expect(alert).toContainText(`The server answered 404 Not Found for ${url}.`);
  await expect(alert).toContainText('Check the link: no flow file is at that address.');
  // The trace works without its source: steps can be walked and inspected.
  await app.timeline.listbox.focus();
  await page.keyboard.press('Home');
  await app.timeline.expectSelected(1, 'cmdFetchCart');
  await page.keyboard.press('j');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await shootFile(page, 'e2e/screenshots/light-1440x900-source-fetch-error.png');

  routes['/later/flow.ts'] = ts(FLOW_TEXT);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(app.source.fileTab('flow.ts')).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('replay-status')).toHaveText(LINK_CODE);
});

test('a web page instead of code is named as one', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto(withBoth(at('/page.ts')));
  await app.timeline.expectSteps(3);
  await expect(fetchError(page)).toContainText(`${at('/page.ts')} is a web page (text/html), not a flow's source.`);
  await expect(fetchError(page)).toContainText('"raw" link');
});

test('the source URL template, set in Settings, fetches /{version}/{flowName}.ts for an opened trace', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE_PATH);
  await app.timeline.expectSteps(3);
  await expect(page.getByText('No flow source yet')).toBeVisible();

  const dialog = await openSettings(page);
  const field = dialog.getByRole('textbox', { name: 'Source URL template' });
  // An unknown placeholder is named, and not saved.
  await field.fill(at('/{branch}/{flowName}.ts'));
  await expect(dialog).toContainText('The template has an unknown placeholder: {branch}. It can use {flowName} and {version}. Not saved.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await storedSettings(page)).toBeNull();

  await field.fill(at('/{version}/{flowName}.ts'));
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  const expected = at(`/${RECORDED.version}/${RECORDED.flowName}.ts`);
  await expect(dialog.getByTestId('template-preview')).toHaveText(`For the open trace (${RECORDED.flowName} @ ${RECORDED.version}): ${expected}`);
  // Nothing is fetched while the template is being typed.
  expect(server.requests.filter((r) => r.startsWith(`/${RECORDED.version}/`))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(app.source.fileTab(`${RECORDED.flowName}.ts`)).toBeVisible();
  expect(server.requests).toContain(`/${RECORDED.version}/${RECORDED.flowName}.ts`);
  await expect(page.getByTestId('replay-status')).toHaveText(LINK_CODE);
  await page.waitForTimeout(1_000);
  await expect(new ReplayPage(page).outcome).toHaveCount(0);
  expect((await storedSettings(page))?.state).toMatchObject({ sourceUrlTemplate: at('/{version}/{flowName}.ts') });
});

test('a template the trace cannot fill says what it lacks, with a way to Settings', async ({ page }) => {
  const app = new AppPage(page);
  const { version: _, ...noVersion } = JSON.parse(TRACE_TEXT) as Record<string, unknown>;
  await page.addInitScript((value) => localStorage.setItem('timescope.settings', value), JSON.stringify({ version: 1, state: { sourceUrlTemplate: at('/{version}/{flowName}.ts') } }));
  await app.goto();
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(noVersion)) });
  await app.timeline.expectSteps(3);
  const alert = fetchError(page);
  await expect(alert).toContainText('The source URL template cannot be used for this trace: the trace records no version, and the template needs {version}.');
  await alert.getByRole('button', { name: 'Settings…' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
});

async function storedSettings(page: Page): Promise<{ state: Record<string, unknown>; version: number } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('timescope.settings') ?? 'null') as { state: Record<string, unknown>; version: number } | null);
}

test('the link limit is saved as typed, refuses nonsense, and is still there after a reload', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  let dialog = await openSettings(page);
  const limit = dialog.getByRole('spinbutton', { name: 'Link limit (characters)' });
  await expect(limit).toHaveValue('8000');
  await dialog.getByRole('button', { name: 'Slack unfurl 4,000' }).click();
  await expect(limit).toHaveValue('4000');
  await expect(dialog.getByRole('button', { name: 'Slack unfurl 4,000' })).toHaveAttribute('aria-pressed', 'true');
  await limit.fill('12');
  await expect(dialog).toContainText('Enter 500 to 2,000,000 characters. Not saved.');
  await limit.fill('3500');
  await expect(limit).toHaveAttribute('aria-invalid', 'false');
  await limit.fill('');
  await expect(dialog).toContainText('Enter a number of characters. Not saved.');
  // Closed with an invalid value on screen: the last valid one is what was kept.
  await page.keyboard.press('Escape');
  expect((await storedSettings(page))?.state).toMatchObject({ linkLimit: 3500 });

  await page.reload();
  dialog = await openSettings(page);
  await expect(dialog.getByRole('spinbutton', { name: 'Link limit (characters)' })).toHaveValue('3500');
  await expect(dialog.getByRole('spinbutton', { name: 'Largest trace file (MB)' })).toHaveValue('1024');
});

test('a bad stored setting falls back to its default, and the app starts', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('timescope.settings', '{"version":1,"state":{"linkLimit":"lots","maxTraceBytes":2097152}}'));
  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();
  const dialog = await openSettings(page);
  await expect(dialog.getByRole('spinbutton', { name: 'Link limit (characters)' })).toHaveValue('8000');
  await expect(dialog.getByRole('spinbutton', { name: 'Largest trace file (MB)' })).toHaveValue('2');
});

test('Settings by keyboard only: opens from the header, focus stays inside, Esc closes and gives focus back', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const button = app.headerButton('Settings');
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  // The first field has the focus (the app's public address); Tab reaches the link limit.
  await expect(dialog.getByRole('textbox', { name: 'Public address of the app' })).toBeFocused();
  const limit = dialog.getByRole('spinbutton', { name: 'Link limit (characters)' });
  for (let i = 0; i < 8 && !(await limit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(limit).toBeFocused();
  // Letter keys type into the fields, not into the app's key map.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2000');
  await expect(dialog.getByRole('button', { name: 'Teams and Outlook 2,000' })).toHaveAttribute('aria-pressed', 'true');
  // The page behind is inert (a modal <dialog>): Tab goes round the dialog's controls, past the
  // browser's own UI (where the page has no focused element), and never reaches the page.
  const visited = new Set<string>();
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((d) => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'outside the page';
      return d.contains(el) ? (el.getAttribute('aria-label') ?? el.textContent ?? el.id) : `page: ${el.outerHTML.slice(0, 80)}`;
    });
    expect(where, `Tab ${i + 1}`).not.toMatch(/^page: /);
    visited.add(where);
  }
  expect([...visited]).toEqual(expect.arrayContaining(['Close', 'Slack unfurl 4,000']));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('screenshots of the Settings dialog, and no serious accessibility violations in it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  await app.open(TRACE_PATH);
  await app.timeline.expectSteps(3);
  const dialog = await openSettings(page);
  await dialog.getByRole('textbox', { name: 'Source URL template' }).fill('https://git.example.com/shop/raw/{version}/src/flows/{flowName}.ts');
  await expect(dialog.getByTestId('template-preview')).toContainText('/9f2c1ab/src/flows/checkout.ts');
  await shootViews(page, 'settings');
  // With an invalid value showing too: its message and the red border.
  await dialog.getByRole('spinbutton', { name: 'Link limit (characters)' }).fill('12');
  await inEachTheme(page, async (theme) => {
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    expect(results.passes.length).toBeGreaterThan(5);
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await shootFile(page, `e2e/screenshots/${theme}-1440x900-settings-invalid.png`);
  });
});
