// The incident channel as people use it: a shared link (or a hosted capsule's address) opens, the
// responder moves to another step and forwards the address bar, and it opens the same incident at
// that step in anyone's browser; a hostile link never freezes the page; the recipient sees the why
// or a clear call to Replay; links point at the app's public address, not at 127.0.0.1.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { shootViews } from './support/screenshots';
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
  // A fresh context's first page starts its workers cold: more than the default wait on a shared machine.
  await expect(app.timeline.options).toHaveCount(3, { timeout: 20_000 });
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
  // A damaged link first: the page's own start (its bundle, the warm-ups a second in) and the code
  // that opens any link are loaded, so what is measured below is what this payload costs.
  await app.goto('/#incident=i1.4.@@@@');
  await expect(app.loadError('shared link')).toContainText('corrupt');
  await page.waitForTimeout(2_500);
  const bomb = bombFragment();
  // Pasted into the address bar: the navigation itself is the browser's; what the page does with the
  // link runs from the hashchange on, in tasks that start after it.
  const pasted = await page.evaluate((fragment) => {
    window.location.hash = fragment;
    return performance.now();
  }, bomb);
  await expect(app.loadError('shared link')).toContainText('This shared link is too big', { timeout: 20_000 });
  await expect(app.loadError('shared link')).toContainText('inflates to more than 64 MB');
  // The message renders a frame after the answer: any task around it is in by now.
  await page.waitForTimeout(500);
  const tasks = await longTasks(page, pasted);
  console.log(`bomb link (${bomb.length} characters): long tasks while read ${tasks.length ? tasks.join(', ') : 'none'} ms`);
  expect(tasks.filter((ms) => ms > 200), `long tasks (ms): ${tasks.join(', ')}`).toEqual([]);
  expect(page.url(), 'a link that cannot open leaves the address').not.toContain('incident=');
});

test.describe('what a link’s recipient sees first', () => {
  // A replay on a cold sandbox, on a shared machine.
  test.setTimeout(90_000);
  test('without the facts: the call to Replay is the strongest thing on screen, in the step details, reachable by keyboard, and gone once replayed', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto(`/${fragmentOf(checkoutIncident())}`);
    await expectIncidentAt(app, 2, 'cmdValidatePromo');
    const next = app.inspector.region.getByRole('region', { name: 'Next: Replay' });
    await expect(next).toContainText('Why did cmdChargeCard fail?');
    const call = next.getByRole('button', { name: /Replay to see why/ });
    await expect(call).toBeVisible();
    // More visible than anything else that asks for a click: bigger than the header's Replay, in bigger type.
    const header = page.getByRole('toolbar', { name: 'Replay' }).getByRole('button', { name: /^Replay/ });
    const area = async (l: typeof call) => ((await l.boundingBox()) ?? { width: 0, height: 0 }).width * ((await l.boundingBox()) ?? { width: 0, height: 0 }).height;
    expect(await area(call)).toBeGreaterThan(1.5 * (await area(header)));
    const fontSize = (l: typeof call) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await fontSize(call)).toBeGreaterThan(await fontSize(header));
    // Reached with Tab, as a keyboard user goes: from the details' tabs, the next stop or so.
    await app.inspector.region.getByRole('tab', { selected: true }).focus();
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await call.evaluate((el) => el === document.activeElement);
    }
    expect(reached, 'the call to Replay is in the tab order').toBe(true);
    await page.keyboard.press('Enter');
    await expect(next).toHaveCount(0, { timeout: 20_000 });
    await app.timeline.option('cmdChargeCard').click();
    await expect(app.inspector.region.getByLabel('value the step received').first()).toContainText('total:0', { timeout: 20_000 });
  });

  test('with the facts: the why is on screen at once and no call to Replay competes with it', async ({ page, browser }) => {
    // The sender's Share carries the facts its replay on load found.
    await AppPage.demo(page, 'replayed');
    await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
    const link = page.getByRole('dialog', { name: 'Share incident' }).getByRole('textbox', { name: 'Link' });
    await expect(link).toHaveValue(/#incident=i1\./);
    const fresh = await browser.newContext();
    const there = new AppPage(await fresh.newPage());
    await there.goto(await link.inputValue());
    await expectIncidentAt(there, 3, 'cmdChargeCard');
    await expect(there.page.getByTestId('received-why')).toContainText('cmdValidatePromo');
    await expect(there.page.getByTestId('received-carried')).toBeVisible();
    await expect(there.inspector.region.getByRole('region', { name: 'Next: Replay' })).toHaveCount(0);
    // The same incident without its facts asks for Replay instead.
    const decoded = decodeLink(await link.inputValue());
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      const { facts: _facts, ...withoutFacts } = decoded.payload;
      const other = new AppPage(await fresh.newPage());
      await other.goto(`/${fragmentOf(withoutFacts)}`);
      await expectIncidentAt(other, 3, 'cmdChargeCard');
      await expect(other.inspector.region.getByRole('region', { name: 'Next: Replay' })).toBeVisible();
      await expect(other.page.getByTestId('received-why')).toHaveCount(0);
    }
    await fresh.close();
  });
});

