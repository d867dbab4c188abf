// The viewer at the sizes people use (1440×900 and 1024×768), measured: the
// waterfall has the room to name its bars, a list scrolled anywhere shows its
// top row whole under the filter box, no header action disappears (what does
// not fit is in a More… menu that works from the keyboard), and no source
// line runs off the pane's right edge. Screenshots of each view in both themes.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { WaterfallPage } from './pages/WaterfallPage';
import { fixture } from './support/files';
import { SIZES, inEachTheme, shootThemes, shootFile } from './support/screenshots';

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  expect(b, 'the element is laid out').not.toBeNull();
  return b!;
};
/** The page at its current size, in both themes: e2e/screenshots/<theme>-<width>x<height>-<name>.png. */
const shot = (page: Page, width: number, height: number, name: string) => shootThemes(page, `${width}x${height}-${name}.png`);

const ITINERARY = fixture('itinerary-parallel-paradox/expected/trace.json');
const ITINERARY_FLOW = fixture('itinerary-parallel-paradox/flow.ts');
const BIG_BATCH = fixture('big-batch/expected/trace.json');
/** The Command steps of the itinerary trace (the two Parallels are bands, named inside). */
const COMMANDS = ['cmdLoadLoyalty', 'cmdSearchFlights', 'cmdHoldSeat', 'cmdQuoteBags', 'cmdPriceTrip'];

interface DrawnLabel {
  step: number;
  text: string;
  x: number;
  y: number;
  width: number;
  inside: boolean;
}

test('the waterfall spans the workspace and names every bar whole, at 1440 and 1024', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  const wf = new WaterfallPage(page);
  await app.goto();
  await app.open(ITINERARY, ITINERARY_FLOW);
  await app.timeline.expectSteps(8);
  await wf.open();
  for (const [width, height] of SIZES) {
    const where = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    await expect.poll(async () => (await box(wf.host)).width, `${where}: the waterfall takes the workspace's width`).toBeGreaterThan(width * 0.9);
    const host = await box(wf.host);
    const view = await wf.view();
    // Every Command's bar is wide enough to see and hit: the shortest, cmdPriceTrip, is 4.31 of 72.3 ms.
    expect(view.pxPerMs * 4.31, `${where}: the shortest bar's width in px`).toBeGreaterThan(48);
    await expect.poll(async () => JSON.parse((await wf.host.getAttribute('data-labels')) ?? '[]').length, `${where}: names drawn`).toBeGreaterThan(0);
    const labels = JSON.parse((await wf.host.getAttribute('data-labels'))!) as DrawnLabel[];
    for (const name of COMMANDS) {
      const named = labels.filter((l) => l.text.replace(/^✕ /, '').startsWith(name));
      expect(named.length, `${where}: ${name} is named whole on the canvas (drawn: ${labels.map((l) => l.text).join(' | ')})`).toBeGreaterThan(0);
    }
    // Shortened only where neither side of the bar is free: the failed try starts at 0 ms and its retry
    // follows it at once, so its name has nowhere else to go (its retry's bar is named in full).
    const cut = labels.filter((l) => l.text.includes('…')).map((l) => l.text);
    expect(cut.filter((t) => !t.startsWith('✕ cmdLoadL')), `${where}: no name is cut that fits`).toEqual([]);
    for (const l of labels) {
      // Inside the canvas, and no two names over each other.
      expect(l.x, `${where}: ${l.text} starts inside the canvas`).toBeGreaterThanOrEqual(0);
      expect(l.x + l.width, `${where}: ${l.text} ends inside the canvas`).toBeLessThanOrEqual(host.width + 0.5);
      for (const m of labels) {
        if (m === l || m.y !== l.y) continue;
        expect(l.x + l.width <= m.x || m.x + m.width <= l.x, `${where}: ${l.text} and ${m.text} do not overlap`).toBe(true);
      }
    }
    // What the canvas says it drew is drawn: the label's middle has text pixels, not just background.
    const outside = labels.find((l) => !l.inside) ?? labels[0]!;
    // In each theme: the canvas is drawn again in the theme's colours.
    await inEachTheme(page, async (theme) => {
      const background = await wf.themeColor('--ts-panel');
      const inked = () =>
        wf.canvas.evaluate(
          (c: HTMLCanvasElement, [x, y, w, bg]) => {
            const scale = c.width / c.clientWidth;
            const data = c.getContext('2d')!.getImageData(Math.round(x * scale), Math.round(y * scale), Math.max(1, Math.round(w * scale)), 1).data;
            let n = 0;
            for (let i = 0; i < data.length; i += 4) if ([0, 1, 2].some((k) => Math.abs(data[i + k]! - bg[k]!) > 40)) n++;
            return n;
          },
          [outside.x + 2, outside.y, outside.width - 4, background] as const
        );
      await expect.poll(inked, `${theme} ${where}: ${outside.text} is drawn where its box says`).toBeGreaterThan(3);
      await shootFile(page, `e2e/screenshots/${theme}-${width}x${height}-viewer-waterfall.png`);
    });
  }
  // Back to the list: the Steps panel returns to its column beside the source.
  await page.keyboard.press('v');
  await expect(app.timeline.listbox).toBeVisible();
  const list = await box(app.timeline.listbox);
  const source = await box(app.source.region);
  expect(list.x + list.width, 'the list sits left of the source again').toBeLessThanOrEqual(source.x + 1);
});

