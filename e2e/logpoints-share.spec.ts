// Logpoints travel when the sender chooses: the Share dialog offers them (off by default), the link
// carries them with the pinned values redacted, and a fresh browser opens them in its store, marked
// received. A pinned value shows on its step's walkthrough slide and in the post-mortem. The
// editor's gutter for adding logpoints is built elsewhere: these journeys seed the store's local
// storage (timescope.logpoints.<traceId>) as the editor would leave it.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { WalkthroughPage } from './pages/WalkthroughPage';
import { shootViews } from './support/screenshots';
import { exportedMarkdown, section } from './support/postmortem';
import { decodeLink } from '../src/core/share/link';
import { parseTraceText } from '../src/core/trace/parse';
import { traceIdentity } from '../src/core/trace/identity';

/** The demo incident's id, as the app works it out (core/trace/identity). */
const DEMO_ID = (() => {
  const parsed = parseTraceText(readFileSync('public/demo/checkout.trace.json', 'utf8'));
  if (parsed.kind !== 'trace') throw new Error(parsed.kind);
  return traceIdentity(parsed.model);
})();
const KEY = `timescope.logpoints.${DEMO_ID}`;

const EMAIL = 'ada.lovelace@example.com';
const POINTS = [
  { id: 'lp1', file: 'flow.ts', line: 31, expr: 'total' },
  { id: 'lp2', file: 'flow.ts', line: 40, expr: 'order.total * 100' }
];
/** `total` read on line 31, in cmdValidatePromo's next (step 2, path 1); and a value holding an address. */
const PINNED = [
  { id: 'lp1', seq: 0, step: 1, path: '1', text: '0', file: 'flow.ts', line: 31, expr: 'total' },
  { id: 'lp2', seq: 1, step: 2, path: '2', text: `"receipt for ${EMAIL}"`, file: 'flow.ts', line: 40, expr: 'order.total * 100' }
];

/** The demo incident with logpoints and pins already in this browser, as the editor leaves them. */
async function demoWithLogpoints(page: Page): Promise<AppPage> {
  const app = new AppPage(page);
  await app.goto();
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [KEY, JSON.stringify({ points: POINTS, pinned: PINNED })]);
  await app.openDemo('replayed');
  return app;
}

async function openShare(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  return dialog;
}

const linkPayload = (link: string) => {
  const decoded = decodeLink(link);
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.payload;
};

test('logpoints go with a link only when chosen, pinned values redacted, and open in a fresh browser, waiting for Replay', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await demoWithLogpoints(page);
  const dialog = await openShare(page);
  const choice = dialog.getByRole('checkbox', { name: 'Include logpoints (2)' });
  await expect(choice).not.toBeChecked();
  const without = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(linkPayload(without).logpoints).toBeUndefined();
  await expect(dialog.getByTestId('shared-logpoints')).toHaveCount(0);

  await choice.check();
  const textbox = dialog.getByRole('textbox', { name: 'Link' });
  await expect.poll(async () => linkPayload(await textbox.inputValue()).logpoints?.points.length).toBe(2);
  const link = await textbox.inputValue();
  const sent = linkPayload(link).logpoints!;
  expect(sent.points).toEqual(POINTS.map(({ file, line, expr }) => ({ file, line, expr })));
  expect(sent.pinned[0]).toEqual({ point: 0, seq: 0, step: 1, path: '1', text: '0', file: 'flow.ts', line: 31, expr: 'total' });
  // Redaction is on: the address in the pinned value never leaves.
  expect(JSON.stringify(sent)).not.toContain(EMAIL);
  expect(sent.pinned[1]!.text).toMatch(/^"receipt for <email:[0-9a-f]+>"$/);
  await expect(dialog.getByTestId('logpoints-note')).toContainText('Pinned values are redacted as text');
  // What the pins' redaction replaced is counted with the trace's, and its place named.
  await expect(dialog.getByTestId('redaction-summary')).toContainText('Redacted 1 value (detector:email ×1)');
  await expect(dialog.getByTestId('redacted-places')).toContainText('/logpoints/pinned/1/text');
  // The preview lists what goes, as text.
  const listed = dialog.getByTestId('shared-logpoints');
  await expect(listed).toContainText('With 2 logpoints and 2 pinned values:');
  await expect(listed.getByRole('listitem')).toHaveText(['flow.ts:31 = total', 'flow.ts:40 = order.total * 100', 'pinned · flow.ts:31 total = 0', /^pinned · flow\.ts:40 order\.total \* 100 = "receipt for <email:[0-9a-f]+>"$/]);

  const other = await browser.newContext();
  const there = await other.newPage();
  const app2 = new AppPage(there);
  await there.goto(link);
  await app2.timeline.expectSteps(3);
  // In the store (and its storage) with ids made there, marked as someone else's.
  await expect.poll(() => there.evaluate((key) => localStorage.getItem(key), KEY)).not.toBeNull();
  const stored = JSON.parse((await there.evaluate((key) => localStorage.getItem(key), KEY))!) as { points: unknown[]; pinned: { id: string; text: string }[]; received?: boolean };
  expect(stored.points).toEqual([
    { id: 'shared1', file: 'flow.ts', line: 31, expr: 'total' },
    { id: 'shared2', file: 'flow.ts', line: 40, expr: 'order.total * 100' }
  ]);
  expect(stored.pinned.map((p) => [p.id, p.text])).toEqual([
    ['shared1', '0'],
    ['shared2', sent.pinned[1]!.text]
  ]);
  expect(stored.received).toBe(true);
  // Nothing runs by itself: the sender's code and expressions wait for Replay.
  await expect(there.getByTestId('replay-status')).toHaveText('This code came with a link: it runs only when you press Replay.');
  // The receiver's Share dialog offers them on again, and lists them when chosen.
  const dialog2 = await openShare(there);
  await dialog2.getByRole('checkbox', { name: 'Include logpoints (2)' }).check();
  await expect(dialog2.getByTestId('shared-logpoints')).toContainText('flow.ts:31 = total');
  await dialog2.press('Escape');
  // The pinned value is on its step's slide there too.
  await app2.timeline.listbox.focus();
  await there.keyboard.press('w');
  const walk = new WalkthroughPage(there);
  await expect(walk.dialog).toBeVisible();
  await there.keyboard.press('Home');
  await there.keyboard.press('ArrowRight');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await expect(walk.slide.getByRole('region', { name: 'Logpoints' })).toContainText('flow.ts:31 total = 0');
  await other.close();
});

