// The step list: a listbox named "Steps" whose options are the recorded steps.
import { expect, type Locator, type Page } from '@playwright/test';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class TimelinePage {
  readonly listbox: Locator;
  readonly options: Locator;
  readonly selected: Locator;

  constructor(readonly page: Page) {
    this.listbox = page.getByRole('listbox', { name: 'Steps' });
    this.options = this.listbox.getByRole('option');
    this.selected = this.listbox.getByRole('option', { selected: true });
  }

  /** Options whose accessible name begins with `command` followed by a comma (so cmdA never matches cmdAB). */
  option(command: string): Locator {
    return this.listbox.getByRole('option', { name: new RegExp(`^${escape(command)},`) });
  }

  /** The option at 1-based position `n` in the whole trace (aria-posinset), when it is rendered. */
  optionAt(n: number): Locator {
    return this.listbox.locator(`[role="option"][aria-posinset="${n}"]`);
  }

  async expectSteps(count: number) {
    await expect(this.options).toHaveCount(count);
  }

  /** The selected option is the step at 1-based `n` and its name starts with `command`. */
  async expectSelected(n: number, command?: string) {
    await expect(this.selected).toHaveCount(1);
    await expect(this.selected).toHaveAttribute('aria-posinset', String(n));
    if (command) await expect(this.selected).toHaveAccessibleName(new RegExp(`^${escape(command)},`));
    // The details show step n too before a test acts in them (a note, What if…): they render in the
    // list's commit, and this keeps a test honest should they ever trail it again.
    const details = this.page.getByRole('region', { name: 'Step details' });
    if ((await details.count()) === 1) await expect(details).toHaveAttribute('data-step', String(n));
  }
}