/** The first row that shows in the list is not under the filter box (nor cut by the list's top edge). */
async function expectTopRowWhole(page: Page, app: AppPage, where: string) {
  // Let the scroll the selection asked for (a task after the key press) and its rows land.
  await page.waitForTimeout(150);
  await expect(app.timeline.selected, `${where}: the selected row is shown`).toBeVisible();
  const filter = await box(page.getByRole('searchbox', { name: 'Filter steps' }).locator('..'));
  const list = await box(app.timeline.listbox);
  const rows = await app.timeline.listbox.locator('[role="option"], [data-row]').evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ y: r.y, bottom: r.bottom, text: '' }))
  );
  const top = rows.filter((r) => r.bottom > list.y + 0.5).sort((a, b) => a.y - b.y)[0];
  expect(top, `${where}: a row is in view`).toBeDefined();
  expect(top!.y, `${where}: the top row (${top!.y}–${top!.bottom}) is clear of the filter box (ending at ${filter.y + filter.height})`).toBeGreaterThanOrEqual(filter.y + filter.height - 0.5);
  expect(top!.y, `${where}: the top row is not cut by the list's top edge`).toBeGreaterThanOrEqual(list.y - 0.5);
}

test(`End, a far step and a filter's jump leave the list's top row whole under the filter box`, async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  await app.open(BIG_BATCH);
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', '5002', { timeout: 20_000 });
  for (const [width, height] of SIZES) {
    const where = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    await app.timeline.listbox.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await app.timeline.expectSelected(5002, 'cmdSwapAlias');
    await expectTopRowWhole(page, app, `${where}, End`);
    await shot(page, width, height, 'viewer-list-end');
    await page.keyboard.press('Home');
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
    await expectTopRowWhole(page, app, `${where}, 20 steps down`);
    // A step far down, chosen by the filter: Enter jumps to the match.
    const filter = page.getByRole('searchbox', { name: 'Filter steps' });
    await filter.fill('path:3999');
    await expect(page.getByTestId('filter-count')).toHaveText('1 match');
    await filter.press('Enter');
    await app.timeline.expectSelected(4000);
    await expectTopRowWhole(page, app, `${where}, the filter's jump`);
    await filter.press('Escape');
    // Going back up a row at a time from the end keeps the top whole too.
    await app.timeline.listbox.focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await expectTopRowWhole(page, app, `${where}, End then ↑↑↑`);
  }
});

/** Every header action's name, as a button in the row or an item in More…. */
const ACTIONS: readonly (string | RegExp)[] = ['Compare with…', 'Share', /^Walkthrough/, 'Close', /^Forget/, 'Open', 'Paste', 'URL', /^Theme: /, 'Settings', 'Keyboard shortcuts'];

async function reachableActions(page: Page): Promise<{ inRow: string[]; inMenu: string[] }> {
  const nav = page.getByRole('navigation', { name: 'Open' });
  const inRow = (await nav.getByRole('button').evaluateAll((els) =>
    els.filter((e) => (e as HTMLElement).offsetParent !== null && e.getAttribute('aria-haspopup') !== 'menu').map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? '')
  )) as string[];
  const more = nav.getByRole('button', { name: 'More…' });
  if ((await more.count()) === 0) return { inRow, inMenu: [] };
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More' });
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const inMenu = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more, 'Escape gives the focus back to More…').toBeFocused();
  return { inRow, inMenu };
}

