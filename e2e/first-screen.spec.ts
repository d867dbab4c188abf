// The answer in ten seconds: the demo, with no click beyond "Try the demo
// incident", shows what failed (the step), where (its line) and why (its
// error and the value it received, `total: 0`). Then the fix: what the screen
// says after it, and how marks behave while the code is being edited.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { lineOf } from './support/source';

const FLOW_FILE = 'public/demo/flow.ts';
const FLOW = readFileSync(FLOW_FILE, 'utf8');
const CHARGE = lineOf(FLOW_FILE, 'const cmdChargeCard');
const FIX_AT = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
const FIXED = FLOW.replace(FIX_AT, `${FIX_AT}    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n`);

const openDemo = (page: Page) => AppPage.demo(page, 'listed');

test('the demo opens on the failing step with its line, its error and the value it received, without another click', async ({ page }) => {
  const app = await openDemo(page);
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  expect(await app.hashStep()).toBe(3);
  await expect(app.inspector.heading).toHaveText('cmdChargeCard');
  await expect(app.inspector.region.getByText('Error: Amount must be non-zero.', { exact: true })).toBeVisible();
  // The replay on load (the demo is the person's own) fills in what the step received.
  const received = app.inspector.region.getByLabel('Changed on the way here');
  await expect(received).toContainText('total: + 0', { timeout: 15_000 });
  await expect(app.inspector.region.getByLabel('value the step received')).toContainText('total:0');
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.');
  // No banner for a replay the person did not ask for and that needs no action.
  await expect(page.locator('[data-verdict]')).toHaveCount(0);
  // Where: the line, and a note under it that says what happened and what came in.
  await app.source.waitForMonaco();
  await expect.poll(() => app.source.highlightedLine()).toEqual({ number: CHARGE, text: expect.stringContaining('const cmdChargeCard'), error: true });
  await expect(app.source.monacoHost.getByTestId('step-note')).toHaveText(
    'cmdChargeCard ✗ threw Error: Amount must be non-zero. · received percentOff: 100, total: 0 from cmdValidatePromo'
  );
});

test('a trace that came by URL does not run the code by itself, and the view says so', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto('/?trace=/demo/checkout.trace.json');
  await app.timeline.expectSteps(3);
  await app.open({ name: 'flow.ts', mimeType: 'text/plain', buffer: Buffer.from(FLOW) });
  await expect(app.source.fileTab('flow.ts')).toBeVisible();
  // Nothing says why yet: the call to Replay stands in the step details, where the answer will appear.
  await expect(app.inspector.region.getByRole('region', { name: 'Next: Replay' })).toContainText('Nothing has run yet: code that comes with a link runs only when you ask');
  await expect(page.getByTestId('replay-status')).toHaveText('This code came with a link: it runs only when you press Replay.');
  // Nothing ran: no pipeline value, and the page waits.
  await page.waitForTimeout(1_000);
  await expect(app.inspector.region.getByLabel('value the step received')).toHaveCount(0);
  const replay = new ReplayPage(page);
  await replay.run();
  await replay.expectVerdict('Reproduced');
  await expect(app.inspector.region.getByRole('region', { name: 'Replayed now' }).getByLabel('value the step received')).toContainText('total:0');
});

test('a compile error inside a typed arrow names its own line, not the arrow’s', async ({ page }) => {
  await openDemo(page);
  const replay = new ReplayPage(page);
  const lines = FLOW.split('\n');
  const broken = lineOf(FLOW_FILE, 'const total = Math.round');
  lines[broken - 1] += ' )(';
  await replay.replaceEditorText(lines.join('\n'));
  await replay.run();
  await expect(replay.outcome).toHaveAttribute('data-verdict', 'compile-error');
  await expect(replay.outcome).toContainText(new RegExp(`flow\\.ts:${broken}:\\d+`));
});

