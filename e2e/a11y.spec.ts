// axe-core on every main view, in both themes, with no violation of any
// impact (minor and moderate included). Each view is one entry of VIEWS: how
// to reach it from a fresh page.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { ReplayPage } from './pages/ReplayPage';
import { WalkthroughPage } from './pages/WalkthroughPage';
import { WaterfallPage } from './pages/WaterfallPage';
import { fixture } from './support/files';
import { recordCheckoutCorpus } from '../bench/checkoutCorpus';
import { recordCheckout } from '../src/core/compare/test-support/checkoutRuns';

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

const openDemo = (page: Page) => AppPage.demo(page, 'editor');

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
      // It opens on the first starred step, else step 1; the failing step's slide is the one to check.
      await walk.expectAt(1, 3, 'cmdFetchCart');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
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
  },
  {
    name: 'the step filter with a query typed',
    open: async (page) => {
      const app = await openDemo(page);
      await app.timeline.listbox.focus();
      await page.keyboard.press('/');
      await expect(page.getByRole('searchbox', { name: 'Filter steps' })).toBeFocused();
      await page.keyboard.type('ar');
      await expect(page.getByTestId('filter-count')).toHaveText('2 matches');
      await expect(page.locator('[data-match]')).toHaveCount(2);
    }
  },
  {
    name: 'the waterfall (a Parallel in a Parallel, a Retry, an error)',
    open: async (page) => {
      const app = new AppPage(page);
      await app.goto();
      await app.open(fixture('itinerary-parallel-paradox/expected/trace.json'));
      await app.timeline.expectSteps(8);
      const waterfall = new WaterfallPage(page);
      await waterfall.open();
      await expect(waterfall.errors).toContainText('1 step threw');
    }
  },
  {
    name: 'the verdict matrix of a corpus replayed',
    open: async (page) => {
      const app = new AppPage(page);
      await app.goto();
      const corpus = await recordCheckoutCorpus(12, { noPromoEvery: 5 });
      const flow = readFileSync(fixture('checkout-zero-total/flow.ts'));
      await app.open({ name: 'checkouts.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(corpus.jsonl) }, { name: 'flow.ts', mimeType: 'text/plain', buffer: flow });
      const bar = page.getByRole('region', { name: 'Replay all' });
      await bar.getByRole('button', { name: 'Replay all 12' }).click();
      await expect(bar.getByRole('status')).toHaveText(/^12 traces replayed/, { timeout: 30_000 });
      await expect(page.getByRole('table', { name: 'Verdicts for the traces in checkouts.jsonl' })).toBeVisible();
    }
  },
  {
    name: 'the Compare view (the incident against a good run, the charge selected)',
    open: async (page) => {
      const app = new AppPage(page);
      await app.goto();
      await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
      await app.timeline.expectSteps(3);
      const good = (await recordCheckout()).trace;
      await page.getByLabel('Trace to compare with').setInputFiles({ name: 'good-run.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
      await expect(page.getByRole('listbox', { name: 'Aligned steps' }).getByRole('option')).toHaveCount(3);
      await page.keyboard.press('ArrowDown');
      await app.source.waitForMonaco();
      await expect(page.getByTestId('step-note')).toContainText('A: threw');
    }
  }
];

// Each view is opened once and scanned in both themes: the theme follows the system's, so switching
// the emulated colour scheme re-themes the same page (data-theme says it did), and the second scan
// needs no second app load, sandbox warm-up and Monaco (half of this spec's time, issue 33).
for (const view of VIEWS) {
  test(`${view.name}: no accessibility violation of any impact, dark and light`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await view.open(page);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await expectNoViolations(page);
    }
  });
}
