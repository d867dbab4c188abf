// The walkthrough: the presenter's full-screen dialog named "Walkthrough",
// and the audience window's, named "Walkthrough, audience".
import { expect, type Locator, type Page } from '@playwright/test';

export class WalkthroughPage {
  readonly dialog: Locator;
  readonly slide: Locator;
  readonly command: Locator;
  readonly note: Locator;
  readonly outcome: Locator;
  readonly source: Locator;
  readonly focusLine: Locator;
  readonly pipeline: Locator;
  readonly changed: Locator;
  readonly controls: Locator;

  constructor(
    readonly page: Page,
    readonly role: 'presenter' | 'audience' = 'presenter'
  ) {
    this.dialog = page.getByRole('dialog', { name: role === 'presenter' ? 'Walkthrough' : 'Walkthrough, audience', exact: true });
    this.slide = this.dialog.getByRole('article');
    this.command = this.slide.getByRole('heading', { level: 2 });
    this.note = this.slide.getByRole('blockquote');
    this.outcome = this.slide.getByRole('region', { name: 'Outcome' });
    this.source = this.slide.getByRole('region', { name: 'Source' });
    this.focusLine = this.source.locator('li[aria-current="true"]');
    this.pipeline = this.slide.getByRole('region', { name: 'Pipeline value' });
    this.changed = this.pipeline.getByRole('list', { name: 'Changed' });
    this.controls = this.dialog.getByRole('toolbar', { name: 'Walkthrough controls' });
  }

  button(name: string): Locator {
    return this.controls.getByRole('button', { name, exact: true });
  }

  /** The slide shows the step at 1-based `n` (of `total`), whose Command is `command`. */
  async expectAt(n: number, total: number, command: string) {
    await expect(this.slide).toHaveAccessibleName(new RegExp(`: step ${n}, ${command}$`));
    await expect(this.command).toHaveText(command);
    await expect(this.dialog).toContainText(`Step ${n} of ${total}`);
  }

  /** Lines of the pipeline value before or after whose part the step changed. */
  changedLines(side: 'before' | 'after'): Locator {
    return this.pipeline.getByRole('list', { name: side === 'before' ? 'Pipeline before' : 'Pipeline after' }).locator('li[data-changed]');
  }

  /** #walk= in the address, 1-based, or undefined. */
  async hashWalk(): Promise<number | undefined> {
    const raw = new URLSearchParams(new URL(this.page.url()).hash.slice(1)).get('walk');
    return raw === null ? undefined : Number(raw);
  }
}
