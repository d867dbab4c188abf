// Screenshots of a view at the two sizes we check (1440×900 and 1024×768), named
// e2e/screenshots/<theme>-<width>x<height>-<name>.png; the viewport is put back after.
import type { Page } from '@playwright/test';

export const SIZES = [
  [1440, 900],
  [1024, 768]
] as const;

export async function shootSizes(page: Page, theme: 'dark' | 'light', name: string): Promise<void> {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `e2e/screenshots/${theme}-${width}x${height}-${name}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