test.describe('links point at the app’s public address', () => {
  test.setTimeout(90_000);
  test('until one is set, Share says the link opens only on this machine and still copies it; a set address is checked, kept, and used by every link', async ({ page }) => {
    const app = await AppPage.demo(page, 'replayed');
    await app.headerButton('Share').click();
    const share = page.getByRole('dialog', { name: 'Share incident' });
    const link = share.getByRole('textbox', { name: 'Link' });
    await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/#incident=i1\./);
    const note = share.getByTestId('app-address');
    await expect(note).toContainText('No public address is set, so this link points at');
    await expect(note).toContainText('this machine: it opens only here');
    await expect(share.getByRole('button', { name: 'Copy link' })).toBeEnabled();
    await note.getByRole('button', { name: 'Set the app’s public address' }).click();

    const settings = page.getByRole('dialog', { name: 'Settings' });
    const field = settings.getByRole('textbox', { name: 'Public address of the app' });
    await field.fill('tools.example.com/timescope');
    await expect(settings).toContainText('is not a URL: start it with https://');
    await field.fill('https://me:pw@tools.example.com/timescope');
    await expect(settings).toContainText('Leave out the user name and password');
    await field.fill('https://tools.example.com/timescope');
    await expect(settings.getByTestId('app-address-saved')).toHaveText('Links open at https://tools.example.com/timescope/');
    await page.keyboard.press('Escape');

    // Kept like the other settings: a reload still links there.
    await page.reload();
    await app.timeline.expectSteps(3);
    await app.headerButton('Share').click();
    await expect(link).toHaveValue(/^https:\/\/tools\.example\.com\/timescope\/#incident=i1\./);
    await expect(share.getByTestId('app-address')).toHaveText(/Links open at https:\/\/tools\.example\.com\/timescope\//);
    const sent = decodeLink(await link.inputValue());
    expect(sent.ok, 'the link on the public address holds the incident').toBe(true);
  });
});

test(`screenshots of the call to Replay, the Share dialog's address note and the Settings field`, async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto(`/${fragmentOf(checkoutIncident())}`);
  await expectIncidentAt(app, 2, 'cmdValidatePromo');
  await expect(app.inspector.region.getByRole('region', { name: 'Next: Replay' })).toBeVisible();
  await shootViews(page, 'channel-replay-next');
  await app.headerButton('Share').click();
  await expect(page.getByRole('dialog', { name: 'Share incident' }).getByTestId('app-address')).toBeVisible();
  await shootViews(page, 'channel-share-address');
  await page.getByRole('button', { name: 'Set the app’s public address' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('textbox', { name: 'Public address of the app' }).fill('tools.example.com');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText('is not a URL');
  await shootViews(page, 'channel-settings-address');
});