test('a pinned value shows on its step’s walkthrough slide, presenter and audience, and in the post-mortem', async ({ page }) => {
  test.setTimeout(90_000);
  const app = await demoWithLogpoints(page);
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  const walk = new WalkthroughPage(page);
  // It opens on step 1, which has no pin.
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await expect(walk.slide.getByRole('region', { name: 'Logpoints' })).toHaveCount(0);
  await page.keyboard.press('End');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  // Step 3's own pin (line 40, read while its Command was built), not step 2's.
  const pins = walk.slide.getByRole('region', { name: 'Logpoints' });
  await expect(pins.getByRole('listitem')).toHaveText([`flow.ts:40 order.total * 100 = "receipt for ${EMAIL}"`]);
  const [popup] = await Promise.all([page.waitForEvent('popup'), walk.button('Open audience window').click()]);
  const audience = new WalkthroughPage(popup, 'audience');
  await page.bringToFront();
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await expect(pins.getByRole('listitem')).toHaveText(['flow.ts:31 total = 0']);
  await expect(audience.command).toHaveText('cmdValidatePromo');
  await expect(audience.slide.getByRole('region', { name: 'Logpoints' })).toContainText('flow.ts:31 total = 0');
  await popup.close();
  await page.keyboard.press('Escape');
  await expect(walk.dialog).toBeHidden();

  const markdown = await exportedMarkdown(page);
  const logpoints = section(markdown, 'Logpoints');
  expect(logpoints).toMatch(/^- `flow\.ts:31` `total`, at \[step 2\]\(http[^)]+\), `cmdValidatePromo` \(path `1`\) = `0`$/m);
  expect(logpoints).toContain(`\`flow.ts:40\` \`order.total * 100\`, at [step 3]`);
  expect(logpoints).toContain(`= \`"receipt for ${EMAIL}"\``);
  const row2 = section(markdown, 'Timeline').split('\n').find((l) => l.startsWith('| [2]'));
  expect(row2).toMatch(/\| `total` = `0` \|$/);
});

test('screenshots of the Share dialog with logpoints included, and of a slide with a pinned value', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await demoWithLogpoints(page);
  const dialog = await openShare(page);
  await dialog.getByRole('checkbox', { name: 'Include logpoints (2)' }).check();
  await expect(dialog.getByTestId('shared-logpoints')).toBeVisible();
  await shootViews(page, 'share-logpoints');
  await dialog.press('Escape');
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  const walk = new WalkthroughPage(page);
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await page.keyboard.press('ArrowRight');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await expect(walk.slide.getByRole('region', { name: 'Logpoints' })).toBeVisible();
  await shootViews(page, 'walkthrough-logpoints');
});
