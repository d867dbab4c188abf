// axe-core on the empty page and the loaded incident, in both themes. Only
// serious and critical violations fail; Monaco's internals are third-party
// and left out of the scan.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;

const serious = (results: Results) => results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

function describe(results: Results): string {
  return serious(results)
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

async function scan(page: Page): Promise<Results> {
  return new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await scan(page);
  // The scan really ran rules against this page.
  expect(results.passes.length).toBeGreaterThan(10);
  const others = results.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (others.length) test.info().annotations.push({ type: 'axe (minor/moderate)', description: others.map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}`).join(', ') });
  const report = describe(results);
  expect(serious(results).map((v) => v.id), `axe found serious or critical violations:\n\n${report}\n`).toEqual([]);
}

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the empty page has no serious accessibility violations', async ({ page }) => {
      const app = new AppPage(page);
      await app.goto();
      await expect(app.emptyHeading).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('the loaded checkout incident has no serious accessibility violations', async ({ page }) => {
      const app = new AppPage(page);
      await app.goto();
      await app.open(fixture('checkout-zero-total/expected/trace.json'), fixture('checkout-zero-total/flow.ts'));
      await app.timeline.expectSteps(3);
      await page.keyboard.press('e');
      await app.timeline.expectSelected(3, 'cmdChargeCard');
      await app.source.waitForMonaco();
      await expectNoSeriousViolations(page);
    });

    test('the loaded incident with the plain source view (Monaco not loaded) has no serious violations', async ({ page }) => {
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
      await expectNoSeriousViolations(page);
    });
  });
}
