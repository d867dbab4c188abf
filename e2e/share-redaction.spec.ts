// Redaction the person controls and can see: the Share dialog previews exactly
// what leaves with every pseudonym marked, its key names, detectors and fields
// are edited there (and from the details pane, "Redact a field everywhere"),
// and the receiver is told which rules were applied. Also: a link to one step,
// a link too long for its limit offering the capsule (which the real CLI
// replays), a link that inflates to 1 GB, and notes rendered as sanitized
// Markdown.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';
import { shootViews } from './support/screenshots';
import { decodeLink } from '../src/core/share/link';
import { encodeBase64url } from '../src/core/share/base64url';

const CUSTOMER = 'Grace Hopper';
/** The checkout trace with a customer's name in its input, which no default rule catches. */
function traceWithName(): Buffer {
  const trace = JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as { initialInput: Record<string, unknown> };
  trace.initialInput.customerName = CUSTOMER;
  trace.initialInput.contact = 'grace@example.com';
  return Buffer.from(JSON.stringify(trace));
}

async function openShare(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  return dialog;
}

const payloadOf = (link: string) => {
  const decoded = decodeLink(link);
  expect(decoded.ok, 'the link decodes').toBe(true);
  return JSON.stringify(decoded.ok ? decoded.payload : null);
};

test.beforeEach(async ({ page }) => {
  await new AppPage(page).goto();
  await page.evaluate(() => localStorage.removeItem('timescope.redaction'));
});

// The context is reused by the next test (the config's reuseContext), and a reset does not take back
// permissions: the clipboard one granted below is taken back here.
test.afterEach(async ({ context }) => {
  await context.clearPermissions();
});

test('the preview shows what leaves with pseudonyms marked; a key name added, a detector turned off and a field picked in the details pane each change the link’s bytes', async ({ page }) => {
  const app = new AppPage(page);
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: traceWithName() });
  await app.timeline.expectSteps(3);
  let dialog = await openShare(page);
  const preview = dialog.getByRole('region', { name: 'Shared content preview' }).or(dialog.getByLabel('Shared content preview'));
  await expect(preview).toContainText(CUSTOMER);
  await expect(preview.locator('mark').first()).toHaveText(/^<email:[0-9a-f]{6,}>$/);
  await expect(dialog.getByTestId('redacted-places')).toContainText('/initialInput/contact');

  // A key name of the person's own.
  await dialog.getByText('Redaction rules').click();
  await dialog.getByRole('textbox', { name: 'Add a key name' }).fill('customerName');
  await dialog.getByRole('textbox', { name: 'Add a key name' }).press('Enter');
  await expect(dialog.getByRole('list', { name: 'Redacted key names' })).toContainText('customerName');
  await expect(preview).not.toContainText(CUSTOMER);
  await expect(preview.locator('mark', { hasText: '<customerName:' })).toHaveCount(1);
  expect(payloadOf(await dialog.getByRole('textbox', { name: 'Link' }).inputValue())).not.toContain(CUSTOMER);

  // A detector turned off lets its values through, and the manifest's rule list says so.
  await dialog.getByRole('checkbox', { name: 'Email addresses' }).uncheck();
  await expect.poll(async () => payloadOf(await dialog.getByRole('textbox', { name: 'Link' }).inputValue())).toContain('grace@example.com');
  expect(payloadOf(await dialog.getByRole('textbox', { name: 'Link' }).inputValue())).not.toContain('detector:email');
  await dialog.getByRole('button', { name: 'Reset key names and detectors to the defaults' }).click();
  await expect.poll(async () => payloadOf(await dialog.getByRole('textbox', { name: 'Link' }).inputValue())).not.toContain('grace@example.com');
  await page.keyboard.press('Escape');

  // "Redact a field everywhere" from the details pane: the promo code (`code`) in every step's result.
  await app.timeline.option('cmdValidatePromo').click();
  const details = page.getByRole('region', { name: 'Step details' });
  await details.getByText('Redact a field everywhere').click();
  const field = details.getByRole('button', { name: /^Redact code everywhere$/ });
  await expect(field).toBeVisible();
  await field.click();
  await expect(details.getByRole('button', { name: /^Stop redacting code everywhere$/ })).toHaveAttribute('aria-pressed', 'true');
  dialog = await openShare(page);
  await dialog.getByText('Redaction rules').click();
  await expect(dialog.getByRole('list', { name: 'Redacted fields' })).toContainText('/trace/*/result/code');
  const bytes = payloadOf(await dialog.getByRole('textbox', { name: 'Link' }).inputValue());
  expect(bytes).toContain('<code:');
  expect(bytes).toContain('path:/trace/*/result/code');
  // The rules are kept: after a reload, the field and a key name added since are still there.
  await dialog.getByRole('textbox', { name: 'Add a key name' }).fill('requestId');
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await page.reload();
  await app.timeline.expectSteps(3);
  dialog = await openShare(page);
  await dialog.getByText('Redaction rules').click();
  await expect(dialog.getByRole('list', { name: 'Redacted key names' })).toContainText('requestId');
  await expect(dialog.getByRole('list', { name: 'Redacted key names' })).not.toContainText('customerName');
  await expect(dialog.getByRole('list', { name: 'Redacted fields' })).toContainText('/trace/*/result/code');
  await expect(dialog.getByLabel('Shared content preview')).toContainText('"requestId": "<requestId:');
});

