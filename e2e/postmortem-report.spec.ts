// The post-mortem journey: a walkthrough with notes, then the report. The report links the
// incident once and keeps each step link short (followed as a reader would, every one opens its
// step); it keeps every noted step; it tells what production did apart from what the fix does;
// it names no file it does not ship. The walkthrough opens where the telling begins, and Space
// advances it after the audience window is opened.
import { writeFileSync, mkdirSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { WalkthroughPage } from './pages/WalkthroughPage';
import { shootSizes } from './support/screenshots';
import { exportedMarkdown, fixedDemo, LONG_NOTE, noted50Fragment, noteOf, section, starredStep, STEPS } from './support/postmortem';

/** Every [label](url) in the Markdown, in order. */
const linksIn = (markdown: string) => [...markdown.matchAll(/\[([^\]]+)\]\((http[^)\s]+)\)/g)].map((m) => ({ label: m[1]!, url: m[2]! }));

/** Kept for the report (and a look): test-results/postmortem-<name>.md. */
function keep(name: string, markdown: string) {
  mkdirSync('test-results', { recursive: true });
  writeFileSync(`test-results/postmortem-${name}.md`, markdown);
}

test('a 50-step incident: the report links it once, stays readable, and every step link opens its step', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.goto(`/${noted50Fragment()}`);
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', String(STEPS));
  const markdown = await exportedMarkdown(page);
  keep('50-steps', markdown);
  test.info().annotations.push({ type: 'size', description: `${markdown.length} characters, longest line ${Math.max(...markdown.split('\n').map((l) => l.length))}` });

  // One incident link, the only long line; every other line reads in a raw view of the file.
  const links = linksIn(markdown);
  const incident = links.filter((l) => l.url.includes('#incident='));
  expect(incident, 'the incident is linked exactly once').toHaveLength(1);
  const long = markdown.split('\n').filter((l) => l.length > 300);
  expect(long, 'no line but the incident link runs past 300 characters').toEqual([expect.stringContaining('#incident=')]);
  expect(markdown.length, 'the whole report: one incident link and 50 short rows').toBeLessThan(incident[0]!.url.length + 12_000);

  // Every step is noted, a third starred: all 50 rows are there, and every note, the long one whole.
  const rows = markdown.split('\n').filter((l) => /^\| \[\d+\]/.test(l));
  expect(rows).toHaveLength(STEPS);
  for (let i = 0; i < STEPS; i++) {
    expect(rows[i]).toMatch(new RegExp(`^\\| \\[${i + 1}\\]\\(http[^)]+\\)${starredStep(i) ? ' ★' : ''} \\|`));
    if (i !== 19) expect(rows[i]).toContain(`| ${noteOf(i)} |`);
  }
  expect(section(markdown, 'Timeline').replace(/\n {2}/g, ' ')).toContain(`- Step 20: ${LONG_NOTE}`);

  // Followed as a reader does: the incident link once, in a browser of its own; then each step
  // link, loaded afresh as a click from the report's page loads it, opens its step.
  const stepLinks = links.filter((l) => /^\d+$/.test(l.label));
  expect(stepLinks.map((l) => Number(l.label))).toEqual(Array.from({ length: STEPS }, (_, i) => i + 1));
  const reader = await browser.newContext();
  const there = await reader.newPage();
  await there.goto(incident[0]!.url);
  const app2 = new AppPage(there);
  await expect(app2.timeline.options.first()).toHaveAttribute('aria-setsize', String(STEPS));
  await expect.poll(() => there.evaluate(() => localStorage.getItem('timescope.session'))).not.toBeNull();
  for (const step of stepLinks) {
    expect(step.url.length, `step ${step.label}'s link is short`).toBeLessThan(120);
    await there.goto('about:blank');
    await there.goto(step.url);
    await app2.timeline.expectSelected(Number(step.label), `cmdStep${Number(step.label) - 1}`);
  }
  await expect(there.getByRole('alert')).toHaveCount(0);
  await reader.close();
});

test('a step link into another incident, or into none, says so and opens no wrong step', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.goto(`/${noted50Fragment()}`);
  await expect(app.timeline.options.first()).toHaveAttribute('aria-setsize', String(STEPS));
  const markdown = await exportedMarkdown(page);
  const step7 = linksIn(markdown).find((l) => l.label === '7')!.url;

  // A browser that never opened the incident: the empty screen says what to do.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(step7);
  const alert = other.getByRole('alert');
  await expect(alert).toContainText('This post-mortem link opens step 7 of an incident that is not open in this browser.');
  await expect(alert).toContainText('Open the incident link at the top of the post-mortem first');
  await other.emulateMedia({ colorScheme: 'dark' });
  await shootSizes(other, 'dark', 'postmortem-step-link-no-incident');
  await other.emulateMedia({ colorScheme: 'light' });
  await shootSizes(other, 'light', 'postmortem-step-link-no-incident');

  // Another incident open there (the demo): it is named, and its own opening step stays selected.
  await other.getByRole('button', { name: /^Try the demo incident/ }).click();
  const demo = new AppPage(other);
  await demo.timeline.expectSelected(3, 'cmdChargeCard');
  await other.goto('about:blank');
  await other.goto(step7);
  await demo.timeline.expectSteps(3);
  await expect(other.getByRole('alert')).toContainText('This post-mortem link opens step 7 of another incident than the one open here (checkout, 3 steps).');
  await demo.timeline.expectSelected(3, 'cmdChargeCard');
  for (const theme of ['dark', 'light'] as const) {
    await other.emulateMedia({ colorScheme: theme });
    await shootSizes(other, theme, 'postmortem-step-link-other-incident');
  }
  await fresh.close();
});

