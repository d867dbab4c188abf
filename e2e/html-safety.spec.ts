// A trace is untrusted input: HTML in any of its strings, or in the flow
// source, is shown as text and never runs.
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';
const BOTH = `${IMG}${SCRIPT}`;

const trace = {
  flowName: BOTH,
  version: SCRIPT,
  initialInput: { note: IMG, html: SCRIPT },
  context: { flowName: BOTH },
  dropped: 0,
  trace: [
    { command: IMG, path: '0', result: { title: IMG, body: SCRIPT, [IMG]: 'key' }, durationMs: 1.5 },
    { command: SCRIPT, path: '1', result: SCRIPT, durationMs: 2.5 },
    {
      command: 'cmdRender',
      path: '2',
      threw: true,
      error: { __error: true, name: IMG, message: SCRIPT, code: IMG, detail: { html: SCRIPT }, stack: `${IMG}\n    at ${SCRIPT}` },
      durationMs: 3.5
    }
  ]
};

const flow = `// ${BOTH}
import { Command, Success } from 'pure-effect';

export const cmdRender = () => {
  const html = '${IMG}';
  return \`${SCRIPT}\`;
};

/* ${SCRIPT} */
export const flow = () => Command(cmdRender, (html) => Success(html));
`;

test('HTML in trace strings and flow source is shown as text and never runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const app = new AppPage(page);
  await app.goto();
  await app.open(
    { name: 'evil.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(trace, null, 2)) },
    { name: 'evil.ts', mimeType: 'text/plain', buffer: Buffer.from(flow) }
  );
  const { timeline, inspector } = app;
  await timeline.expectSteps(3);
  // The header shows the flowName as text.
  await expect(page.getByRole('banner').getByText(BOTH, { exact: true })).toBeVisible();
  await expect(timeline.options.nth(0)).toHaveAccessibleName(new RegExp(`^${IMG.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`));

  // Step 1: an HTML command name and HTML in an object result (values and a key).
  await page.keyboard.press('Home');
  await expect(inspector.heading).toHaveText(IMG);
  // Recorded strings are shown as JSON, quoted and escaped.
  await expect(inspector.region).toContainText(JSON.stringify(IMG));
  await expect(inspector.region).toContainText(JSON.stringify(SCRIPT));
  await expect(app.status).toHaveText(`Step 1 of 3, ${IMG}, returned.`);

  // Step 2: an HTML command name and a string result.
  await page.keyboard.press('j');
  await expect(inspector.heading).toHaveText(SCRIPT);
  await expect(inspector.region.getByLabel('recorded result')).toHaveText(JSON.stringify(SCRIPT));

  // Step 3: an error whose name, message, fields and stack hold HTML.
  await page.keyboard.press('j');
  await expect(inspector.heading).toHaveText('cmdRender');
  await expect(inspector.region.getByText(`${IMG}: ${SCRIPT}`, { exact: true })).toBeVisible();
  // The error's own fields: code (a string) and detail (an object).
  await expect(inspector.region.getByText(JSON.stringify(IMG), { exact: true }).first()).toBeVisible();
  await expect(inspector.region.getByRole('group', { name: 'detail' })).toContainText(JSON.stringify(SCRIPT));
  await inspector.region.getByText('Stack', { exact: true }).click();
  await expect(inspector.region).toContainText(`at ${SCRIPT}`);
  await inspector.region.getByText('As recorded (JSON)', { exact: true }).click();
  await expect(app.status).toHaveText(`Step 3 of 3, cmdRender, threw ${IMG}: ${SCRIPT}.`);

  // The initial input and context tabs.
  await inspector.tab('Input').click();
  await expect(inspector.region).toContainText(JSON.stringify(IMG));
  await inspector.tab('Context').click();
  await expect(inspector.region).toContainText(JSON.stringify(BOTH));

  // The narration tells the same strings.
  await page.keyboard.press('n');
  await expect(app.narration.region).toBeVisible();
  await expect(app.narration.text).toContainText(`Replaying '${BOTH}'`);
  await expect(app.narration.text).toContainText(SCRIPT);

  // The source pane shows the flow's HTML as code.
  await expect(app.source.fileTab('evil.ts')).toBeVisible();
  await app.source.waitForMonaco();
  await expect(app.source.monacoHost.locator('.view-lines')).toContainText('window.__pwned=2');

  // Nothing ran and nothing was parsed into elements.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.text).filter((t) => t.includes('__pwned')));
  expect(scripts).toEqual([]);
  const injected = await page.evaluate(() => [...document.querySelectorAll('[onerror]')].map((e) => e.outerHTML));
  expect(injected).toEqual([]);
});
