// A hostile-corpus case in the app: open its flow with the corpus trace,
// replay it, and check the banner against what case.json expects; then the
// control flow, which must reproduce.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { hostileCases, HOSTILE_TRACE, type HostileCase } from '../../test/corpus/hostile';
import { AppPage } from './AppPage';
import { ReplayPage } from './ReplayPage';

const TRACE = readFileSync(HOSTILE_TRACE);

/** The banner's data-verdict for each outcome the corpus names. */
const KIND = { success: 'reproduced', 'flow-error': 'flow-error', 'load-error': 'load-error', 'compile-error': 'compile-error', timeout: 'timeout', memory: 'memory' } as const;

export class HostilePage {
  readonly app: AppPage;
  readonly replay: ReplayPage;
  readonly control: HostileCase;

  constructor(
    readonly page: Page,
    /** the sink server's origin, in place of __SINK__ */
    readonly sink: string
  ) {
    this.app = new AppPage(page);
    this.replay = new ReplayPage(page);
    this.control = hostileCases().find((c) => c.name === 'benign')!;
  }

  /**
   * Opens the case's flow with the trace. Dropped files are the person's own, so the app replays them
   * once by itself, in the sandbox, under the current time limit (set here first when a trace is open).
   * Waits for that replay to finish, so Replay is pressed on a quiet page.
   */
  async open(c: HostileCase) {
    const toolbar = this.page.locator('[data-auto-replay]');
    const before = (await toolbar.count()) ? await toolbar.getAttribute('data-generation') : null;
    if (before !== null) await this.replay.setTimeLimit((c.limits?.timeoutMs ?? 5_000) / 1000);
    await this.app.open(
      { name: 'trace.json', mimeType: 'application/json', buffer: TRACE },
      { name: 'flow.js', mimeType: 'text/javascript', buffer: Buffer.from(c.source(this.sink)) }
    );
    await expect(this.page.getByRole('tab', { name: 'flow.js', exact: true })).toBeVisible();
    const fresh = before === null ? this.page.locator('[data-auto-replay="settled"]') : this.page.locator(`[data-auto-replay="settled"]:not([data-generation="${before}"])`);
    await expect(fresh, `${c.name}: the replay on load finishes`).toHaveCount(1, { timeout: 20_000 });
  }

  /** Presses Replay and checks the banner: its kind, and the name, message and line case.json gives. */
  async expectOutcome(c: HostileCase, timeout = 30_000) {
    await this.replay.run();
    const want = c.expect;
    const kind = await this.replay.outcomeKind(timeout);
    expect(kind, `${c.name}: ${await this.replay.outcome.textContent()}`).toBe(KIND[want.verdict]);
    if (want.name !== undefined) await expect(this.replay.outcome).toContainText(want.name);
    if (want.message !== undefined) await expect(this.replay.outcome).toContainText(want.message);
    // A flow error shows "at flow.js:10:5"; a compile or load error "flow.js:10:5: " or "flow.js:4: ".
    if (want.line !== undefined) await expect(this.replay.outcome).toContainText(new RegExp(`flow\\.js:${want.line}\\b`));
    // An attempt the flow swallowed is still named under the verdict, with its line.
    if (want.refused) {
      const refused = this.page.getByRole('list', { name: 'Refused by the sandbox' });
      await expect(refused).toContainText(want.refused.message);
      await expect(refused).toContainText(new RegExp(`flow\\.js:${want.refused.line}\\b`));
    }
    if (want.value !== undefined) await expect(this.replay.banner).toContainText(JSON.stringify(want.value).slice(1, -1));
  }

  /** The control flow, opened and replayed: Reproduced, with its value. */
  async expectControlReproduces() {
    await this.open(this.control);
    await this.replay.run();
    await this.replay.expectVerdict('Reproduced');
    await expect(this.replay.banner).toContainText(`same outcome as production: Success ${JSON.stringify(this.control.expect.value)}`);
  }
}