test('a value keeps its token across shares and reloads (the incident’s secret stays in this browser), and Forget gives new tokens', async ({ page }) => {
  const app = new AppPage(page);
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: traceWithName() });
  await app.timeline.expectSteps(3);
  const tokenNow = async () => {
    const dialog = await openShare(page);
    const token = /<email:[0-9a-f]+>/.exec(payloadOf(await dialog.getByRole('textbox', { name: 'Link' }).inputValue()))?.[0];
    await page.keyboard.press('Escape');
    return token;
  };
  const first = await tokenNow();
  expect(first).toMatch(/^<email:[0-9a-f]{6}>$/);
  await page.reload();
  await app.timeline.expectSteps(3);
  expect(await tokenNow()).toBe(first);
  // The secret never travels: not in the link, the capsule or local storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).not.toMatch(/secret/i);
  await page.getByRole('button', { name: 'Forget this trace' }).click();
  await page.getByRole('button', { name: 'Forget', exact: true }).click();
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: traceWithName() });
  await app.timeline.expectSteps(3);
  expect(await tokenNow()).not.toBe(first);
});

test('the receiver is told the incident was redacted and with which rules; a link to one step opens at that step', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const app = new AppPage(page);
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: traceWithName() });
  await app.timeline.expectSteps(3);
  await app.timeline.option('cmdValidatePromo').click();
  const details = page.getByRole('region', { name: 'Step details' });
  await details.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(details.getByRole('button', { name: 'Copy link to this step' })).toHaveText('Copied ✓');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#incident=i1\./);
  const decoded = decodeLink(link);
  expect(decoded.ok && decoded.payload.step).toBe(1);

  const other = await browser.newContext();
  const there = await other.newPage();
  await there.goto(link);
  const app2 = new AppPage(there);
  await app2.timeline.expectSteps(3);
  await app2.timeline.expectSelected(2, 'cmdValidatePromo');
  const note = there.getByTestId('received-redaction');
  await expect(note).toContainText('Shared as a redacted link, with 14 key names, 10 detectors');
  await note.getByText(/^Shared as a redacted link/).click();
  await expect(there.getByTestId('received-rules')).toContainText('detector:email');
  await other.close();
});

