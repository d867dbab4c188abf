// The corpus's unbounded allocation (alloc-unbounded) in Chromium: the flow
// fills the memory of its sandbox frame's process until that process dies.
// The tab must survive it, say what happened, and replay again in a fresh
// sandbox.
//
// Playwright's Page reports "Page crashed" when any of its frames' renderers
// crashes, even an out-of-process iframe's, and is unusable from then on. So
// this spec launches its own Chromium with a remote-debugging port as well,
// and once the sandbox has died, connects a second time over CDP: that
// connection attaches to the page as it now is, and the rest of the test
// drives the surviving tab through it.
import net from 'node:net';
import { test, expect, chromium, type Page } from '@playwright/test';
import { hostileCases, startSink } from '../test/corpus/hostile';
import { HostilePage } from './pages/HostilePage';
import { TimelinePage } from './pages/TimelinePage';
import { ReplayPage } from './pages/ReplayPage';
import { fixture } from './support/files';
import { logRequests } from './support/requests';
import { shootSizes } from './support/screenshots';

/**
 * The full browser, not the headless shell the other specs use: a second CDP connection to the shell
 * does not list the first connection's context, so the surviving tab could not be found.
 */
const FULL_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** V8's old-space limit in this spec's browser, in MB (see the test's first comment). */
const HEAP_MB = 512;

const alloc = hostileCases().find((c) => c.name === 'alloc-unbounded')!;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function screenshots(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shootSizes(page, theme, name);
  }
}

test('a flow that allocates without bound kills only its sandbox: the tab survives, says so, and replays again', async ({ launchOptions, baseURL }) => {
  // Filling the sandbox process's heap took ~20 s alone at V8's default limit (4 GB here), and over a
  // minute on a loaded machine, with garbage collection thrashing near the top. This browser's V8
  // heaps are capped at 512 MB instead, as a machine with less memory caps them: the process still
  // dies of memory, as it does at any limit, in a few seconds. The time limit is set to its most
  // first, so the process dies of memory before the limit ends, however loaded the machine.
  test.setTimeout(200_000);
  const sink = await startSink();
  const port = await freePort();
  const browser = await chromium.launch({ ...launchOptions, executablePath: FULL_BROWSER, args: [...(launchOptions.args ?? []), `--remote-debugging-port=${port}`, `--js-flags=--max-old-space-size=${HEAP_MB}`] });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const requests = logRequests(context, baseURL!);
    const hp = new HostilePage(page, sink.origin);
    await hp.app.goto();
    // The hostile flow goes in as a new version of the open incident's flow, so it waits for Replay:
    // at 512 MB a first drop's own replay on load could fill the sandbox before the time limit is set.
    await hp.open(hp.control);
    await hp.open(alloc);
    await hp.replay.setTimeLimit(Math.max(120, alloc.limits!.timeoutMs! / 1000));
    const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
    const started = Date.now();
    await hp.replay.run();
    await crashed;
    const crashedAfter = Date.now() - started;
    expect(requests.offsite()).toEqual([]);

    // The first connection's Page is unusable now; the tab is not.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const tab = cdp.contexts().flatMap((c) => c.pages()).find((p) => p.url().startsWith(baseURL!));
      expect(tab, 'the tab is still there').toBeDefined();
      const survivor = new HostilePage(tab!, sink.origin);
      const pageErrors: string[] = [];
      tab!.on('pageerror', (e) => pageErrors.push(e.message));
      expect(await survivor.replay.outcomeKind(15_000)).toBe('memory');
      await expect(survivor.replay.outcome).toContainText('Out of memory');
      await expect(survivor.replay.outcome).toContainText("The replay's sandbox stopped: the flow's code most likely used up its memory");
      test.info().annotations.push({ type: 'timing', description: `sandbox died ${crashedAfter} ms after Replay; reported ${Date.now() - started} ms after` });
      await screenshots(tab!, 'replay-out-of-memory');

      // The next replay of an unchanged flow gives the right verdict, in a fresh sandbox.
      await survivor.replay.setTimeLimit(5);
      await survivor.expectControlReproduces();

      // And the app answers: another trace opens, j moves to the next step, Replay still works.
      const timeline = new TimelinePage(tab!);
      await survivor.app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
      await timeline.expectSteps(3);
      await timeline.expectSelected(3, 'cmdChargeCard');
      await tab!.keyboard.press('k');
      await timeline.expectSelected(2, 'cmdValidatePromo');
      const replay = new ReplayPage(tab!);
      await replay.run();
      await replay.expectVerdict('Reproduced');
      expect(pageErrors).toEqual([]);
      expect(sink.requests).toEqual([]);
    } finally {
      await cdp.close();
    }
  } finally {
    await browser.close();
    await sink.close();
  }
});
