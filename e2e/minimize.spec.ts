// Minimize in the app (issue 34): the smallest incident that still fails the same way, found by
// delta debugging with every candidate replayed in the sandbox. The app's result is the CLI's (the
// same engine: the real binary is run on the same incident and the two manifests compared); the
// values that matter are listed and marked in the step details, the minimized incident opens and
// still reproduces; a long minimization shows its progress and Cancel keeps the smallest so far.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { shootViews } from './support/screenshots';
import { keptFields } from '../src/core/minimize/kept';

const DEMO_TRACE = 'public/demo/checkout.trace.json';
const DEMO_FLOW = 'public/demo/flow.ts';

async function openMinimize(page: Page) {
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Minimize', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Minimize incident' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the demo: minimized as the CLI minimizes it, the values that matter listed and marked, and the minimized incident still reproduces', async ({ page }) => {
  const out = mkdtempSync(path.join(tmpdir(), 'ts-min-'));
  const cli = spawnSync(process.execPath, ['bin/timescope.mjs', 'minimize', DEMO_TRACE, DEMO_FLOW, '--json', '--out', out], { encoding: 'utf8' });
  expect(cli.status, cli.stderr).toBe(0);
  const expected = JSON.parse(cli.stdout) as { kept: string; minimal: boolean };
  const minimized = JSON.parse(readFileSync(path.join(out, 'trace.min.json'), 'utf8')) as { trace: { command: string }[] };

  await AppPage.demo(page, 'replayed');
  const dialog = await openMinimize(page);
  // The candidates run in the batch sandbox: a worker per core (at most 4), started once, not one per candidate.
  let workers = 0;
  page.on('worker', () => workers++);
  await dialog.getByRole('button', { name: 'Start minimizing' }).click();
  const result = dialog.getByTestId('minimize-result');
  await expect(result.getByRole('status')).toContainText(`: ${expected.kept}.`, { timeout: 30_000 });
  const replays = Number(/in (\d+) replays/.exec((await result.getByRole('status').textContent()) ?? '')?.[1]);
  const cores = await page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)));
  // One more may be the single-replay pool's spare, which it starts after the demo's own replay.
  expect(replays, 'the status says how many replays it ran').toBeGreaterThan(cores + 1);
  expect(workers).toBeLessThanOrEqual(cores + 1);
  await expect(result).toContainText('1-minimal: without any one of the values left, it no longer fails the same way.');
  const kept = result.getByRole('list', { name: 'Fields the failure depends on' });
  // Every value the CLI's minimized incident kept is listed by the app, and nothing else.
  const fields = keptFields(minimized);
  expect(fields.length, 'the CLI kept some value').toBeGreaterThan(0);
  await expect(kept.getByRole('listitem')).toHaveCount(fields.length);
  for (const f of fields) await expect(kept).toContainText(f.pointer);
  await dialog.getByRole('checkbox', { name: 'Show the original beside the minimized incident' }).check();
  await expect(dialog.getByTestId('minimize-beside')).toContainText('Original');
  await shootViews(page, 'minimize-result');

  // Opened, it is an incident of its own: it still fails the same way, and its step details mark what matters.
  await dialog.getByRole('button', { name: 'Open the minimized incident' }).click();
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 30_000 });
  // The failing step's details mark what the failure depends on, by name (`/initialInput/promo` as `initialInput.promo`).
  const marked = page.getByTestId('kept-fields');
  await expect(marked).toContainText('This failure depends on');
  for (const f of fields.filter((k) => !k.entry)) await expect(marked.locator('mark', { hasText: f.pointer.slice(1).replace(/\//g, '.') })).toHaveCount(1);
  await shootViews(page, 'minimize-marked');
});

/**
 * The demo's flow, unchanged in what it asks and answers, but spending a moment of CPU before it starts:
 * every candidate's replay then takes long enough for progress to be seen and Cancel to be pressed
 * before the minimizer is done (ddmin drops 200 unneeded fields in a handful of replays).
 */
const slowFlow = () => {
  const flow = readFileSync(DEMO_FLOW, 'utf8');
  const call = 'effectPipe(fetchCart, applyPromo, chargeCard)(order);';
  expect(flow, 'the demo flow still ends with its pipe').toContain(call);
  return flow.replace(call, `(spin(), ${call.slice(0, -1)});\nfunction spin() { let x = 0; for (let i = 0; i < 3e8; i++) x = (x + i) % 7; return x; }`);
};

test('a long minimization shows its progress, and Cancel keeps the smallest incident found so far', async ({ page }) => {
  const trace = JSON.parse(readFileSync(DEMO_TRACE, 'utf8')) as { initialInput: Record<string, unknown> };
  // Two hundred fields the failure does not depend on.
  trace.initialInput.audit = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`field${i}`, `value ${i}`]));
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trace)) }, { name: 'flow.ts', mimeType: 'text/plain', buffer: Buffer.from(slowFlow()) });
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 30_000 });
  const dialog = await openMinimize(page);
  await dialog.getByRole('button', { name: 'Start minimizing' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Minimizing the incident' });
  await expect(bar).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(dialog.getByTestId('minimize-progress')).toContainText(/Minimizing \(remove\): \d+ of at most 300 replays/);
  await shootViews(page, 'minimize-progress');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const result = dialog.getByTestId('minimize-result');
  await expect(result).toContainText('Cancelled: this is the smallest incident found so far, not proven minimal.', { timeout: 30_000 });
  await expect(result.getByRole('status')).toContainText(/kept \d+ of 20\d fields/);
});
