// The hostile-flow corpus (test/corpus/hostile-flows) in Chromium, through the
// app: each flow is opened with the corpus trace (the app replays it once by
// itself, in the sandbox) and replayed with the Replay button; the banner must give the case's outcome, and the control flow opened
// next must reproduce, so nothing a hostile replay did survives it. No request
// may leave the page (the sink on 127.0.0.1 must hear nothing), no error may
// surface on the page, and the page must still answer. The cases run in a few
// groups, each in one page, so the suite stays quick on two cores.
// The unbounded allocation has a spec of its own (hostile-memory.spec.ts).
import { test, expect } from '@playwright/test';
import { hostileCases, startSink } from '../test/corpus/hostile';
import { HostilePage } from './pages/HostilePage';
import { logRequests } from './support/requests';

const hostile = hostileCases().filter((c) => c.name !== 'benign' && c.expect.verdict !== 'memory');
const GROUPS = 4;

let sink: Awaited<ReturnType<typeof startSink>>;
test.beforeAll(async () => {
  sink = await startSink();
});
test.afterAll(async () => {
  await sink.close();
});

for (let g = 0; g < GROUPS; g++) {
  const group = hostile.filter((_, i) => i % GROUPS === g);
  test(`hostile flows, group ${g + 1}: ${group.map((c) => c.name).join(', ')}`, async ({ page, baseURL }) => {
    test.setTimeout(30_000 + group.length * 8_000);
    const requests = logRequests(page.context(), baseURL!);
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    const hp = new HostilePage(page, sink.origin);
    await hp.app.goto();
    for (const c of group) {
      await test.step(c.name, async () => {
        await hp.open(c);
        await hp.replay.setTimeLimit((c.limits?.timeoutMs ?? 5_000) / 1000);
        await hp.expectOutcome(c);
        await hp.replay.setTimeLimit(5);
        await hp.expectControlReproduces();
      });
    }
    // The page still answers: the shortcuts dialog opens and closes.
    await page.keyboard.press('?');
    await expect(hp.app.shortcutsDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(hp.app.shortcutsDialog).toBeHidden();
    expect(pageErrors).toEqual([]);
    expect(requests.offsite()).toEqual([]);
    expect(sink.requests).toEqual([]);
  });
}
