// The narration drawer (press n): the recording told the way timeTravel prints it.
import type { Locator, Page } from '@playwright/test';

export class NarrationPage {
  readonly region: Locator;
  readonly text: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Narration' });
    this.text = this.region.getByLabel('Narration text');
  }

  /** The lines are virtualized: scroll to the end so the last lines are rendered. */
  async scrollToEnd() {
    await this.text.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
  }

  line(text: string): Locator {
    return this.text.getByText(text, { exact: true });
  }
}
