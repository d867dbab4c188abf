// The flow source pane: file tabs, then Monaco (after it loads) or the plain fallback.
import { expect, type Locator, type Page } from '@playwright/test';

export interface HighlightedLine {
  /** the number Monaco prints in the gutter for the highlighted row */
  readonly number: number;
  /** the highlighted row's text, spaces normalised */
  readonly text: string;
  /** whether the highlight carries the error tone */
  readonly error: boolean;
}

export class SourcePage {
  readonly region: Locator;
  readonly tabs: Locator;
  readonly monacoHost: Locator;
  /** the editor's tabpanel once Monaco has replaced the fallback */
  readonly monacoPanel: Locator;
  readonly fallback: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Source', exact: true });
    this.tabs = this.region.getByRole('tablist', { name: 'Source files' });
    this.monacoHost = page.getByTestId('monaco-host');
    this.monacoPanel = this.region.locator('[role="tabpanel"][data-editor="monaco"]');
    this.fallback = page.getByTestId('source-fallback');
  }

  fileTab(name: string): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  async waitForMonaco() {
    await expect(this.monacoPanel).toBeVisible({ timeout: 20_000 });
    await expect(this.monacoHost.locator('.monaco-editor .view-lines .view-line').first()).toBeVisible({ timeout: 20_000 });
  }

  /**
   * The row Monaco highlights, read from its DOM. Monaco renders only the rows in view, each layer
   * (overlays with our decoration, the text, the gutter numbers) as absolutely positioned rows that
   * share the same `top`. So: find the overlay row holding `.ts-line-highlight`, then the text row
   * and the gutter row with the same `top`. The gutter number is the real line number, independent
   * of scrolling; the text proves it is the right line. Null while nothing is highlighted.
   */
  async highlightedLine(): Promise<HighlightedLine | null> {
    return this.monacoHost.evaluate((host) => {
      const editor = host.querySelector('.monaco-editor');
      const hl = editor?.querySelector<HTMLElement>('.view-overlays .ts-line-highlight');
      const row = hl?.parentElement;
      if (!editor || !hl || !row) return null;
      const top = row.style.top;
      const textRow = [...editor.querySelectorAll<HTMLElement>('.view-lines > .view-line')].find((l) => l.style.top === top);
      const marginRow = [...editor.querySelectorAll<HTMLElement>('.margin-view-overlays > div')].find((d) => d.style.top === top);
      const number = Number(marginRow?.querySelector('.line-numbers')?.textContent?.trim());
      const text = (textRow?.textContent ?? '').replace(/\u00a0/g, ' ');
      return { number, text, error: hl.classList.contains('ts-line-highlight-error') };
    });
  }

  /** The text Monaco shows on line `line` (with anything injected after it), or null when that row is not rendered. */
  async monacoLineText(line: number): Promise<string | null> {
    return this.monacoHost.evaluate((host, line) => {
      const editor = host.querySelector('.monaco-editor');
      if (!editor) return null;
      // Lines wrap to the pane: a line's text is its first row's and the rows after it that carry no number.
      const top = (d: HTMLElement) => parseFloat(d.style.top);
      const margins = [...editor.querySelectorAll<HTMLElement>('.margin-view-overlays > div')].sort((x, y) => top(x) - top(y));
      const at = margins.findIndex((d) => d.querySelector('.line-numbers')?.textContent?.trim() === String(line));
      if (at < 0) return null;
      const tops = [top(margins[at]!)];
      for (let i = at + 1; i < margins.length && !margins[i]!.querySelector('.line-numbers')?.textContent?.trim(); i++) tops.push(top(margins[i]!));
      const rows = [...editor.querySelectorAll<HTMLElement>('.view-lines > .view-line')].filter((l) => tops.includes(top(l))).sort((x, y) => top(x) - top(y));
      return rows.length ? rows.map((r) => (r.textContent ?? '').replace(/\u00a0/g, ' ')).join('') : null;
    }, line);
  }

  /** Same for the plain-text fallback (before Monaco loads). */
  fallbackHighlight(): Locator {
    return this.fallback.locator('[data-line][data-highlight]');
  }
}
