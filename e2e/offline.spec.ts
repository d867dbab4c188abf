// Offline after the first visit: the service worker (vite-plugin-pwa's
// Workbox precache, vite.config.ts) has the whole build, so with the network
// cut the app opens, the demo incident opens and replays in the sandbox frame
// (sandbox.html served from the cache, still under its own policy), and a
// dropped trace opens.
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

// Service workers need a context that allows them (playwright.config.ts blocks them elsewhere), and a
// fresh one per test: a reused context (the config's reuseContext) keeps Cache Storage, where the
// precache lives, and the network state setOffline leaves.
test.use({ serviceWorkers: 'allow', reuseContext: false });

/** The first visit: wait until the service worker is active and its precache is complete, then take control by a reload. */
async function firstVisit(page: Page) {
  await page.goto('/');
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
  // `ready` resolves once the worker is active, which is after its install (the precache) finished.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    let n = 0;
    for (const name of names) n += (await (await caches.open(name)).keys()).length;
    return n;
  });
  expect(cached).toBeGreaterThan(10);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Drop a pure-effect trace here' })).toBeVisible();
  // The network is cut: a request the precache cannot answer fails. (navigator.onLine would say so
  // too, but Chromium 150 reports true again in the reloaded document while the network stays cut.)
  const uncached = await page.evaluate(async () => {
    try {
      return `answered ${(await fetch(`/not-in-the-precache-${Date.now()}.json`)).status}`;
    } catch {
      return 'refused';
    }
  });
  expect(uncached).toBe('refused');
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('after one visit, the app opens offline and the demo incident replays in the sandbox', async ({ page, context }) => {
  await firstVisit(page);
  await goOffline(context, page);
  const app = new AppPage(page);
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  // The replay on load ran in the sandbox frame, from the cache.
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  // Monaco and its workers came from the cache too.
  await app.source.waitForMonaco();
  // The sandbox frame is still an opaque origin under its policy: its document cannot reach the page.
  const frame = page.frames().find((f) => f.url().endsWith('/sandbox.html'));
  expect(frame, 'the replay sandbox frame').toBeTruthy();
  expect(await frame!.evaluate(() => self.origin)).toBe('null');
  expect(await frame!.evaluate(() => Boolean(document.querySelector('meta[http-equiv="Content-Security-Policy"]')))).toBe(true);
  // A fetch is refused by its policy (connect-src 'none'), not merely by the cut network.
  const fetched = await frame!.evaluate(async () => {
    let violated = '';
    document.addEventListener('securitypolicyviolation', (e) => (violated = e.violatedDirective));
    try {
      await fetch('/demo/flow.ts');
    } catch {
      // refused
    }
    await new Promise((r) => setTimeout(r, 100));
    return violated;
  });
  expect(fetched).toBe('connect-src');
});

test('after one visit, a dropped trace opens offline', async ({ page, context }) => {
  await firstVisit(page);
  await goOffline(context, page);
  const app = new AppPage(page);
  await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
  await app.timeline.expectSteps(3);
  await page.keyboard.press('e');
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await app.source.waitForMonaco();
});

test('after one visit, the dialogs that load on first use open offline: share, post-mortem, regression test, walkthrough', async ({ page, context }) => {
  // Their code is in chunks of its own (app/dialogs/LazyDialogs.tsx, panels/walkthrough), fetched only when
  // one first opens: the precache must hold them, or they would fail to load with the network cut.
  await firstVisit(page);
  await goOffline(context, page);
  const app = new AppPage(page);
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share incident' });
  await expect(share.getByRole('button', { name: /Copy link/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();
  await app.inspector.tab('Incident').click();
  await page.getByRole('button', { name: 'Export post-mortem…' }).click();
  const postmortem = page.getByRole('dialog', { name: 'Export post-mortem' });
  await expect(postmortem.getByRole('textbox', { name: 'Post-mortem (Markdown)' })).toHaveValue(/cmdChargeCard/);
  await page.keyboard.press('Escape');
  await expect(postmortem).toBeHidden();
  await page.getByRole('button', { name: 'Export regression test…' }).click();
  await expect(page.getByRole('dialog', { name: 'Export regression test' })).toBeVisible();
  await page.keyboard.press('Escape');
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  await expect(page.getByRole('dialog', { name: 'Walkthrough', exact: true })).toBeVisible();
});
