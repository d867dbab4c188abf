// The replay controls above the editor, the verdict banner (whatever ended the
// replay: a verdict, a compile or load error, the time limit, out of memory),
// and a way to replace the flow's text in Monaco the way a person would.
import { expect, type Locator, type Page } from '@playwright/test';

export class ReplayPage {
  readonly toolbar: Locator;
  readonly button: Locator;
  readonly verdict: Locator;
  readonly banner: Locator;
  /** the banner for any outcome, with data-verdict naming it ('reproduced', 'flow-error', 'timeout', 'memory', …) */
  readonly outcome: Locator;
  readonly timeLimit: Locator;

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('toolbar', { name: 'Replay' });
    this.button = this.toolbar.getByRole('button', { name: /^Replay/ });
    this.banner = page.getByRole('region', { name: 'Replay verdict' });
    this.verdict = page.getByTestId('verdict');
    this.outcome = page.locator('[data-verdict]');
    this.timeLimit = this.toolbar.getByRole('spinbutton', { name: 'Time limit' });
  }

  async setTimeLimit(seconds: number) {
    await this.timeLimit.fill(String(seconds));
    await expect(this.timeLimit).toHaveValue(String(seconds));
  }

  /** Waits for the banner of a finished replay and returns its kind (data-verdict). */
  async outcomeKind(timeout = 15_000): Promise<string> {
    await expect(this.outcome).toHaveCount(1, { timeout });
    return (await this.outcome.getAttribute('data-verdict')) ?? '';
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
    // Monaco 0.57 takes input through an EditContext, not a textarea: click into the text to focus it
    // (on a line of code: the middle of the editor may be the selected step's note, which is no text).
    await this.page.getByTestId('monaco-host').click({ position: { x: 120, y: 10 } });
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
