// The encrypted capsule for hosting: a capsule sealed with AES-GCM, served from another origin (the
// loopback server, as a bucket or a gist would), opened by `?capsule=<url>#key=<key>`. It opens
// with its key, also when a mail gateway rewrote # as %23, with its code waiting for Replay; the
// address bar stays the capsule's link (mended, at the step on screen) so it can be forwarded; a wrong key, a missing key and a missing file each say what is wrong,
// and the app stays usable. In the app, Share makes the file and the link.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';
import { SIZES, shootThemes } from './support/screenshots';
import { startLoopbackServer, type LoopbackServer } from './support/server';
import { buildCapsule } from '../src/core/share/capsule';
import { armorCapsule, decryptCapsule, encryptCapsule } from '../src/core/share/encrypted';
import type { IncidentPayload } from '../src/core/share/payload';

const NOTE = 'percentOff 100 makes the total 0';
const PAYLOAD: IncidentPayload = {
  v: 1,
  trace: JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as IncidentPayload['trace'],
  sources: [{ name: 'flow.ts', text: readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8') }],
  step: 1,
  notes: { title: 'Zero total', steps: { '1': { text: NOTE } } },
  redaction: { applied: false, rules: [] }
};
const FILE = 'incident-checkout.capsule.enc';
const CORS = { 'Access-Control-Allow-Origin': '*' };

let server: LoopbackServer;
let key: string;
let hosted: string;
const routes: Parameters<typeof startLoopbackServer>[0] = {};

test.beforeAll(async () => {
  const sealed = await encryptCapsule(buildCapsule(PAYLOAD));
  key = sealed.key;
  routes[`/${FILE}`] = { headers: { ...CORS, 'Content-Type': 'application/octet-stream' }, body: sealed.bytes };
  routes['/incident-checkout.capsule.txt'] = { headers: { ...CORS, 'Content-Type': 'text/plain; charset=utf-8' }, body: armorCapsule(sealed.bytes) };
  routes['/slow.capsule.enc'] = { headers: { ...CORS, 'Content-Type': 'application/octet-stream' }, body: sealed.bytes, delayMs: 1_500 };
  routes['/gone.capsule.enc'] = { status: 404, headers: { ...CORS, 'Content-Type': 'text/plain' }, body: 'Not Found' };
  server = await startLoopbackServer(routes);
  hosted = `${server.origin}/${FILE}`;
});
test.afterAll(async () => {
  await server?.close();
});

const otherKey = () => Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

/** The incident as sent: three steps, at step 2 with its note, its code shown and not run. */
async function expectIncident(app: AppPage) {
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await expect(app.page.getByRole('textbox', { name: 'Step note' })).toHaveValue(NOTE);
  await expect(app.source.fileTab('flow.ts')).toBeVisible();
  await expect(app.page.getByTestId('replay-status')).toHaveText(/runs only when you press Replay/);
  await app.page.waitForTimeout(500);
  await expect(app.page.locator('[data-verdict]')).toHaveCount(0);
}

test('a capsule served from another origin opens with its key; nothing runs until Replay, and the address stays its link at the step on screen', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto(`/?capsule=${encodeURIComponent(hosted)}#key=${key}`);
  await expectIncident(app);
  expect(server.requests).toContain(`/${FILE}`);
  const address = new URL(page.url());
  expect(address.searchParams.get('capsule')).toBe(hosted);
  expect(address.hash).toBe(`#key=${key}&step=2`);
  await new ReplayPage(page).run();
  await new ReplayPage(page).expectVerdict('Reproduced');
  // A reload comes back to the incident, from its link in the address.
  await page.reload();
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
});

test('a slow host shows the fetch in progress, then the incident', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto(`/?capsule=${encodeURIComponent(`${server.origin}/slow.capsule.enc`)}#key=${key}`);
  await expect(app.progress).toBeVisible();
  await expect(page.getByText('Fetching slow.capsule.enc…')).toBeVisible();
  await expectIncident(app);
});

for (const [form, tail] of [
  ['%23 with the rest encoded', () => `%23key%3D${key}`],
  ['%23 with the rest as it was', () => `%23key=${key}`]
] as const) {
  test(`a link whose # a mail gateway rewrote as %23 opens too (${form})`, async ({ page }) => {
    const app = new AppPage(page);
    await app.goto(`/?capsule=${encodeURIComponent(hosted)}${tail()}`);
    await expectIncident(app);
    // The gateway's %23 mended: the address bar is a working link again.
    expect(new URL(page.url()).hash).toBe(`#key=${key}&step=2`);
  });
}

test('the text form (for a gist) opens the same', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto(`/?capsule=${encodeURIComponent(`${server.origin}/incident-checkout.capsule.txt`)}#key=${key}`);
  await expectIncident(app);
});

test('a wrong key says so, and the app stays usable', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto(`/?capsule=${encodeURIComponent(hosted)}#key=${otherKey()}`);
  const alert = app.loadError(FILE);
  await expect(alert).toContainText('This encrypted capsule cannot be opened');
  await expect(alert).toContainText('wrong key, or the file was changed');
  await expect(alert).toContainText('the key is the 43 characters after #key=');
  await expect(app.timeline.listbox).toHaveCount(0);
  await app.open(fixture('checkout-zero-total/expected/trace.json'));
  await app.timeline.expectSteps(3);
});

