// Logpoints in the source pane (a ◆ beside a line number, the value after the code, the input under
// the line) and the Logs panel in the drawer under the workspace.
import { expect, type Locator, type Page } from '@playwright/test';
import { SourcePage } from './SourcePage';

export class LogpointsPage {
  readonly host: Locator;
  readonly panel: Locator;
  readonly rows: Locator;
  readonly filter: Locator;
  readonly hover: Locator;
  readonly refusal: Locator;
  readonly source: SourcePage;

  constructor(readonly page: Page) {
    this.source = new SourcePage(page);
    this.host = page.getByTestId('monaco-host');
    this.panel = page.getByRole('region', { name: 'Logs', exact: true });
    this.rows = this.panel.getByTestId('log-row');
    this.filter = this.panel.getByRole('searchbox', { name: 'Filter logs' });
    this.hover = page.getByTestId('value-hover');
    this.refusal = page.getByTestId('logpoint-refusal');
  }

  /** The input a logpoint's expression is typed into, for `line` of flow.ts. */
  input(line: number, file = 'flow.ts'): Locator {
    return this.page.getByRole('textbox', { name: `Logpoint expression for ${file} line ${line}` });
  }

  /** The summaries after the logpoints' lines, in line order, as Monaco renders them. */
  badges(): Locator {
    return this.host.locator('.ts-lp-badge');
  }

  /**
   * The summary after line `line`'s code ('◆ total = 0 · 1 hit'), read whole though Monaco wraps it
   * over rows; null when the line has none or is not rendered.
   */
  async summary(line: number): Promise<string | null> {
    const text = await this.source.monacoLineText(line);
    const at = text?.indexOf('◆') ?? -1;
    return text && at >= 0 ? text.slice(at).replace(/\s+/g, ' ').trim() : null;
  }

  /** The rectangle of line `line`'s row in the gutter (its line number), scrolled into view first. */
  async gutterRow(line: number): Promise<{ x: number; y: number; width: number; height: number }> {
    await expect
      .poll(() => this.host.evaluate((host, n) => [...host.querySelectorAll('.margin-view-overlays .line-numbers')].some((d) => d.textContent?.trim() === String(n)), line))
      .toBe(true);
    const rowOf = () =>
      this.host.evaluate(async (host, n) => {
        // Two frames first: an edit's view zones and scroll settle in the frames after it.
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const num = [...host.querySelectorAll<HTMLElement>('.margin-view-overlays .line-numbers')].find((d) => d.textContent?.trim() === String(n));
        const row = num?.parentElement?.getBoundingClientRect();
        return row ? { x: row.x, y: row.y, width: row.width, height: row.height } : undefined;
      }, line);
    // Where the row stays: a busy machine laid out a zone above it between reading and clicking.
    let row = await rowOf();
    await expect
      .poll(async () => {
        const before = row;
        row = await rowOf();
        return row !== undefined && JSON.stringify(row) === JSON.stringify(before);
      }, { message: `line ${line}'s gutter row stays put` })
      .toBe(true);
    return row!;
  }

  /** Clicks beside line `line`'s number (the gutter's logpoint lane), as a person adding or removing one does. */
  async clickGutter(line: number) {
    const row = await this.gutterRow(line);
    const margin = await this.host.locator('.margin').first().boundingBox();
    // The lane between the line numbers and the text: the margin's last 14 px.
    await this.page.mouse.click(margin!.x + margin!.width - 8, row.y + row.height / 2);
  }

  /** Puts the cursor on line `line` with the keyboard (Monaco's Go to Line). */
  async goToLine(line: number) {
    await this.page.keyboard.press('Control+G');
    const box = this.page.locator('.quick-input-widget input');
    await expect(box).toBeFocused();
    await this.page.keyboard.type(String(line));
    await this.page.keyboard.press('Enter');
    await expect(box).not.toBeFocused();
  }

  /** Hovers the first `word` on line `line` of the shown file. */
  async hoverWord(line: number, word: string) {
    const box = await this.host.evaluate(
      (host, [n, w]) => {
        const editor = host.querySelector('.monaco-editor')!;
        const top = (d: HTMLElement) => parseFloat(d.style.top);
        // A wrapped line's rows: its numbered row and the unnumbered ones after it.
        const margins = [...editor.querySelectorAll<HTMLElement>('.margin-view-overlays > div')].sort((a, b) => top(a) - top(b));
        const at = margins.findIndex((d) => d.querySelector('.line-numbers')?.textContent?.trim() === String(n));
        if (at < 0) return null;
        const tops = [top(margins[at]!)];
        for (let i = at + 1; i < margins.length && !margins[i]!.querySelector('.line-numbers')?.textContent?.trim(); i++) tops.push(top(margins[i]!));
        for (const row of [...editor.querySelectorAll<HTMLElement>('.view-lines > .view-line')].filter((l) => tops.includes(top(l)))) {
          const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = (node.textContent ?? '').replace(/\u00a0/g, ' ');
            const hit = text.search(new RegExp(`\\b${w as string}\\b`));
            if (hit < 0) continue;
            const range = document.createRange();
            range.setStart(node, hit);
            range.setEnd(node, hit + (w as string).length);
            const r = range.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
          }
        }
        return null;
      },
      [line, word] as const
    );
    if (!box) throw new Error(`'${word}' is not on the rendered line ${line}`);
    await this.page.mouse.move(box.x - 30, box.y);
    await this.page.mouse.move(box.x, box.y, { steps: 3 });
  }

  /** The logpoints kept for the open trace, straight from local storage. */
  async stored(): Promise<{ file: string; line: number; expr: string }[]> {
    return this.page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('timescope.logpoints.'));
      const saved = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { points?: { file: string; line: number; expr: string }[] }) : {};
      return (saved.points ?? []).map(({ file, line, expr }) => ({ file, line, expr }));
    });
  }

  /** How many replays the app has started for this trace (the Replay toolbar's data-replays). */
  async replays(): Promise<number> {
    return Number(await this.page.getByRole('toolbar', { name: 'Replay' }).locator('xpath=..').getAttribute('data-replays'));
  }
}
