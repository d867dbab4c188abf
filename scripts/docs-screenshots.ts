// `npm run docs:screenshots`: the README's pictures, taken from the real app so they never go stale.
//
// Builds nothing: serves the built app (dist/, from `npx vite build` or `npm start`) with
// `vite preview` on a free port, or uses one already running (DOCS_URL=http://127.0.0.1:4173).
// Then, in Debian's Chromium at 1440×900:
//   docs/screenshot.png        dark theme: the demo incident opened, its failing step's line highlighted
//   docs/replay.png            dark theme: the fix below typed into the editor and replayed: "Fixed"
//   docs/screenshot-light.png  the first one in the light theme
//
// The UI changes: every selector is in SELECTORS below, by role and name where there is one. A step
// that fails says which step it was and leaves a picture of the page in test-results/.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.DOCS_DIST ?? 'dist');
const docsDir = path.join(root, 'docs');
const failureShot = path.join(root, 'test-results', 'docs-screenshots-failure.png');
const VIEWPORT = { width: 1440, height: 900 };
const PREFERRED_PORT = 4293;

/** Every way this script finds something on the page. Prefer roles and accessible names. */
const SELECTORS = {
  demoButton: (page: Page) => page.getByRole('button', { name: /^Try the demo incident/ }),
  steps: (page: Page) => page.getByRole('listbox', { name: 'Steps' }).getByRole('option'),
  /** a step by its Command's name (options are named "cmdChargeCard, …"), selected or not */
  step: (page: Page, command: string, selected?: boolean) =>
    page.getByRole('listbox', { name: 'Steps' }).getByRole('option', { name: new RegExp(`^${command},`), ...(selected === undefined ? {} : { selected }) }),
  /** Monaco's highlight of the selected step's line (a decoration: it has no role) */
  highlightedLine: (page: Page) => page.locator('[data-testid="monaco-host"] .view-overlays .ts-line-highlight'),
  /** where to click to put the focus in Monaco's text (0.57 takes input through an EditContext) */
  editorText: (page: Page) => page.locator('[data-testid="monaco-host"] .monaco-editor .view-lines').first(),
  replayButton: (page: Page) => page.getByRole('toolbar', { name: 'Replay' }).getByRole('button', { name: /^Replay/ }),
  /** the verdict's title ("Fixed", "Reproduced", …) in the banner above the panes */
  verdictTitle: (page: Page, title: string) => page.getByRole('region', { name: 'Replay verdict' }).getByText(title, { exact: true })
};
const DEMO_STEPS = 3;
/** the demo's failing step: both dark pictures show it selected, as a person looking into the incident would */
const FAILING_STEP = 'cmdChargeCard';
const FIXED_VERDICT = 'Fixed';

/** The demo's fix (public/demo/flow.ts): a 100% promo makes the total 0, which payments.charge
 * refuses, so chargeCard skips the charge then. The README shows these two lines; keep them alike. */
const FIX_AFTER = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
const FIX_LINE = '    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n';

class StepError extends Error {}

let currentPage: Page | undefined;

/** Runs one named step; a failure names the step, and a picture of the page is kept. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  process.stdout.write(`  ${name}… `);
  try {
    const result = await run();
    process.stdout.write('ok\n');
    return result;
  } catch (error) {
    process.stdout.write('FAILED\n');
    if (currentPage) {
      mkdirSync(path.dirname(failureShot), { recursive: true });
      await currentPage.screenshot({ path: failureShot }).catch(() => undefined);
    }
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StepError(`step "${name}" failed: ${message}${currentPage ? `\n(the page as it was: ${path.relative(root, failureShot)})` : ''}`);
  }
}

/** Waits until `count()` of the locator is `n` (Playwright's own waits know only visible/hidden). */
async function waitForCount(locator: Locator, n: number, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen = await locator.count();
  while (seen !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} of ${locator.toString()}, found ${seen} after ${timeout / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await locator.count();
  }
}

/** Lets the last layout and paint settle (web fonts, Monaco's render after a change). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.waitForTimeout(400);
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0)) ?? preferred;
}

async function waitForHttp(url: string, server: ChildProcess, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (code ${server.exitCode}) before serving ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`vite preview did not answer on ${url} within ${timeout / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A page on a fresh context (no saved edits or theme) in the given colour scheme. */
async function newPage(browser: Browser, colorScheme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, colorScheme, deviceScaleFactor: 1 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  currentPage = await context.newPage();
  return currentPage;
}

