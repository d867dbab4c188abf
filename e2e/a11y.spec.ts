// axe-core on every main view, in both themes, with no violation of any
// impact (minor and moderate included). Each view is one entry of VIEWS: how
// to reach it from a fresh page; the filter and the waterfall join the list
// when they exist.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { WalkthroughPage } from './pages/WalkthroughPage';
import { fixture } from './support/files';

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;

const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const FIX_AT = 'const chargeCard = (order: CheckoutInput & { cart: Cart; total: number }) => {\n';
const FIXED = FLOW.replace(FIX_AT, `${FIX_AT}    if (order.total === 0) return Success({ ...order, receipt: { waived: true } });\n`);

function describe(results: Results): string {
  return results.violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  // The scan really ran rules against this page.
  expect(results.passes.length).toBeGreaterThan(10);
  expect(results.violations.map((v) => `${v.id} (${v.impact})`), `axe found violations:\n\n${describe(results)}\n`).toEqual([]);
}

async function openDemo(page: Page): Promise<AppPage> {
  const app = new AppPage(page);
  await app.goto();
  await page.getByRole('button', { name: /^Try the demo incident/ }).click();
  await app.timeline.expectSteps(3);
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await expect(page.getByTestId('replay-status')).toHaveText('✓ This code reproduces the recording.', { timeout: 15_000 });
  await app.source.waitForMonaco();
  return app;
}

interface View {
  readonly name: string;
  /** From a fresh page to the view, ready to scan. */
  readonly open: (page: Page) => Promise<void>;
}

const VIEWS: readonly View[] = [
  {
    name: 'the empty page',
    open: async (page) => {
      const app = new AppPage(page);
      await app.goto();
      await expect(app.emptyHeading).toBeVisible();
    }
  },
  {
    name: 'a loaded incident, on its first step',
    open: async (page) => {
      const app = new AppPage(page);
      await app.goto();
      await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
      await app.timeline.expectSteps(3);
      await app.timeline.option('cmdFetchCart').click();
      await app.timeline.expectSelected(1, 'cmdFetchCart');
      await app.source.waitForMonaco();
    }
  },
  {
    name: 'the error step selected (the demo, replayed on load)',
    open: async (page) => {
      await openDemo(page);
      await expect(page.getByText('Error: Amount must be non-zero.', { exact: true })).toBeVisible();
    }
  },
  {
    name: 'the replay verdict',
    open: async (page) => {
      await openDemo(page);
      const replay = new ReplayPage(page);
      await replay.replaceEditorText(FIXED);
      await replay.run();
      await expect(replay.banner).toBeVisible({ timeout: 15_000 });
    }
  },
  {
    name: 'the Share dialog',
    open: async (page) => {
      await openDemo(page);
      await page.getByRole('navigation', { name: 'Open' }).getByRole('button', { name: 'Share', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Share incident' }).getByRole('textbox', { name: 'Link' })).toHaveValue(/#incident=i1\./);
    }
  },
  {
    name: 'the walkthrough',
    open: async (page) => {
      const app = await openDemo(page);
      await app.timeline.listbox.focus();
      await page.keyboard.press('w');
      const walk = new WalkthroughPage(page);
      await walk.expectAt(3, 3, 'cmdChargeCard');
    }
  },
  {
    name: 'the plain source view (Monaco not loaded)',
    open: async (page) => {
      // The plain view shows until Monaco arrives, and stays if Monaco fails to load: hold Monaco back.
      await page.route(/\/assets\/(monaco-setup|editor\.api)[^/]*\.js$/, () => {
        // never answered: Monaco stays away for the whole test
      });
      const app = new AppPage(page);
      await app.goto();
      await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
      await app.timeline.expectSteps(3);
      await expect(app.source.fallback).toBeVisible();
      await expect(app.source.fallbackHighlight()).toHaveCount(1);
    }
  }
  // To come: the filter, the waterfall.
];

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    for (const view of VIEWS) {
      test(`${view.name}: no accessibility violation of any impact`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await view.open(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        await expectNoViolations(page);
      });
    }
  });
}
