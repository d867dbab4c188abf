import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './e2e/support/chromiumFlags';

// Debian's headless shell, the headless Chromium Playwright itself uses by default (Playwright cannot
// download its own browsers here; scripts/ensure-chromium.sh installs it). The same Blink and V8 as
// the full browser, without its windows and UI: six specs (50 tests), alternated side by side,
// 204/250 -> 183/193 CPU-s (issue 33). CHROMIUM_PATH=/usr/bin/chromium runs them in the full browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const port = Number(process.env.E2E_PORT ?? 4173);
// Which build to serve: E2E_DIST lets a run test its own build while another is being written to dist/.
const dist = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  // Two at once on this 2-core machine: the whole suite in 8.6 min against 9.6-10.1 min one at a time
  // (the same build, side by side), every test passing; the slowest, hostile-memory, took 29 s of its
  // 120 s. An earlier build held the load average at 12 with two and timed tests out at 30 s; the
  // work since (the engine worker, batch replay, fixed-height rows) took that load away. E2E_WORKERS=1
  // runs them one at a time again.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A budget for a stuck test, not a speed target (those are in bench:browser). A journey opens the app,
  // replays in fresh sandboxed workers and takes shots at two sizes: 10-25 s alone, and on CI's two
  // cores beside another Chromium the slowest went past 30 s three times in one run (2026-12-04),
  // each while still making progress.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // The list as tests run, then the slowest spec files (e2e/support/slowestReporter.ts).
  reporter: [['list'], ['./e2e/support/slowestReporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    // vite preview gzips every response as it sends it (~13 MB of build per app load): ~6% of the suite's
    // CPU between the server and the browser's network process. The specs fetch the build as it is.
    extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
    // The app's service worker (src/sw.ts) stays out of the specs that are not about it: once it
    // controls a page (any reload), it answers from its cache what page.route means to hold back or
    // change, and its precache of the whole build (~13 MB) in the background of every test competes
    // with the timing budgets. e2e/offline.spec.ts and e2e/csp.spec.ts allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // One browser context per worker, reset between tests by Playwright (its pages closed but one,
    // which goes to about:blank; storage, IndexedDB, cookies, HTTP cache, emulation and routes
    // cleared), instead of a new context and window for each test. Six specs of short journeys (57
    // tests), side by side on this machine: 247 → 204 CPU-s, 127 → 106 s (two runs each, alternated;
    // issue 33). A reset keeps what setOffline, grantPermissions and Cache Storage leave: the specs
    // that use them take them back or ask for a fresh context (reuseContext: false).
    reuseContext: true,
    launchOptions: {
      executablePath,
      args: chromiumArgs
    }
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: `npx vite preview --outDir ${dist} --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000
  }
});
