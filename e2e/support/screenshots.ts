// Screenshots of a view in both themes at the two sizes we check (1440×900 and 1024×768), named
// e2e/screenshots/<theme>-<width>x<height>-<name>.png. The app's theme follows the system's, so
// switching the emulated colour scheme re-themes the page in place: a journey runs once and its
// views are shot in both themes, instead of the whole journey (app load, sandbox, Monaco) twice.
//
// Shots are for people to look at (the folder is not committed, and nothing compares them), so a run
// takes them only when asked: `npm run shots` (E2E_SHOTS=1). The test command leaves them out: ~300
// PNGs at two sizes and in two themes, with the resizes and re-theming they need, were CPU spent on
// files a clean clone throws away. The checks made around them (axe per theme, colours read back
// from the canvas) run either way.
import { expect, type Page } from '@playwright/test';

/** Whether this run takes screenshots (E2E_SHOTS=1). */
export const SHOTS = process.env.E2E_SHOTS === '1';

/** One screenshot at `path`, when this run takes them. */
export async function shootFile(page: Page, path: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path });
}

export const SIZES = [
  [1440, 900],
  [1024, 768]
] as const;

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** Switches the page to `theme` (as the OS would) and waits until the app has re-themed. */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Runs `body` in each theme on the same page, then puts the page back in the first (dark), the
 * theme the journeys run in. For what differs by theme: screenshots, and axe's colour contrast.
 */
export async function inEachTheme(page: Page, body: (theme: Theme) => Promise<unknown>): Promise<void> {
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await body(theme);
  }
  await switchTheme(page, THEMES[0]);
}

/** The view as it is now, at both sizes in one theme; the viewport is put back after. */
export async function shootSizes(page: Page, theme: Theme, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `e2e/screenshots/${theme}-${width}x${height}-${name}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The view as it is now, at both sizes in both themes. */
export async function shootViews(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await inEachTheme(page, (theme) => shootSizes(page, theme, name));
}

/** The page as it is now, at its current size in both themes: e2e/screenshots/<theme>-<file>. */
export async function shootThemes(page: Page, file: string): Promise<void> {
  if (!SHOTS) return;
  await inEachTheme(page, (theme) => page.screenshot({ path: `e2e/screenshots/${theme}-${file}` }));
}
