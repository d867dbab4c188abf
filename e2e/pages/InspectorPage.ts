// The selected step's details: a region named "Step details".
import type { Locator, Page } from '@playwright/test';

export class InspectorPage {
  readonly region: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Step details' });
    this.heading = this.region.getByRole('heading', { level: 2 });
  }

  tab(name: 'Step' | 'Pipeline' | 'Input' | 'Context' | 'Incident'): Locator {
    return this.region.getByRole('tab', { name });
  }
}
