// Screenshots of every view in both themes, for people to look at
// (e2e/screenshots/, ignored by git). Each also checks the view rendered.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { fixture } from './support/files';
import { ReplayPage } from './pages/ReplayPage';
import { shootViews, shootThemes } from './support/screenshots';
import { HostilePage } from './pages/HostilePage';
import { hostileCases } from '../test/corpus/hostile';

const hostileCase = (name: string) => hostileCases().find((c) => c.name === name)!;

test.use({ colorScheme: 'dark' });

test('empty, loaded, narration, error', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Drop a pure-effect trace here' })).toBeVisible();
  await shootThemes(page, 'empty.png');

  await page.getByLabel('Open trace or source files').setInputFiles([fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts')]);
  await expect(page.getByRole('listbox', { name: 'Steps' }).getByRole('option')).toHaveCount(3);
  await page.keyboard.press('e');
  await expect(page.locator('.ts-line-highlight').first()).toBeVisible({ timeout: 15_000 });
  await shootThemes(page, 'loaded.png');

  await page.keyboard.press('n');
  await expect(page.getByRole('region', { name: 'Narration' })).toBeVisible();
  await shootThemes(page, 'narration.png');

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await shootThemes(page, 'shortcuts.png');
  await page.keyboard.press('Escape');

  await page.getByLabel('Open trace or source files').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "trace": [\n    {"command": 5}\n  ]\n}') });
  await expect(page.getByRole('alert', { name: 'Could not open broken.json' })).toBeVisible();
  await shootThemes(page, 'error.png');
});

test('picker, capped trace, anonymous steps', async ({ page }) => {
  await page.goto('/');
  const lines = ['checkout-zero-total', 'profile-parallel', 'weather-retry'].map((c) => JSON.stringify(JSON.parse(readFileSync(fixture(`${c}/expected/trace.json`), 'utf8'))));
  await page.getByLabel('Open trace or source files').setInputFiles({ name: 'incidents.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.join('\n')) });
  await expect(page.getByRole('table', { name: 'Traces in incidents.jsonl' })).toBeVisible();
  await shootThemes(page, 'picker.png');

  await page.getByLabel('Open trace or source files').setInputFiles([fixture('capped-batch/expected/trace.json'), fixture('capped-batch/flow.ts')]);
  // The list is virtual: how many rows are drawn depends on the room; the count says all 25 are there.
  await expect(page.getByTestId('steps-count')).toHaveText(/^25 steps/);
  await expect(page.getByRole('listbox', { name: 'Steps' }).getByRole('option').first()).toHaveAttribute('aria-setsize', '25');
  await page.keyboard.press('End');
  await page.keyboard.press('n');
  await shootThemes(page, 'capped.png');

  await page.getByLabel('Open trace or source files').setInputFiles([fixture('anonymous-steps/expected/trace.json'), fixture('anonymous-steps/flow.js')]);
  await expect(page.getByRole('listbox', { name: 'Steps' }).getByRole('option')).toHaveCount(4);
  await page.keyboard.press('j');
  await shootThemes(page, 'anonymous.png');
});

test('replay verdicts: fixed, diverged, pipeline', async ({ page }) => {
  await page.goto('/');
  const replay = new ReplayPage(page);
  const flow = readFileSync(fixture('checkout-zero-total/flow.ts'), 'utf8');
  await page.getByLabel('Open trace or source files').setInputFiles([fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts')]);
  await expect(page.locator('[data-editor="monaco"]')).toBeVisible({ timeout: 15_000 });
  await replay.replaceEditorText(readFileSync(fixture('checkout-zero-total/fixed.ts'), 'utf8'));
  await replay.run();
  await replay.expectVerdict('Fixed');
  await page.keyboard.press('e');
  await page.getByRole('listbox', { name: 'Steps' }).focus();
  await shootThemes(page, 'replay-fixed-error-step.png');
  await page.getByRole('listbox', { name: 'Steps' }).getByRole('option').nth(1).click();
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(page.getByTestId('outcome-replayed')).toContainText('Success');
  await shootThemes(page, 'replay-fixed.png');

  await replay.replaceEditorText(readFileSync(fixture('checkout-zero-total/reorder.ts'), 'utf8'));
  await replay.run();
  await replay.expectVerdict('Diverged');
  await shootThemes(page, 'replay-diverged.png');

  await replay.replaceEditorText(flow.replace('const fetchCart = (order: CheckoutInput) => {', 'const fetchCart = (order: CheckoutInput) => {\n    (order as any).missing.field;'));
  await replay.run();
  await replay.expectVerdict('Error in flow code');
  await page.keyboard.press('n');
  await shootThemes(page, 'replay-flow-error.png');
});

test('replay sandbox messages: time limit, blocked fetch', async ({ page }) => {
  // The out-of-memory banner is shot in hostile-memory.spec.ts, which can survive the sandbox's death.
  const hp = new HostilePage(page, 'http://127.0.0.1:9');
  const shoot = (name: string) => shootViews(page, name);
  await page.goto('/');
  await hp.open(hostileCase('loop-in-step'));
  await hp.replay.setTimeLimit(1);
  await hp.replay.run();
  await expect(hp.replay.outcome).toHaveAttribute('data-verdict', 'timeout', { timeout: 10_000 });
  await shoot('replay-timeout');
  await hp.replay.setTimeLimit(5);
  await hp.open(hostileCase('fetch-in-step'));
  await hp.replay.run();
  await expect(hp.replay.outcome).toHaveAttribute('data-verdict', 'flow-error', { timeout: 10_000 });
  await shoot('replay-blocked-fetch');
});

test('retry and parallel structure', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Open trace or source files').setInputFiles([fixture('price-retry-fallback/expected/trace.json'), fixture('price-retry-fallback/flow.ts')]);
  await expect(page.getByRole('listbox', { name: 'Steps' }).getByRole('option')).toHaveCount(5);
  await shootThemes(page, 'retry.png');
  await page.getByLabel('Open trace or source files').setInputFiles([fixture('stock-parallel-cancelled/expected/trace.json'), fixture('stock-parallel-cancelled/flow.ts')]);
  await expect(page.getByRole('listbox', { name: 'Steps' }).getByRole('option')).toHaveCount(3);
  await shootThemes(page, 'parallel.png');
});
