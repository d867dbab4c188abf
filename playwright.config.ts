import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browsers here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 4173);
// Which build to serve: E2E_DIST lets a run test its own build while another is being written to dist/.
const dist = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  // One at a time, in CI too: each test runs Chromium with the page, the sandbox frame's process and
  // the app's workers, so two at once on this 2-core machine held the load average at 12 and timed
  // tests out at 30 s (axe over Monaco, Compare) that take 10-15 s alone.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    // The app's service worker (src/sw.ts) stays out of the specs that are not about it: once it
    // controls a page (any reload), it answers from its cache what page.route means to hold back or
    // change, and its precache of the whole build (~13 MB) in the background of every test competes
    // with the timing budgets. e2e/offline.spec.ts and e2e/csp.spec.ts allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
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