test('every header action is reachable at 1440 and 1024, the overflow menu by keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await AppPage.demo(page, 'replayed');
  for (const [width, height] of SIZES) {
    const where = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    // The bar settles on its measured room.
    await page.waitForTimeout(200);
    const { inRow, inMenu } = await reachableActions(page);
    for (const name of ACTIONS) {
      const found = [...inRow, ...inMenu].some((n) => (typeof name === 'string' ? n === name : name.test(n)));
      expect(found, `${where}: ${String(name)} is in the row (${inRow.join(', ')}) or in More… (${inMenu.join(', ')})`).toBe(true);
    }
    // No action is cut or pushed out of the window.
    const nav = await box(page.getByRole('navigation', { name: 'Open' }));
    expect(nav.x + nav.width, `${where}: the actions end inside the window`).toBeLessThanOrEqual(width + 0.5);
    await expect(page.getByRole('heading', { level: 1 }), `${where}: the flow's name still shows`).toContainText('checkout');
    const name = page.getByRole('heading', { level: 1 }).locator('span').first();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${where}: the flow's name is not cut`).toBe(true);
    await shot(page, width, height, 'viewer-header');
  }

  // At 1024 px some actions are in More…: they work from there by keyboard.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(200);
  const more = page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'More…' });
  await expect(more, 'at 1024 px something overflows into More…').toBeVisible();
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'More' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem').last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').first(), '↓ from the last wraps to the first').toBeFocused();
  await shot(page, 1024, 768, 'viewer-header-more');
  // Compare with… from the menu asks for the other trace's file, as the row's button does.
  const compare = menu.getByRole('menuitem', { name: 'Compare with…' });
  await compare.focus();
  // The file input it opens is watched rather than a chooser awaited: under load the chooser event came late.
  await page.getByLabel('Trace to compare with').evaluate((input) => input.addEventListener('click', () => input.setAttribute('data-picked', 'yes')));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Trace to compare with'), 'Compare with… from the menu opens its file picker').toHaveAttribute('data-picked', 'yes');
  await expect(more, 'the focus is back on More…').toBeFocused();
  // The walkthrough, chosen in the menu by keyboard, opens.
  await more.focus();
  await page.keyboard.press('Enter');
  const walkthrough = menu.getByRole('menuitem', { name: /^Walkthrough/ });
  await expect(walkthrough).toBeVisible();
  for (let i = 0; i < 10 && !(await walkthrough.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  // The keys the menu handled did not move the step selection (the walkthrough then opens on step 1, its own rule).
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: /walkthrough/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /walkthrough/i })).toBeHidden();
});

test(`no source line runs off the pane's right edge at 1440 and 1024`, async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = new AppPage(page);
  await app.goto();
  await app.open(ITINERARY, ITINERARY_FLOW);
  await app.timeline.expectSteps(8);
  await app.source.waitForMonaco();
  for (const [width, height] of SIZES) {
    const where = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    // The flow's longest line (pricing.quote(…)): the end of its text is on screen, inside the editor.
    const editor = await box(app.source.monacoHost.locator('.monaco-scrollable-element.editor-scrollable'));
    // Its last characters, "discount });", wherever the line wraps (Monaco writes spaces as U+00A0).
    const endOfLongLine = () =>
      app.source.monacoHost.evaluate((host) => {
        const rows = [...host.querySelectorAll<HTMLElement>('.view-lines .view-line')].filter((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ').includes('discount });'));
        const spans = rows.length ? [...rows[0]!.querySelectorAll<HTMLElement>('span span')] : [];
        return spans.length ? Math.max(...spans.map((sp) => sp.getBoundingClientRect().right)) : -1;
      });
    await expect.poll(endOfLongLine, `${where}: the long line's end is rendered`).toBeGreaterThan(0);
    const lineEnd = await endOfLongLine();
    expect(lineEnd, `${where}: the long line's end (${lineEnd}) is inside the editor (${editor.x + editor.width})`).toBeLessThanOrEqual(editor.x + editor.width + 0.5);
    // And no line in view is cut: every rendered text span ends inside the editor.
    const cut = await app.source.monacoHost.evaluate((host, right) => {
      return [...host.querySelectorAll<HTMLElement>('.view-lines .view-line > span')].filter((s) => s.getBoundingClientRect().right > right + 0.5).map((s) => s.textContent);
    }, editor.x + editor.width);
    expect(cut, `${where}: lines cut at the right`).toEqual([]);
    await shot(page, width, height, 'viewer-source');
  }
});
