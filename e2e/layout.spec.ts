// The first screen at the sizes people use, measured rather than assumed: no
// toolbar wraps, no Command name is cut, the editor has the room, and the
// selected Command's line and its note sit fully inside the editor. Each size
// is screenshotted in both themes (e2e/screenshots/, for people to look at).
import { readFileSync } from 'node:fs';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { shootThemes } from './support/screenshots';

const SIZES = [
  [1440, 900],
  [1280, 720],
  [1024, 768]
] as const;

const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const FIX_AT = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
const FIXED = FLOW.replace(FIX_AT, `${FIX_AT}    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n`);

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Every control row is one line tall: a wrapped row is at least twice the height of its tallest control. */
async function expectNoWrap(page: Page, where: string) {
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="toolbar"], [role="tablist"], header')].map((el) => {
      const kids = [...el.querySelectorAll<HTMLElement>('button, input, select, label, [role="tab"]')].filter((k) => k.offsetParent !== null && k.getBoundingClientRect().width > 2);
      const boxes = kids.map((k) => k.getBoundingClientRect());
      // On one line, every control overlaps every other vertically.
      const wrapped = boxes.some((a) => boxes.some((b) => b.top >= a.bottom - 1));
      const clipped = kids.filter((k) => k.scrollWidth > k.clientWidth + 1 && getComputedStyle(k).overflow !== 'visible').map((k) => k.textContent);
      return { name: el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40), rows: wrapped ? 2 : 1, clipped };
    })
  );
  // And no button's own text runs onto a second line ("Copy / JSON").
  const wrappedButtons = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button')]
      .filter((b) => b.offsetParent !== null && !b.closest('.monaco-editor'))
      .filter((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        const rects = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1); // not the 1 px sr-only text
        return rects.some((a) => rects.some((c) => c.top >= a.bottom - 1));
      })
      .map((b) => b.textContent)
  );
  expect(wrappedButtons, `${where}: no button's text wraps`).toEqual([]);
  for (const r of rows) {
    expect(r.rows, `${where}: ${r.name} keeps its controls on one line`).toBeLessThanOrEqual(1);
    expect(r.clipped, `${where}: ${r.name} cuts no control's text`).toEqual([]);
  }
}

async function expectSelectedLineVisible(app: AppPage, where: string) {
  // After a resize the editor lays out and places the note again: wait for both to be drawn.
  await expect(app.source.monacoHost.getByTestId('step-note'), `${where}: the note is drawn`).toBeVisible();
  // Monaco may lay out once more (and draw the highlight anew) between two reads, so everything is
  // measured in one read of the page, and read again until a settled layout passes.
  await expect(async () => {
    const m = await app.source.monacoHost.evaluate((host) => {
      const rect = (el: Element | null | undefined) => {
        const r = el?.getBoundingClientRect();
        return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : { x: 0, y: 0, width: 0, height: 0 };
      };
      const highlight = host.querySelector<HTMLElement>('.view-overlays .ts-line-highlight');
      // The highlight band spans the scrollable width; the line's text is what must be in view.
      const band = highlight?.parentElement;
      const row = band ? [...host.querySelectorAll<HTMLElement>('.view-lines > .view-line')].find((l) => l.style.top === band.style.top) : undefined;
      const note = host.querySelector<HTMLElement>('[data-testid="step-note"]');
      return {
        editor: rect(host),
        line: rect(highlight),
        text: rect(row?.firstElementChild),
        note: rect(note),
        // The note's text is not cut: its box holds all of it.
        cut: note ? note.scrollWidth > note.clientWidth + 1 || note.scrollHeight > note.clientHeight + 1 : true
      };
    });
    const { editor, line, text, note } = m;
    expect(line.height, `${where}: the selected line is drawn`).toBeGreaterThan(0);
    expect(text.width, `${where}: the selected line has text`).toBeGreaterThan(0);
    expect(inside(text, editor), `${where}: the selected line's text ${JSON.stringify(text)} is inside the editor ${JSON.stringify(editor)}`).toBe(true);
    expect(inside(note, editor), `${where}: its note ${JSON.stringify(note)} is inside the editor`).toBe(true);
    // Not at the edge: the line sits below the top tenth and above the horizontal scrollbar.
    expect(line.y - editor.y, `${where}: not at the top edge`).toBeGreaterThan(editor.height * 0.1);
    expect(editor.y + editor.height - (note.y + note.height), `${where}: clear of the scrollbar`).toBeGreaterThan(14);
    expect(m.cut, `${where}: the note shows all its text`).toBe(false);
  }).toPass({ timeout: 10_000 });
}

async function expectNamesWhole(app: AppPage, where: string) {
  const cut = await app.timeline.listbox.evaluate((list) =>
    [...list.querySelectorAll<HTMLElement>('[role="option"] span')].filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)
  );
  expect(cut, `${where}: Command names and their tags are shown whole`).toEqual([]);
}

/** At one size: the source has more than half the width, nothing wraps or is cut, the selected line shows. */
async function checkAt(page: Page, app: AppPage, width: number, height: number, where: string) {
  await page.setViewportSize({ width, height });
  // The selected line is placed again when the pane changes size; give the layout a frame.
  await expect.poll(async () => (await box(app.source.monacoHost)).width).toBeGreaterThan(width * 0.5);
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  await expectNoWrap(page, where);
  await expectNamesWhole(app, where);
  await expectSelectedLineVisible(app, where);
}

test('the first screen and the fixed screen at 1440×900, 1280×720 and 1024×768', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  const replay = new ReplayPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await app.source.waitForMonaco();
  await expect(app.source.monacoHost.getByTestId('step-note')).toContainText('total: 0', { timeout: 15_000 });

  for (const [width, height] of SIZES) {
    const where = `${width}×${height}`;
    await checkAt(page, app, width, height, where);
    // The step list no taller than its rows need.
    const list = await box(app.timeline.listbox);
    expect(list.height, `${where}: three rows, no empty list`).toBeLessThan(3 * 26 + 8);
    await shootThemes(page, `${width}x${height}-first-screen.png`);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await replay.replaceEditorText(FIXED);
  await replay.run();
  await replay.expectVerdict('Fixed');
  await page.keyboard.press('End');
  for (const [width, height] of SIZES) {
    await checkAt(page, app, width, height, `${width}×${height} after the fix`);
    await shootThemes(page, `${width}x${height}-fixed.png`);
  }

  await page.keyboard.press('n');
  await expect(app.narration.region).toBeVisible();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expect.poll(async () => (await box(app.narration.region)).height).toBeLessThanOrEqual(height / 3);
    await expectSelectedLineVisible(app, `${width}×${height} with the narration open`);
    await shootThemes(page, `${width}x${height}-narration.png`);
  }
});