test('a link longer than the limit set in Settings offers the capsule, and the downloaded capsule replays in the real CLI', async ({ page }, testInfo) => {
  const app = new AppPage(page);
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('spinbutton', { name: /Link limit/ }).fill('1000');
  await page.keyboard.press('Escape');
  const dialog = await openShare(page);
  await expect(dialog.getByTestId('link-size')).toContainText('Your limit: 1,000');
  await expect(dialog.getByTestId('capsule-offer')).toContainText('longer than your 1,000-character limit: download the capsule');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download capsule' }).click();
  const file = testInfo.outputPath('incident-checkout.zip');
  await (await download).saveAs(file);
  const cli = spawnSync(process.execPath, ['bin/timescope.mjs', 'replay', file], { encoding: 'utf8' });
  // The demo incident replays to the recorded failure: exit 1, narrated to the charge that threw.
  // It says the capsule was redacted, and by which rules.
  expect(cli.stderr).toMatch(/^timescope: '.*incident-checkout\.zip' was redacted before sharing \(key:email, .*detector:bearer\): values in the trace may be stand-ins/);
  expect(cli.status).toBe(1);
  expect(cli.stdout).toContain('cmdChargeCard');
});

test('a link that inflates to 1 GB is refused early as too big, and the page keeps answering', async ({ page }) => {
  test.setTimeout(90_000);
  // 1 GiB of spaces, deflate-raw with run-length coding: about 1 MB, so the link fits in an address.
  const deflate = zlib.createDeflateRaw({ level: 9, strategy: zlib.constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const run = Buffer.alloc(64 * 1024 * 1024, 32);
  for (let i = 0; i < 16; i++) deflate.write(run);
  deflate.end();
  await done;
  const data = encodeBase64url(new Uint8Array(Buffer.concat([Buffer.alloc(4), ...parts])));
  const app = new AppPage(page);
  await app.goto(`/#incident=i1.${data.length}.${data}`);
  // Refused once the inflate passes the cap, a few seconds in: more on a loaded machine.
  await expect(app.loadError('shared link')).toContainText('too big', { timeout: 40_000 });
  await expect(app.loadError('shared link')).toContainText('zip bomb');
  const started = Date.now();
  await page.evaluate(() => 1);
  expect(Date.now() - started, 'the page answers at once').toBeLessThan(1_000);
  await app.open(fixture('checkout-zero-total/expected/trace.json'));
  await app.timeline.expectSteps(3);
});

test('the summary renders as Markdown, sanitized: no image, no script, no javascript: link', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(fixture('checkout-zero-total/expected/trace.json'));
  await app.timeline.expectSteps(3);
  await app.inspector.tab('Incident').click();
  const summary = page.getByRole('textbox', { name: 'Incident summary' });
  await summary.fill('**Root cause**: a 100% promo\n\n- [runbook](https://wiki.example.com/run)\n- [bad](javascript:alert(1))\n\n<img src=x onerror="window.__pwned=1">\n![track](https://evil.example.com/t.png)');
  await page.getByRole('button', { name: 'Preview' }).click();
  const rendered = page.getByRole('document', { name: 'Incident summary, rendered' });
  await expect(rendered.locator('strong')).toHaveText('Root cause');
  await expect(rendered.getByRole('link', { name: 'runbook' })).toHaveAttribute('href', 'https://wiki.example.com/run');
  await expect(rendered.getByRole('link', { name: 'runbook' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(rendered.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(rendered.locator('img')).toHaveCount(0);
  await expect(rendered).toContainText('<img src=x');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Back to writing: the text is as typed.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(summary).toHaveValue(/^\*\*Root cause\*\*/);
});

test('screenshots of the Share dialog with its rules open, and of a received incident', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: traceWithName() });
  await app.timeline.expectSteps(3);
  const dialog = await openShare(page);
  await dialog.getByText('Redaction rules').click();
  await expect(dialog.getByTestId('redaction-summary')).toContainText('Redacted');
  await shootViews(page, 'share-rules');
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  await page.keyboard.press('Escape');
  await app.timeline.option('cmdValidatePromo').click();
  await page.getByRole('region', { name: 'Step details' }).getByText('Redact a field everywhere').click();
  await shootViews(page, 'redact-field');
  await page.goto('about:blank');
  await page.goto(link);
  await app.timeline.expectSteps(3);
  await expect(page.getByTestId('received-redaction')).toBeVisible();
  await shootViews(page, 'received');
});
