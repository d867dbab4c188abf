// Files that are not pure-effect traces: each gets the exact message the
// malformed corpus expects, and a bad file never costs you the good trace.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { corpus, fixture } from './support/files';

const expected = JSON.parse(readFileSync(corpus('malformed/expected.json'), 'utf8')) as Record<string, { message: string }>;
const GOOD = fixture('checkout-zero-total/expected/trace.json');

const BAD = [
  'syntax-missing-comma.json', // a JSON syntax error, located
  'entry-command-not-string.json', // an entry whose command is a number
  'playwright-event.json', // a Playwright trace event
  'playwright-trace.jsonl', // a Playwright trace, as JSONL
  'zip.zip', // a Playwright trace .zip
  'trace.json.gz', // gzip
  'not-utf8.bin' // Latin-1 bytes
];

for (const name of BAD) {
  test(`${name} shows its exact message`, async ({ page }) => {
    const message = expected[name]?.message;
    expect(message, `${name} is in expected.json`).toBeTruthy();
    const app = new AppPage(page);
    await app.goto();
    await app.open(corpus(`malformed/${name}`));
    const alert = app.loadError(name);
    await expect(alert).toBeVisible();
    await expect(alert.getByText(message!, { exact: true })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Open another file…' })).toBeVisible();
    // Nothing was open before, so there is nothing to go back to.
    await expect(alert.getByRole('button', { name: /^Back to / })).toHaveCount(0);
  });
}

test('a good trace opens after a bad one, and "Back to …" returns to it after another bad one', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open(corpus('malformed/zip.zip'));
  await expect(app.loadError('zip.zip')).toBeVisible();

  await app.open(GOOD);
  await app.timeline.expectSteps(3);
  await expect(app.loadError('zip.zip')).toHaveCount(0);
  await page.keyboard.press('e');
  await app.timeline.expectSelected(3, 'cmdChargeCard');

  await app.open(corpus('malformed/entry-command-not-string.json'));
  const alert = app.loadError('entry-command-not-string.json');
  await expect(alert).toBeVisible();
  await expect(alert.getByText(expected['entry-command-not-string.json']!.message, { exact: true })).toBeVisible();
  await expect(app.timeline.listbox).toHaveCount(0);

  await alert.getByRole('button', { name: 'Back to trace.json' }).click();
  await expect(alert).toHaveCount(0);
  await app.timeline.expectSteps(3);
  await expect(page.getByRole('banner')).toContainText('checkout');
  // ...where you left it.
  await app.timeline.expectSelected(3, 'cmdChargeCard');
});

test('a JSONL file with a line cut short opens its other traces, and names the line it set aside', async ({ page }) => {
  const partial = JSON.parse(readFileSync(corpus('partial/expected.json'), 'utf8')) as Record<string, { traces: number; setAside: { message: string }[] }>;
  const want = partial['jsonl-bad-line.jsonl']!;
  const app = new AppPage(page);
  await app.goto();
  await app.open(corpus('partial/jsonl-bad-line.jsonl'));
  await expect(page.getByRole('heading', { name: `jsonl-bad-line.jsonl holds ${want.traces} traces. Pick one to open.` })).toBeVisible();
  const aside = page.getByRole('group').filter({ hasText: 'set aside' });
  await expect(aside.locator('summary')).toHaveText('1 line was set aside: not a trace Timescope can open');
  await aside.locator('summary').click();
  await expect(aside.getByRole('listitem')).toHaveText(`jsonl-bad-line.jsonl: ${want.setAside[0]!.message}`);
  await page.getByRole('table', { name: 'Traces in jsonl-bad-line.jsonl' }).getByRole('row').nth(5).getByRole('button').first().click();
  await app.timeline.expectSteps(1);
});