test('after the fix: the verdict, the step list, the source and the details all set recorded beside replayed', async ({ page }) => {
  const app = await openDemo(page);
  const replay = new ReplayPage(page);
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  await replay.replaceEditorText(FIXED);
  await replay.run();
  await replay.expectVerdict('Fixed');
  await expect(page.getByTestId('outcome-recorded')).toContainText('Failure Error: Amount must be non-zero.');
  await expect(page.getByTestId('outcome-replayed')).toContainText('Success {"orderId":"ord_7Hq2"');
  // Step rows: in words, not only in aria-label.
  await expect(app.timeline.option('cmdFetchCart')).toContainText('↻ replayed');
  await expect(app.timeline.option('cmdChargeCard')).toContainText('○ unreached');
  // Details: the recorded error and the replay's answer side by side.
  await expect(page.getByTestId('step-now')).toHaveText('· now: never reached');
  await expect(app.inspector.region.getByRole('region', { name: 'Recorded' })).toContainText('Error: Amount must be non-zero.');
  const now = app.inspector.region.getByRole('region', { name: 'Replayed now' });
  await expect(now).toContainText('Never reached in this replay.');
  await expect(now).toContainText('The flow ended before this step, with ✓ Success:');
  await expect(now.getByLabel('replayed outcome')).toContainText('waived:true');
  // Source: the charge's line is no longer an error on screen; its note and the others' badges say both.
  await expect.poll(() => app.source.highlightedLine()).toMatchObject({ number: CHARGE + 1, error: false });
  await expect(app.source.monacoHost.getByTestId('step-note')).toContainText('recorded: ✗ threw Error: Amount must be non-zero. · now: never reached');
  await page.keyboard.press('Home');
  await expect.poll(() => app.source.monacoLineText(CHARGE + 1)).toMatch(/const cmdChargeCard = \(\) =>\s+recorded: threw · now: never reached$/);
});

test('marks keep one anchor per Command, follow edits, and say they are stale until the next replay', async ({ page }) => {
  const app = await openDemo(page);
  const replay = new ReplayPage(page);
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  await app.source.waitForMonaco();
  await page.keyboard.press('Home');
  // Replayed or not, the mark sits on the line that defines the Command.
  await expect.poll(() => app.source.monacoLineText(CHARGE)).toMatch(/const cmdChargeCard = \(\) =>\s+✗ 1×/);
  await replay.run();
  await replay.expectVerdict('Reproduced');
  const glyphLine = () =>
    app.source.monacoHost.evaluate((host) => {
      // Glyphs are widgets of their own: find the gutter row at the same height.
      const glyph = host.querySelector<HTMLElement>('.ts-glyph-error');
      if (!glyph) return null;
      const top = glyph.getBoundingClientRect().top;
      const row = [...host.querySelectorAll<HTMLElement>('.margin-view-overlays > div')].find((d) => Math.abs(d.getBoundingClientRect().top - top) < 3);
      return row ? { line: Number(row.querySelector('.line-numbers')?.textContent), stale: glyph.classList.contains('ts-stale') } : null;
    });
  await expect.poll(glyphLine).toEqual({ line: CHARGE, stale: false });
  await expect.poll(() => app.source.monacoLineText(CHARGE)).toMatch(/recorded: threw · now: replayed$/);

  // Two lines above the Command: its mark moves down with its line, and says it is stale.
  await replay.replaceEditorText(FLOW.replace('const chargeCard =', '// a note\n// another\nconst chargeCard ='));
  await expect.poll(glyphLine).toEqual({ line: CHARGE + 2, stale: true });
  await expect.poll(() => app.source.monacoLineText(CHARGE + 2)).toMatch(/now: replayed \(stale\)$/);
  await expect(page.getByTestId('replay-status')).toHaveText('Edited since the last replay: marks are from before your edit.');
  await expect(app.timeline.option('cmdFetchCart').locator('[title^="From the replay before your last edit"]')).toHaveCount(1);
  // The next replay makes them current again.
  await replay.run();
  await replay.expectVerdict('Reproduced');
  await expect.poll(glyphLine).toEqual({ line: CHARGE + 2, stale: false });
});