async function openDemo(page: Page, baseUrl: string): Promise<void> {
  await step('open the app', () => page.goto(baseUrl));
  await step('click "Try the demo incident"', () => SELECTORS.demoButton(page).click());
  await step(`wait for the ${DEMO_STEPS} steps`, () => waitForCount(SELECTORS.steps(page), DEMO_STEPS));
  await step('wait for the highlighted line in the editor', () => SELECTORS.highlightedLine(page).first().waitFor({ timeout: 20_000 }));
  await step(`select the failing step, ${FAILING_STEP}`, async () => {
    await SELECTORS.step(page, FAILING_STEP).click();
    await SELECTORS.step(page, FAILING_STEP, true).waitFor({ timeout: 10_000 });
  });
  await settle(page);
}

async function shoot(page: Page, file: string): Promise<void> {
  await step(`save ${path.relative(root, file)}`, () => page.screenshot({ path: file, caret: 'hide', animations: 'disabled' }));
}

async function main(): Promise<void> {
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let baseUrl = process.env.DOCS_URL;
  try {
    if (!baseUrl) {
      if (!existsSync(path.join(distDir, 'index.html'))) {
        throw new StepError(`no built app in ${path.relative(root, distDir) || '.'}/: run \`npx vite build\` (or \`npm start\`) first`);
      }
      const port = await freePort(PREFERRED_PORT);
      const url = `http://127.0.0.1:${port}/`;
      baseUrl = url;
      const vite = path.join(root, 'node_modules', '.bin', 'vite');
      server = spawn(vite, ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--outDir', distDir], { cwd: root, stdio: 'ignore', detached: true });
      const started = server;
      await step(`serve ${path.relative(root, distDir)}/ on ${baseUrl}`, () => waitForHttp(url, started));
    }
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    mkdirSync(docsDir, { recursive: true });
    console.log('dark theme:');
    const page = await newPage(browser, 'dark');
    await openDemo(page, baseUrl);
    await shoot(page, path.join(docsDir, 'screenshot.png'));

    const original = await step('read the demo flow the app shows', async () => {
      const response = await fetch(new URL('demo/flow.ts', baseUrl));
      if (!response.ok) throw new Error(`GET demo/flow.ts: HTTP ${response.status}`);
      return response.text();
    });
    const fixed = await step('add the fix to the flow', async () => {
      if (!original.includes(FIX_AFTER)) throw new Error(`demo/flow.ts no longer has the line the fix goes after: ${JSON.stringify(FIX_AFTER.trim())}`);
      return original.replace(FIX_AFTER, FIX_AFTER + FIX_LINE);
    });
    // As a person pasting the fixed flow would (e2e/pages/ReplayPage.ts does the same).
    await step('paste the fixed flow into the editor', async () => {
      await page.evaluate((text) => navigator.clipboard.writeText(text), fixed);
      await SELECTORS.editorText(page).click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('ControlOrMeta+V');
      await page.getByText('waived: true').first().waitFor({ timeout: 10_000 });
    });
    await step('press Replay', () => SELECTORS.replayButton(page).click());
    await step('wait for the verdict "Fixed"', () => SELECTORS.verdictTitle(page, FIXED_VERDICT).waitFor({ timeout: 20_000 }));
    await settle(page);
    await shoot(page, path.join(docsDir, 'replay.png'));
    await page.context().close();

    console.log('light theme:');
    const light = await newPage(browser, 'light');
    await openDemo(light, baseUrl);
    await shoot(light, path.join(docsDir, 'screenshot-light.png'));
    await light.context().close();
    currentPage = undefined;

    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    if (!readme.includes(FIX_LINE.trim())) console.warn(`warning: README.md does not show the fix these pictures were taken with:\n  ${FIX_LINE.trim()}`);
    console.log('done: docs/screenshot.png, docs/replay.png, docs/screenshot-light.png');
  } finally {
    await browser?.close();
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(`docs-screenshots: ${error instanceof StepError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
