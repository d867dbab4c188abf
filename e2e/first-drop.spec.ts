// The first trace dropped on a freshly opened page shows as fast as a later one:
// what the workspace needs (its module, the trace engine's worker) is fetched
// while the empty screen waits, not after the drop. Timing itself is for
// bench:browser (the first-drop row); this checks the behaviour that makes it fast.
import { test, expect, type Request } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { shootSizes } from './support/screenshots';

const WORKSPACE_CHUNK = /\/assets\/Workspace-[\w-]+\.js$/;
const ENGINE_WORKER = /\/assets\/engine\.worker-[\w-]+\.js$/;

const trace = JSON.stringify({
  flowName: 'checkout',
  trace: [
    { command: 'cmdFetchCart', path: '0', result: { items: 2 }, durationMs: 1.5 },
    { command: 'cmdValidatePromo', path: '1', result: { percentOff: 100 }, durationMs: 0.4 },
    { command: 'cmdChargeCard', path: '2', threw: true, error: { __error: true, name: 'Error', message: 'Amount must be non-zero.' }, durationMs: 6.9 }
  ]
});

test('the workspace module and the trace engine are fetched while the empty screen waits, and the first drop fetches neither', async ({ page }) => {
  const requested: string[] = [];
  const record = (r: Request) => requested.push(new URL(r.url()).pathname);
  page.on('request', record);
  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();
  // Nobody has chosen a file yet.
  await expect.poll(() => requested.some((u) => WORKSPACE_CHUNK.test(u)), { message: 'the workspace module is fetched before any drop' }).toBe(true);
  await expect.poll(() => requested.some((u) => ENGINE_WORKER.test(u)), { message: 'the engine worker is started before any drop' }).toBe(true);
  await expect(app.emptyHeading).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shootSizes(page, theme, 'first-drop-empty');
  }

  const before = requested.length;
  await app.open({ name: 'checkout.json', mimeType: 'application/json', buffer: Buffer.from(trace) });
  await app.timeline.expectSteps(3);
  await expect(app.page.getByRole('option').first()).toContainText('cmdFetchCart');
  const afterDrop = requested.slice(before);
  expect(afterDrop.filter((u) => WORKSPACE_CHUNK.test(u) || ENGINE_WORKER.test(u)), 'nothing the first screen needs is fetched after the drop').toEqual([]);
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shootSizes(page, theme, 'first-drop-list');
  }
});

test('the empty screen’s first paint does not carry the workspace: the page’s own HTML names no workspace module', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/index-/);
  expect(html).not.toMatch(/Workspace-/);
  // …and the module exists, as its own file the empty screen fetches later.
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await new AppPage(page).goto();
  await expect.poll(() => requested.find((u) => WORKSPACE_CHUNK.test(u))).toBeDefined();
});
