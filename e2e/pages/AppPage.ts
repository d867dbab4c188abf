// The whole app: how things are opened, and the parts every journey shares.
import { expect, type Locator, type Page } from '@playwright/test';
import { TimelinePage } from './TimelinePage';
import { InspectorPage } from './InspectorPage';
import { SourcePage } from './SourcePage';
import { NarrationPage } from './NarrationPage';

export interface FilePayload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/**
 * How far the demo incident must have come before a journey goes on; each includes the ones before:
 * its 3 steps listed, the failing charge selected, its replay on load settled (reproduced), the
 * editor shown.
 */
export type DemoReady = 'listed' | 'selected' | 'replayed' | 'editor';
const DEMO_LEVELS: readonly DemoReady[] = ['listed', 'selected', 'replayed', 'editor'];

export class AppPage {
  readonly timeline: TimelinePage;
  readonly inspector: InspectorPage;
  readonly source: SourcePage;
  readonly narration: NarrationPage;
  readonly fileInput: Locator;
  /** the polite live region that announces the selected step */
  readonly status: Locator;
  readonly emptyHeading: Locator;
  readonly warnings: Locator;
  readonly shortcutsDialog: Locator;
  readonly pasteDialog: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.timeline = new TimelinePage(page);
    this.inspector = new InspectorPage(page);
    this.source = new SourcePage(page);
    this.narration = new NarrationPage(page);
    this.fileInput = page.getByLabel('Open trace or source files');
    // Monaco adds aria-live nodes of its own, but none with role=status: this one is the app's.
    this.status = page.getByRole('status');
    this.emptyHeading = page.getByRole('heading', { name: 'Drop a pure-effect trace here' });
    this.warnings = page.getByRole('list', { name: 'Trace warnings' });
    this.shortcutsDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.pasteDialog = page.getByRole('dialog', { name: 'Paste a trace or flow source' });
    this.progress = page.getByRole('progressbar', { name: 'Loading the trace' });
  }

  async goto(path = '/') {
    await this.page.goto(path);
  }

  /** A fresh page's demo incident, opened from the empty screen as a person does. */
  static async demo(page: Page, ready: DemoReady = 'selected'): Promise<AppPage> {
    const app = new AppPage(page);
    await app.openDemo(ready);
    return app;
  }

  async openDemo(ready: DemoReady = 'selected') {
    const upTo = (level: DemoReady) => DEMO_LEVELS.indexOf(ready) >= DEMO_LEVELS.indexOf(level);
    await this.goto();
    await this.page.getByRole('button', { name: /^Try the demo incident/ }).click();
    await this.timeline.expectSteps(3);
    if (upTo('selected')) await this.timeline.expectSelected(3, 'cmdChargeCard');
    if (upTo('replayed')) await expect(this.page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 30_000 });
    if (upTo('editor')) await this.source.waitForMonaco();
  }

  /** Opens files (paths or in-memory payloads) through the hidden file input, as the Open button does. */
  async open(...files: (string | FilePayload)[]) {
    await this.fileInput.setInputFiles(files as string[] | FilePayload[]);
  }

  /** The load error for `fileName`. Monaco has role=alert nodes too, so always by name. */
  loadError(fileName: string): Locator {
    return this.page.getByRole('alert', { name: `Could not open ${fileName}` });
  }

  headerButton(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name, exact: true });
  }

  /** The selected step, as the URL fragment has it (1-based), or undefined. */
  async hashStep(): Promise<number | undefined> {
    const hash = new URL(this.page.url()).hash.slice(1);
    const raw = new URLSearchParams(hash).get('step');
    return raw === null ? undefined : Number(raw);
  }

  async expectAnnounced(text: string | RegExp) {
    await expect(this.status).toHaveText(text);
  }
}
