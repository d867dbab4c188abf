// The incident channel as people use it: a shared link (or a hosted capsule's address) opens, the
// responder moves to another step and forwards the address bar, and it opens the same incident at
// that step in anyone's browser; a hostile link never freezes the page; the recipient sees the why
// or a clear call to Replay; links point at the app's public address, not at 127.0.0.1.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { startLoopbackServer, type LoopbackServer } from './support/server';
import { bombFragment, checkoutIncident, fragmentOf, longTasks, SENDER_NOTE, watchLongTasks } from './support/channel';
import { buildCapsule } from '../src/core/share/capsule';
import { encryptCapsule } from '../src/core/share/encrypted';
import { decodeLink } from '../src/core/share/link';

const CAPSULE = 'incident.capsule.enc';
let server: LoopbackServer;
let key: string;

test.beforeAll(async () => {
  const sealed = await encryptCapsule(buildCapsule(checkoutIncident()));
  key = sealed.key;
  server = await startLoopbackServer({
    [`/${CAPSULE}`]: { headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/octet-stream' }, body: sealed.bytes }
  });
});
test.afterAll(async () => {
  await server?.close();
});

/** The incident as sent, at 1-based step `n`. */
async function expectIncidentAt(app: AppPage, n: number, command: string) {
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(n, command);
}

test.describe('the address bar of an opened incident is a working link to it', () => {
  test('a shared link: moved to step 3, the copied address opens the same incident at step 3 in a fresh browser, carrying only what the sender sent', async ({ page, browser }) => {
    const app = new AppPage(page);
    const sent = checkoutIncident();
    // Arrived through a chat app that added its own query parameter.
    await app.goto(`/?utm_source=chat${fragmentOf(sent)}`);
    await expectIncidentAt(app, 2, 'cmdValidatePromo');
    // The receiver's own words stay in this browser: the note is edited before the address is copied.
    await app.timeline.option('cmdChargeCard').click();
    await app.timeline.expectSelected(3, 'cmdChargeCard');
    await (await app.inspector.stepNote(3)).fill('my private guess: the promo service');
    await expect.poll(() => app.hashStep()).toBe(3);
    const copied = page.url();

    const decoded = decodeLink(copied);
    expect(decoded.ok, 'the copied address holds the incident link').toBe(true);
    if (decoded.ok) expect(decoded.payload).toEqual(sent);
    expect(copied).not.toContain('utm_source');
    expect(copied).not.toContain('private');

    const fresh = await browser.newContext();
    const there = new AppPage(await fresh.newPage());
    await there.goto(copied);
    await expectIncidentAt(there, 3, 'cmdChargeCard');
    await there.timeline.option('cmdValidatePromo').click();
    await expect(there.page.getByRole('textbox', { name: 'Step note' })).toHaveValue(SENDER_NOTE);
    await fresh.close();
  });

  test('an encrypted capsule’s address: moved to step 1, the copied address opens it at step 1 in a fresh browser', async ({ page, browser }) => {
    const app = new AppPage(page);
    await app.goto(`/?capsule=${encodeURIComponent(`${server.origin}/${CAPSULE}`)}#key=${key}`);
    await expectIncidentAt(app, 2, 'cmdValidatePromo');
    await app.timeline.option('cmdFetchCart').click();
    await expect.poll(() => app.hashStep()).toBe(1);
    const copied = page.url();
    expect(new URL(copied).searchParams.get('capsule')).toBe(`${server.origin}/${CAPSULE}`);

    const fresh = await browser.newContext();
    const there = new AppPage(await fresh.newPage());
    await there.goto(copied);
    await expectIncidentAt(there, 1, 'cmdFetchCart');
    await fresh.close();
  });

  test('opening something else takes the link out of the address, so a reload shows what was chosen', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto(`/${fragmentOf(checkoutIncident())}`);
    await expectIncidentAt(app, 2, 'cmdValidatePromo');
    await page.getByRole('button', { name: 'Open', exact: true }).waitFor();
    await app.open({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(checkoutIncident().trace)) });
    await expect.poll(() => page.url()).not.toContain('incident=');
  });
});

test('a link that inflates past the cap (a deflate bomb), pasted into the address bar: no long task over 200 ms while it is read, and it says the link is too big', async ({ page }) => {
  await watchLongTasks(page);
  const app = new AppPage(page);
  await app.goto('/');
  await expect(app.emptyHeading).toBeVisible();
  // The page's own start (its bundle, the warm-ups a second in) is no part of what the link costs.
  await page.waitForTimeout(2_500);
  const before = (await longTasks(page)).length;
  const bomb = bombFragment();
  await page.evaluate((fragment) => (window.location.hash = fragment), bomb);
  await expect(app.loadError('shared link')).toContainText('This shared link is too big', { timeout: 20_000 });
  await expect(app.loadError('shared link')).toContainText('inflates to more than 64 MB');
  // The message renders a frame after the answer: any task around it is in by now.
  await page.waitForTimeout(500);
  const tasks = (await longTasks(page)).slice(before);
  console.log(`bomb link (${bomb.length} characters): long tasks while read ${tasks.length ? tasks.join(', ') : 'none'} ms`);
  expect(tasks.filter((ms) => ms > 200), `long tasks (ms): ${tasks.join(', ')}`).toEqual([]);
  expect(page.url(), 'a link that cannot open leaves the address').not.toContain('incident=');
});