test('the narration drawer is small, follows the selected step, keeps the line in view, and Esc closes it', async ({ page }) => {
  const app = await openDemo(page);
  await app.source.waitForMonaco();
  await page.keyboard.press('n');
  await expect(app.narration.region).toBeVisible();
  const drawer = (await app.narration.region.boundingBox())!;
  expect(drawer.height, 'the drawer takes at most a third of the window').toBeLessThanOrEqual(900 / 3);
  const current = app.narration.region.locator('[data-current="step"]');
  await expect(current).toHaveText(/^Step 3: cmdChargeCard threw/);
  // The selected line is still fully in the editor's view.
  const editor = (await app.source.monacoHost.boundingBox())!;
  const row = (await app.source.monacoHost.locator('.view-overlays .ts-line-highlight').boundingBox())!;
  expect(row.y).toBeGreaterThanOrEqual(editor.y);
  expect(row.y + row.height).toBeLessThanOrEqual(editor.y + editor.height);
  await page.keyboard.press('k');
  await expect(current).toHaveText(/^Step 2: cmdValidatePromo returned/);
  await expect(current).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(app.narration.region).toBeHidden();
});

test('no banner for facts, labels in words, and the editor on the app’s own surface', async ({ page }) => {
  const app = await openDemo(page);
  await expect(app.warnings).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('@ build 9f2c1ab');
  await expect(page.getByRole('banner')).toContainText('3 steps · 1 threw');
  await expect(page.getByTestId('steps-count')).toHaveText('3 steps · 1 threw');
  await expect(app.timeline.option('cmdChargeCard')).toContainText(/\d+\.\d+ ms/);
  await app.source.waitForMonaco();
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const panel = getComputedStyle(document.querySelector('[aria-label="Step details"]')!).backgroundColor;
          const editor = getComputedStyle(document.querySelector('.monaco-editor-background')!).backgroundColor;
          return panel === editor;
        })
      , { message: `${scheme}: the editor's background is the panels' colour` })
      .toBe(true);
  }
});

// Lines wrap to the pane (MonacoView's wordWrap): what was a sideways scroll to follow the cursor,
// and back left on a short line, is now a line that never leaves the pane.
test('typing at the end of a long line wraps it in the pane: the view never scrolls sideways, the typed end stays in view', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const app = await openDemo(page);
  await app.source.waitForMonaco();
  const long = lineOf(FLOW_FILE, 'export const checkoutFlow');
  const scrollLeft = () => app.source.monacoHost.evaluate((host) => host.querySelector('.monaco-scrollable-element.editor-scrollable')!.scrollLeft + Number(getComputedStyle(host.querySelector('.lines-content')!).left.replace('px', '')) * -1);
  await app.source.monacoHost.click({ position: { x: 120, y: 10 } });
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' // and a long comment that runs far beyond the right edge of the editor pane');
  const typedEnd = app.source.monacoHost.locator('.view-lines .view-line', { hasText: 'pane' }).last();
  // Each key press is an edit the app keeps (and may replay): on a loaded machine the editor draws the last ones late.
  await expect(typedEnd).toBeVisible({ timeout: 20_000 });
  const editor = (await app.source.monacoHost.locator('.monaco-scrollable-element.editor-scrollable').boundingBox())!;
  const end = await typedEnd.evaluate((row) => Math.max(...[...row.querySelectorAll('span span')].map((s) => s.getBoundingClientRect().right)));
  expect(end, 'the typed text ends inside the editor').toBeLessThanOrEqual(editor.x + editor.width);
  expect(await scrollLeft()).toBe(0);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  expect(await scrollLeft()).toBe(0);
  expect(long).toBeGreaterThan(40);
});

test('keyboard only: from the demo button to the editor and out again, Esc then Tab leaving the editor', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto();
  const demo = page.getByRole('button', { name: /^Try the demo incident/ });
  for (let i = 0; i < 20 && !(await demo.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await app.timeline.expectSteps(3);
  await app.source.waitForMonaco();
  // Into the editor by Tab alone.
  const inEditor = () => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null);
  for (let i = 0; i < 20 && !(await inEditor()); i++) await page.keyboard.press('Tab');
  expect(await inEditor(), 'Tab reaches the editor').toBe(true);
  // Tab indents there; Esc then Tab leaves it, and nothing was typed by leaving.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  expect(await inEditor(), 'Esc then Tab leaves the editor').toBe(false);
  await expect(page.getByRole('toolbar', { name: 'Replay' }).getByText('edited')).toHaveCount(0);
  // Shift+Tab goes back in, and Esc then Shift+Tab leaves it backwards, to the file tab.
  await page.keyboard.press('Shift+Tab');
  expect(await inEditor()).toBe(true);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  await expect(app.source.fileTab('flow.ts')).toBeFocused();
});