test('an encrypted capsule dropped on the page says it opens with its link, which holds the key; and the receiver is told it was redacted', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const sealed = await encryptCapsule(buildCapsule({ ...PAYLOAD, redaction: { applied: true, rules: ['key:email', 'detector:email'] } }));
  await app.open({ name: FILE, mimeType: 'application/octet-stream', buffer: Buffer.from(sealed.bytes) });
  await expect(app.loadError(FILE)).toContainText('This is an encrypted capsule: it opens with the link it came with');
  routes['/redacted.capsule.enc'] = { headers: { ...CORS, 'Content-Type': 'application/octet-stream' }, body: sealed.bytes };
  await app.goto(`/?capsule=${encodeURIComponent(`${server.origin}/redacted.capsule.enc`)}#key=${sealed.key}`);
  await expectIncident(app);
  await expect(page.getByTestId('received-redaction')).toContainText('Shared as a redacted capsule, with 1 key name, 1 detector');
});

test('a cut key, a missing key and a missing file each name the problem', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto(`/?capsule=${encodeURIComponent(hosted)}#key=${key.slice(0, 30)}`);
  await expect(app.loadError(FILE)).toContainText('The key is 30 characters long, and a capsule key is 43: it was cut short.');
  await app.goto(`/?capsule=${encodeURIComponent(hosted)}`);
  await expect(app.loadError(FILE)).toContainText('The link has no #key=…');
  await expect(app.loadError(FILE)).toContainText('Ask for the whole link.');
  const gone = `${server.origin}/gone.capsule.enc`;
  await app.goto(`/?capsule=${encodeURIComponent(gone)}#key=${key}`);
  await expect(app.loadError('gone.capsule.enc')).toContainText(`The host answered 404 Not Found for ${gone}.`);
  await app.goto(`/?capsule=${encodeURIComponent('ftp://files.example/x.capsule.enc')}#key=${key}`);
  await expect(app.loadError('x.capsule.enc')).toContainText('ftp: URL');
  await app.open(fixture('checkout-zero-total/expected/trace.json'));
  await app.timeline.expectSteps(3);
});

async function openShare(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  return dialog;
}

/** Opens the checkout trace and its flow, and the Share dialog's encrypted capsule section. */
async function shareSection(page: Page) {
  const app = new AppPage(page);
  await app.goto();
  await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
  await app.timeline.expectSteps(3);
  await app.timeline.listbox.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('j');
  await (await app.inspector.stepNote(2)).fill(NOTE);
  const dialog = await openShare(page);
  return { app, dialog, section: dialog.getByTestId('encrypted-capsule') };
}

test('Share → Download encrypted capsule: the file holds only ciphertext, and the link made for where it is hosted opens it elsewhere', async ({ page, browser }) => {
  const { section } = await shareSection(page);
  await expect(section.getByText('the host only sees ciphertext')).toBeVisible();
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download encrypted capsule' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.capsule\.enc$/);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('TSEC');
  expect(bytes.includes(Buffer.from(NOTE))).toBe(false);
  const shownKey = await section.getByRole('textbox', { name: 'Key' }).inputValue();
  expect((await decryptCapsule(new Uint8Array(bytes), shownKey)).ok, 'the shown key opens the downloaded file').toBe(true);

  // The person uploads it; the link is made from where it went.
  await expect(section.getByRole('button', { name: 'Copy encrypted link' })).toBeDisabled();
  routes['/uploaded/mine.capsule.enc'] = { headers: { ...CORS, 'Content-Type': 'application/octet-stream' }, body: bytes };
  const where = `${server.origin}/uploaded/mine.capsule.enc`;
  await section.getByRole('textbox', { name: 'Where it will be hosted (URL)' }).fill('files.example/nope');
  await expect(section.getByText('Not an http(s) address yet')).toBeVisible();
  await section.getByRole('textbox', { name: 'Where it will be hosted (URL)' }).fill(where);
  const link = await section.getByRole('textbox', { name: 'Encrypted capsule link' }).inputValue();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  expect(link).toBe(`${origin}/?capsule=${encodeURIComponent(where)}#key=${shownKey}`);
  await expect(section.getByRole('button', { name: 'Copy encrypted link' })).toBeEnabled();

  const other = await browser.newContext();
  const there = new AppPage(await other.newPage());
  await there.goto(link);
  await expectIncident(there);
  await other.close();
});

test('without WebCrypto (plain http on a LAN address), the section and a capsule link say it needs a secure context', async ({ page }) => {
  // Browsers hide crypto.subtle outside secure contexts; the test server is on 127.0.0.1, which is one.
  await page.addInitScript(() => Object.defineProperty(window.crypto, 'subtle', { get: () => undefined }));
  const app = new AppPage(page);
  await app.goto(`/?capsule=${encodeURIComponent(hosted)}#key=${key}`);
  await expect(app.loadError(FILE)).toContainText('encryption needs a secure context (an https address, or localhost)');
  await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
  await app.timeline.expectSteps(3);
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  // Redaction's pseudonyms need WebCrypto too: without it, only an unredacted incident is built.
  await dialog.getByRole('checkbox', { name: 'Redact personal data' }).uncheck();
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  const section = dialog.getByTestId('encrypted-capsule');
  await expect(section.getByRole('note')).toContainText('Encryption needs a secure context (https or localhost)');
  await expect(section.getByRole('button', { name: 'Download encrypted capsule' })).toHaveCount(0);
});

test('screenshots of the encrypted capsule section', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const { section } = await shareSection(page);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download encrypted capsule' }).click();
  await download;
  await section.getByRole('textbox', { name: 'Where it will be hosted (URL)' }).fill('https://files.example.com/incidents/incident-checkout.capsule.enc');
  // As shootViews does, but scrolled to the section at each size: it sits at the dialog's end.
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await section.getByRole('button', { name: 'Copy encrypted link' }).scrollIntoViewIfNeeded();
    await shootThemes(page, `${width}x${height}-share-encrypted.png`);
  }
});