test('the report tells what production did, and apart from it, labelled, what the fix does', async ({ page }) => {
  test.setTimeout(90_000);
  await fixedDemo(page);
  const markdown = await exportedMarkdown(page);
  keep('demo-fixed', markdown);
  const supporting = section(markdown, 'Supporting data');
  const production = supporting.split('**What the fix does**')[0]!;
  const fix = supporting.split('**What the fix does**')[1] ?? '';
  expect(production).toContain('**What production did**');
  // Production's story ends in the charge that threw; the fix's replay reaches no charge.
  expect(production).toMatch(/cmdChargeCard/);
  expect(production).toContain('Amount must be non-zero');
  expect(production).not.toMatch(/diverged/i);
  expect(fix).toMatch(/^, replayed against the same recording: Fixed/);
  expect(fix).toContain("<summary>The fix's replay, narrated");
  expect(fix).not.toContain('Amount must be non-zero');
});

test('the report names no file it does not ship: no capsule, only the incident link and the sources it quotes', async ({ page }) => {
  test.setTimeout(120_000);
  await fixedDemo(page);
  const markdown = await exportedMarkdown(page);
  // The dialog makes one file, the .md; the report hands over the incident link, nothing else.
  const dialog = page.getByRole('dialog', { name: 'Export post-mortem' });
  await expect(dialog.getByRole('button', { name: /^Download/ })).toHaveText(['Download .md']);
  expect(markdown).not.toMatch(/\.zip\b/);
  const named = new Set([...markdown.matchAll(/[\w-]+\.(?:zip|json|md|ts|js|jsonl)\b/g)].map((m) => m[0]));
  // The only files it names are the sources in its own diff.
  expect([...named].filter((n) => !['flow.ts', 'services.ts'].includes(n))).toEqual([]);
  expect(markdown).toContain('--- a/flow.ts');
  expect(linksIn(markdown).filter((l) => l.url.includes('#incident='))).toHaveLength(1);
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await shootSizes(page, theme, 'postmortem-report');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('document', { name: 'Post-mortem, rendered' }).getByText('What production did').scrollIntoViewIfNeeded();
    await shootSizes(page, theme, 'postmortem-report-preview');
    await dialog.getByRole('button', { name: 'Preview' }).click();
  }
});

test('the walkthrough opens on the first starred step, else on step 1, not on the selected step', async ({ page }) => {
  test.setTimeout(90_000);
  const app = await AppPage.demo(page, 'selected');
  const walk = new WalkthroughPage(page);
  // The demo opens on step 3, where it failed; nothing starred yet: the walk starts at the start.
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  // Its code loads on first use: room for that on a busy machine.
  await expect(walk.slide).toBeVisible({ timeout: 20_000 });
  await walk.expectAt(1, 3, 'cmdFetchCart');
  await page.keyboard.press('Escape');
  await expect(walk.dialog).toBeHidden();

  // Star step 2, select step 3 again: it opens on step 2, by key and by either button.
  await app.timeline.option('cmdValidatePromo').click();
  await (await app.inspector.stepNote(2)).fill('the promo takes 100% off');
  await page.getByRole('button', { name: 'Star this step' }).click();
  await app.timeline.option('cmdChargeCard').click();
  await app.timeline.expectSelected(3, 'cmdChargeCard');
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Walkthrough', exact: true }).click();
  await walk.expectAt(2, 3, 'cmdValidatePromo');
});

test('after Open audience window, Space and → advance the walkthrough, from any control, and never open the window again', async ({ page }) => {
  test.setTimeout(90_000);
  const app = await AppPage.demo(page, 'selected');
  const walk = new WalkthroughPage(page);
  let popups = 0;
  page.on('popup', () => popups++);
  await app.timeline.listbox.focus();
  await page.keyboard.press('w');
  await expect(walk.slide).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Home');
  await walk.expectAt(1, 3, 'cmdFetchCart');
  const [popup] = await Promise.all([page.waitForEvent('popup'), walk.button('Open audience window').click()]);
  await expect(new WalkthroughPage(popup, 'audience').dialog).toBeVisible();
  await page.bringToFront();
  // Space, the documented next-slide key, moves on: focus left the button for the slide.
  await page.keyboard.press(' ');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  // Even with focus put back on the button, Space advances (and the window is not opened again).
  await walk.button('Open audience window').focus();
  await page.keyboard.press(' ');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await page.keyboard.press('Shift+ ');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  // On the "Starred only" toggle, Space advances rather than switching the walk to no steps.
  await walk.dialog.getByRole('button', { name: 'Starred only' }).focus();
  await page.keyboard.press(' ');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect(walk.dialog.getByRole('button', { name: 'All steps' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowLeft');
  await walk.expectAt(2, 3, 'cmdValidatePromo');
  await walk.controls.getByRole('button', { name: /^Leave/ }).focus();
  await page.keyboard.press('ArrowRight');
  await walk.expectAt(3, 3, 'cmdChargeCard');
  await expect(walk.dialog).toBeVisible();
  expect(popups, 'the audience window was opened once').toBe(1);
  await popup.close();
});
