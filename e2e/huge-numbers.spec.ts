// A trace holding numbers JavaScript cannot hold as written: a 400-digit
// integer (Infinity to JSON.parse), 1e400, 1e-400 (0), a 40-digit fraction,
// and -0. It opens, and each value is shown as the file wrote it, marked with
// what JavaScript reads, never as a crash or a silently different number.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { shootSizes } from './support/screenshots';

const DIGITS_400 = `1${'2'.repeat(399)}`;
const FRACTION = `0.${'1'.repeat(40)}`;
const text = `{"flowName":"ledger","initialInput":{"amount":${FRACTION},"refund":-0},"trace":[
{"command":"cmdReadBalance","path":"0","result":{"balance":${DIGITS_400}},"durationMs":1.2},
{"command":"cmdScale","path":"1","result":{"factor":1e400,"floor":-1e400,"epsilon":1e-400},"durationMs":0.4},
{"command":"cmdPost","path":"2","threw":true,"error":{"message":"overflow","at":${DIGITS_400}},"durationMs":0.3}]}`;

test('a 400-digit integer opens, shown exactly as the file wrote it and marked', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  await app.open({ name: 'ledger.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await app.timeline.expectSteps(3);
  await expect(page.getByText('This is a bug in Timescope')).toHaveCount(0);
  await page.keyboard.press('Home');
  const result = app.inspector.region.getByRole('group', { name: 'recorded result' });
  await expect(result).toContainText(`${DIGITS_400} as in the file (too large for a JavaScript number; JavaScript reads Infinity)`);
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shootSizes(page, theme, 'huge-numbers');
  }
  await page.keyboard.press('j');
  await expect(result).toContainText('1e400 as in the file (too large for a JavaScript number; JavaScript reads Infinity)');
  await expect(result).toContainText('-1e400 as in the file (too large for a JavaScript number; JavaScript reads -Infinity)');
  await expect(result).toContainText('1e-400 as in the file (too small for a JavaScript number; JavaScript reads 0)');
  await page.keyboard.press('j');
  // The thrown value's own view and its one-line summary: never null for a number.
  await expect(app.inspector.region.getByRole('group', { name: 'thrown value' })).toContainText(`${DIGITS_400} as in the file`);
  await expect(app.inspector.region).toContainText('threw {"message":"overflow","at":Infinity}');
  await app.inspector.tab('Input').click();
  await expect(app.inspector.region).toContainText(`${FRACTION} as in the file (more digits than a JavaScript number keeps; JavaScript reads 0.1111111111111111)`);
  await expect(app.inspector.region).toContainText('refund:-0');
});
