// Redaction proven against the repro (issue 34): before anything leaves, the Share dialog replays
// the redacted incident against the recorded code and says whether it still fails the same way.
// Both ways: the demo's redaction keeps its failure; on register-email-taken the masked email fails
// the flow's own email check, so the dialog names the field and the line that reads it, offers a
// format-preserving stand-in, and once chosen the link carries the stand-in and the check passes.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';
import { lineOf } from './support/source';
import { shootViews } from './support/screenshots';
import { decodeLink } from '../src/core/share/link';

const REGISTER = 'register-email-taken';

async function openShare(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  return dialog;
}

/** The trace the link carries, decoded as the receiver decodes it. */
async function sharedTrace(dialog: ReturnType<Page['getByRole']>) {
  const decoded = decodeLink(await dialog.getByRole('textbox', { name: 'Link' }).inputValue());
  expect(decoded.ok, 'the link decodes').toBe(true);
  return (decoded.ok ? decoded.payload.trace : undefined) as { initialInput: { email: string }; trace: { result?: { email?: string } }[] };
}

test.beforeEach(async ({ page }) => {
  await new AppPage(page).goto();
  await page.evaluate(() => localStorage.removeItem('timescope.redaction'));
});

test('the demo: its redacted incident still fails the same way, said before anything is copied', async ({ page }) => {
  const app = new AppPage(page);
  await app.openDemo('replayed');
  const dialog = await openShare(page);
  const check = dialog.getByTestId('repro-check');
  await expect(check).toHaveText('The redacted incident still fails the same way ✓', { timeout: 20_000 });
  // Nothing to check once redaction is off: what leaves is the recording itself.
  await dialog.getByRole('checkbox', { name: 'Redact personal data' }).uncheck();
  await expect(check).toHaveCount(0);
});

test('register-email-taken: masking the email breaks the repro; the dialog names the field and its line, and the stand-in it offers restores it', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(fixture(`${REGISTER}/expected/trace.json`), fixture(`${REGISTER}/flow.ts`));
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 30_000 });
  const dialog = await openShare(page);
  const check = dialog.getByTestId('repro-check');
  // The line that reads the email, found in the fixture's own flow, never hard-coded.
  const line = lineOf(fixture(`${REGISTER}/flow.ts`), 'form.email.trim()');
  await expect(check).toContainText('Redacting `email` changes the failure', { timeout: 30_000 });
  await expect(check).toContainText(`flow.ts:${line} reads email`);
  await expect(check).toContainText('a stand-in that keeps its format (email) fails the same way');
  const before = await sharedTrace(dialog);
  expect(before.initialInput.email, 'the plain token: no domain left').toMatch(/^<email:[0-9a-f]{6,}>$/);
  await shootViews(page, 'share-repro-broken');

  await dialog.getByRole('button', { name: 'Use stand-ins that keep the format (email)' }).click();
  await expect(check).toHaveText('The redacted incident still fails the same way ✓ (stand-ins kept: email as email)', { timeout: 30_000 });
  // What leaves keeps the domain the flow reads, and nothing of the person's own part of the address.
  const after = await sharedTrace(dialog);
  expect(after.initialInput.email).toMatch(/^\s*u[0-9a-f]{6,}@example\.org\s*$/);
  expect(after.initialInput.email).not.toContain('Grace');
  expect(after.trace[0]!.result!.email).toMatch(/^u[0-9a-f]{6,}@example\.org$/);
  await shootViews(page, 'share-repro-fixed');

  // Kept as the person's choice for this incident: the dialog opened again still says so.
  await page.keyboard.press('Escape');
  const again = await openShare(page);
  await expect(again.getByTestId('repro-check')).toContainText('stand-ins kept: email as email', { timeout: 30_000 });
});

test('a recording masked at the edge: the first screen says the replay ran on the masks, beside the verdict', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const trace = JSON.parse(readFileSync(fixture(`${REGISTER}/expected/trace.json`), 'utf8')) as { initialInput: { email: string }; trace: { result: { email: string } }[] };
  trace.initialInput.email = '<redacted:email>';
  trace.trace[0]!.result.email = '<redacted:email>';
  await app.open({ name: 'masked.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trace)) }, { name: 'flow.ts', mimeType: 'text/plain', buffer: readFileSync(fixture(`${REGISTER}/flow.ts`)) });
  const banner = page.getByRole('region', { name: 'Replay verdict' });
  // The masked email fails the flow's own check: the replay never asks for the recorded lookup, so it
  // is not production's run (production asked every Command it recorded), and nothing calls it reproduced.
  await expect(banner).toHaveAttribute('data-verdict', 'changed', { timeout: 30_000 });
  await expect(banner.getByTestId('masked-input')).toHaveText(
    'This recording was redacted before it reached you (initialInput.email = <redacted:email>): the replay ran on the masks, not on what production saw, which alone can make it fail differently.'
  );
  await shootViews(page, 'masked-recording');
});
