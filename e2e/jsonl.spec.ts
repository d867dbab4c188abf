// A JSONL file of whole traces, one a line: pick one, look, go back to the list.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

const CASES = ['checkout-zero-total', 'price-retry-fallback', 'stock-parallel-cancelled'];

function jsonl(): Buffer {
  const lines = CASES.map((c) => JSON.stringify(JSON.parse(readFileSync(fixture(`${c}/expected/trace.json`), 'utf8'))));
  return Buffer.from(lines.join('\n') + '\n');
}

test('the picker lists each trace; picking one opens it; "All traces" goes back', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'incidents.jsonl', mimeType: 'application/x-ndjson', buffer: jsonl() });

  await expect(page.getByRole('heading', { name: 'incidents.jsonl holds 3 traces. Pick one to open.' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Traces in incidents.jsonl' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4); // the header row and three traces
  const cells = (i: number) => rows.nth(i).getByRole('cell');
  await expect(cells(1)).toHaveText(['1', 'checkout', '9f2c1ab', '3', '✗ Failure: Amount must be non-zero.']);
  await expect(cells(2)).toHaveText(['2', 'price-tag', '0a6d4f1', '5', 'not known until replay']);
  await expect(cells(3)).toHaveText(['3', 'split-shipment', '71f0d3e', '3', '✗ Failure: Insufficient stock for SKU KB-87-RED: requested 3, available 1.']);
  await expect(app.timeline.listbox).toHaveCount(0);

  await table.getByRole('button', { name: 'price-tag' }).click();
  await app.timeline.expectSteps(5);
  await expect(app.timeline.option('cmdLoadProduct')).toBeVisible();
  await expect(app.timeline.option('fetchLivePrice')).toHaveCount(3);
  await expect(app.timeline.option('readCachedPrice')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('price-tag');
  await expect(table).toBeHidden();

  await app.headerButton('← All traces').click();
  await expect(table).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(app.timeline.listbox).toHaveCount(0);

  // And another pick opens that one.
  await table.getByRole('button', { name: 'split-shipment' }).click();
  await app.timeline.expectSteps(3);
  await expect(app.timeline.option('Parallel')).toBeVisible();
});
