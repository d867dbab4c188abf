// The selected step's details: a region named "Step details".
import { expect, type Locator, type Page } from '@playwright/test';

export class InspectorPage {
  readonly region: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Step details' });
    this.heading = this.region.getByRole('heading', { level: 2 });
  }

  /**
   * Step n's note field (1-based), once the details show step n. They follow the list's selection a
   * paint later (useSelectedAfterPaint), so a note typed as soon as the list moved can land on the
   * step the details still showed: a busy CI machine did exactly that.
   */
  async stepNote(n: number): Promise<Locator> {
    await expect(this.region).toHaveAttribute('data-step', String(n));
    return this.region.getByRole('textbox', { name: 'Step note' });
  }

  tab(name: 'Step' | 'Pipeline' | 'Input' | 'Context' | 'Incident'): Locator {
    return this.region.getByRole('tab', { name });
  }
}
