// Sharing an incident: the link carries the trace, the step, the notes and
// the edited source in its #fragment; opened elsewhere it shows the same
// incident and runs nothing until Replay. Redaction takes personal data out of
// what leaves (checked in the decoded bytes), the capsule round-trips by drop,
// and a damaged link says what is wrong with it.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';
import { shootViews } from './support/screenshots';
import { decodeLink } from '../src/core/share/link';
import { readCapsule } from '../src/core/share/capsule';

const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const FIX_AT = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
const FIXED = FLOW.replace(FIX_AT, `${FIX_AT}    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n`);

const EMAIL = 'ada.lovelace@example.com';
const CARD = '4242 4242 4242 4242';
const BEARER = 'Bearer abcdefghijklmnopqrstuvwxyz0123456789';
/** The checkout trace with personal data in its input, where detectors (not key names) must find it. */
function tracewithPii(): Buffer {
  const trace = JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as { initialInput: Record<string, unknown> };
  trace.initialInput.memo = `customer ${EMAIL} paid with ${CARD}; upstream sent ${BEARER}`;
  return Buffer.from(JSON.stringify(trace));
}

async function openShare(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  return dialog;
}

test('a copied link opens the same incident elsewhere: trace, step, notes and edited source, and nothing runs until Replay', async ({ page, browser }) => {
  // Two apps and two sandboxed replays, each in a fresh worker: 13 s alone, 27 s beside another
  // test, and once past 30 s in CI's whole run, still replaying at the last step.
  test.setTimeout(60_000);
  const app = new AppPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  await new ReplayPage(page).replaceEditorText(FIXED);
  await app.timeline.listbox.focus();
  await page.keyboard.press('k');
  await app.timeline.expectSelected(2, 'cmdValidatePromo');
  await (await app.inspector.stepNote(2)).fill('percentOff 100 is where total becomes 0');
  const dialog = await openShare(page);
  await expect(dialog.getByRole('checkbox', { name: 'Include flow source' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Redact personal data' })).toBeChecked();
  await expect(dialog.getByTestId('link-size')).toContainText('characters');
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();

  const other = await browser.newContext();
  const there = await other.newPage();
  const app2 = new AppPage(there);
  await there.goto(link);
  await app2.timeline.expectSteps(3);
  await app2.timeline.expectSelected(2, 'cmdValidatePromo');
  await expect(there.getByRole('textbox', { name: 'Step note' })).toHaveValue('percentOff 100 is where total becomes 0');
  await expect(there.getByRole('toolbar', { name: 'Replay' }).getByText('edited', { exact: true })).toBeVisible();
  // The sender's code is shown, not run: no replay on load, and the view says why.
  await expect(there.getByTestId('replay-status')).toHaveText('This code came with a link: it runs only when you press Replay.');
  await there.waitForTimeout(1_000);
  await expect(there.locator('[data-verdict]')).toHaveCount(0);
  // The incident's facts came as data: the why is on screen before anything runs, and says whose replay found it.
  await app2.timeline.option('cmdChargeCard').click();
  await expect(app2.inspector.region.getByLabel('value the step received')).toContainText('total:0');
  await expect(there.getByTestId('received-why')).toContainText('cmdValidatePromo');
  await expect(there.getByTestId('received-carried')).toHaveText("As the sender's replay of the recorded code found it. Press Replay to check it here.");
  await app2.timeline.option('cmdValidatePromo').click();
  await new ReplayPage(there).run();
  await new ReplayPage(there).expectVerdict('Fixed');
  await other.close();
});

test('with redaction on, an email, a card number and a bearer token never leave: not in the link’s bytes, not in the capsule’s', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(
    { name: 'trace.json', mimeType: 'application/json', buffer: tracewithPii() },
    { name: 'flow.ts', mimeType: 'text/plain', buffer: readFileSync(fixture('checkout-zero-total/flow.ts')) }
  );
  await app.timeline.expectSteps(3);
  const dialog = await openShare(page);
  await expect(dialog.getByTestId('redaction-summary')).toContainText('Redacted');
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  const decoded = decodeLink(link);
  expect(decoded.ok, 'the link decodes').toBe(true);
  const bytes = JSON.stringify(decoded.ok ? decoded.payload : null);
  for (const secret of [EMAIL, CARD, BEARER.slice(7)]) expect(bytes, `${secret} is not in the link`).not.toContain(secret);
  expect(bytes).toContain('<email:');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download capsule' }).click();
  const file = await (await download).path();
  const capsule = readCapsule(new Uint8Array(readFileSync(file)));
  expect(capsule.ok, 'the capsule reads back').toBe(true);
  const inside = JSON.stringify(capsule.ok ? capsule.payload : null);
  for (const secret of [EMAIL, CARD, BEARER.slice(7)]) expect(inside, `${secret} is not in the capsule`).not.toContain(secret);

  // Turned off, the same data leaves as it is (so the check above is not vacuous).
  await dialog.getByRole('checkbox', { name: 'Redact personal data' }).uncheck();
  await expect(dialog.getByTestId('redaction-summary')).toContainText('Not redacted');
  await expect.poll(async () => JSON.stringify(decodeLink(await dialog.getByRole('textbox', { name: 'Link' }).inputValue()))).toContain(EMAIL);
});

test('a downloaded capsule opens by drop with its trace, step, notes and source', async ({ page, browser }) => {
  const app = new AppPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await (await app.inspector.stepNote(3)).fill('the charge refuses 0');
  const dialog = await openShare(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download capsule' }).click();
  const path = await (await download).path();

  const other = await browser.newContext();
  const there = await other.newPage();
  const app2 = new AppPage(there);
  await app2.goto();
  await app2.open({ name: 'incident-checkout.zip', mimeType: 'application/zip', buffer: readFileSync(path) });
  await app2.timeline.expectSteps(3);
  await app2.timeline.expectSelected(3, 'cmdChargeCard');
  await expect(there.getByRole('textbox', { name: 'Step note' })).toHaveValue('the charge refuses 0');
  await expect(app2.source.fileTab('flow.ts')).toBeVisible();
  await expect(there.getByTestId('replay-status')).toHaveText('This code came with a link: it runs only when you press Replay.');
  // A capsule cut short says so (and is not mistaken for another kind of zip).
  const whole = readFileSync(path);
  await app2.open({ name: 'cut.zip', mimeType: 'application/zip', buffer: whole.subarray(0, Math.floor(whole.length / 2)) });
  await expect(app2.loadError('cut.zip')).toContainText('This capsule cannot be opened');
  await other.close();
});

test('a damaged link says what is wrong with it, and the app stays usable', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto('/#incident=i1.400.AAAA');
  await expect(app.loadError('shared link')).toContainText('truncated');
  await app.goto('/#incident=i1.4.@@@@');
  await expect(app.loadError('shared link')).toContainText('corrupt');
  await app.goto('/#incident=i9.4.AAAA');
  await expect(app.loadError('shared link')).toContainText('newer Timescope');
  await app.open(fixture('checkout-zero-total/expected/trace.json'));
  await app.timeline.expectSteps(3);
});

test('screenshots of the Share dialog', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'trace.json', mimeType: 'application/json', buffer: tracewithPii() });
  await app.timeline.expectSteps(3);
  const dialog = await openShare(page);
  await expect(dialog.getByTestId('redaction-summary')).toContainText('Redacted');
  await shootViews(page, 'share');
});
