// The Content-Security-Policy holds on every main journey: the page's policy
// (index.html) is the strict one this file checks for, and the empty page, the
// demo with its replay on load (in the sandbox frame, under its own policy),
// the Share dialog, the walkthrough and Settings run with no console error, no
// uncaught exception, no policy violation in any frame, and no request to any
// origin but the app's own.
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { logRequests } from './support/requests';

// With the service worker, as a person's browser has it: its registration and precache are part of every
// journey here. So each test has a fresh context: a reused one (the config's reuseContext) would keep
// the last test's precache in Cache Storage.
test.use({ serviceWorkers: 'allow', reuseContext: false });

/** Every violation in every frame (the sandbox frame included), reported as a console error the page's listener collects. */
function recordViolations() {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} in ${location.href} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
  });
}

interface Watch {
  expectClean(): Promise<void>;
}

async function watch(page: Page, baseURL: string): Promise<Watch> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  await page.addInitScript(recordViolations);
  const requests = logRequests(page.context(), new URL(baseURL).origin);
  return {
    async expectClean() {
      // Time for a late violation or error (a worker starting, a font loading) to be reported.
      await page.waitForTimeout(500);
      expect(problems, 'console errors, uncaught exceptions or policy violations').toEqual([]);
      expect(requests.offsite(), 'requests to other origins').toEqual([]);
    }
  };
}

const openDemo = (page: Page) => AppPage.demo(page, 'editor');

test('the page is served with the strict policy', async ({ page }) => {
  await page.goto('/');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const directives = new Map(
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values])
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('form-action')).toEqual(["'none'"]);
  expect(directives.get('frame-src')).toEqual(["'self'"]);
  expect(directives.get('worker-src')).toEqual(["'self'"]);
  // No inline script and no eval on the page: flow code runs only in the sandbox frame's workers.
  // (Code run by page.evaluate itself is exempt from the policy; what it starts later is not.)
  const ran = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.__inline = 1';
    document.head.append(script);
    (setTimeout as (code: string) => void)('window.__evaluated = 1');
    await new Promise((r) => setTimeout(r, 100));
    return { inline: w.__inline ?? null, evaluated: w.__evaluated ?? null };
  });
  expect(ran).toEqual({ inline: null, evaluated: null });
});

test('the empty page: no console error, no violation, nothing offsite', async ({ page, baseURL }) => {
  const w = await watch(page, baseURL!);
  const app = new AppPage(page);
  await app.goto();
  await expect(app.emptyHeading).toBeVisible();
  await w.expectClean();
});

test('the demo and its replay on load, Monaco and its workers included: no console error, no violation, nothing offsite', async ({ page, baseURL }) => {
  const w = await watch(page, baseURL!);
  await openDemo(page);
  await w.expectClean();
});

test('the Share dialog: no console error, no violation, nothing offsite', async ({ page, baseURL }) => {
  const w = await watch(page, baseURL!);
  await openDemo(page);
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share incident' });
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
  await w.expectClean();
});

test('the walkthrough: no console error, no violation, nothing offsite', async ({ page, baseURL }) => {
  const w = await watch(page, baseURL!);
  const app = await openDemo(page);
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  await expect(page.getByRole('dialog', { name: 'Walkthrough', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await w.expectClean();
});

test('Settings: no console error, no violation, nothing offsite', async ({ page, baseURL }) => {
  const w = await watch(page, baseURL!);
  await openDemo(page);
  await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await w.expectClean();
});

test('under the service worker (a second visit): the demo and its replay, in the frame sandboxed by its header, with no console error, no violation, nothing offsite', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const w = await watch(page, baseURL!);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  await new AppPage(page).source.waitForMonaco();
  const frame = page.frames().find((f) => f.url().endsWith('/sandbox.html'));
  expect(await frame!.evaluate(() => self.origin)).toBe('null');
  await w.expectClean();
});
