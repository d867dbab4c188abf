// The replay controls above the editor, the verdict banner, and a way to
// replace the flow's text in Monaco the way a person would (select all, paste).
import { expect, type Locator, type Page } from '@playwright/test';

export class ReplayPage {
  readonly toolbar: Locator;
  readonly button: Locator;
  readonly verdict: Locator;
  readonly banner: Locator;

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('toolbar', { name: 'Replay' });
    this.button = this.toolbar.getByRole('button', { name: /^Replay/ });
    this.banner = page.getByRole('region', { name: 'Replay verdict' });
    this.verdict = page.getByTestId('verdict');
  }

  async run() {
    await this.button.click();
  }

  async expectVerdict(title: string) {
    await expect(this.verdict).toHaveText(title, { timeout: 15_000 });
  }

  /** Replaces the shown file's text in Monaco through the clipboard, as a person pasting a fix would. */
  async replaceEditorText(text: string) {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    // Monaco 0.57 takes input through an EditContext, not a textarea: click into the text to focus it.
    await this.page.locator('[data-testid="monaco-host"] .monaco-editor .view-lines').first().click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  /** The edits kept for the open trace, straight from local storage. */
  async storedEdits(): Promise<Record<string, string>> {
    return this.page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('timescope.edits.'));
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>) : {};
    });
  }
}
