// The Steps panel's waterfall: the List | Waterfall toggle, the canvas host
// (role=application), the summary line under it and the errors in words.
// The host's data attributes say what the last frame drew and where.
import { expect, type Locator, type Page } from '@playwright/test';

export interface View {
  readonly startMs: number;
  readonly pxPerMs: number;
  readonly scrollY: number;
  /** px from the top of the rows area to each row's top (the first 101 rows) */
  readonly rowTops: number[];
}

/** geometry.ts: the time axis above the rows, and the row height */
const AXIS_PX = 20;

export class WaterfallPage {
  readonly toggle: Locator;
  readonly listButton: Locator;
  readonly waterfallButton: Locator;
  readonly host: Locator;
  readonly canvas: Locator;
  readonly summary: Locator;
  readonly errors: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByRole('group', { name: 'Show the steps as' });
    this.listButton = this.toggle.getByRole('button', { name: 'List' });
    this.waterfallButton = this.toggle.getByRole('button', { name: 'Waterfall' });
    this.host = page.getByRole('application', { name: /^Waterfall of/ });
    this.canvas = this.host.locator('canvas');
    this.summary = page.getByTestId('waterfall-summary');
    this.errors = page.getByTestId('waterfall-errors');
  }

  async open() {
    await this.waterfallButton.click();
    await expect(this.waterfallButton).toHaveAttribute('aria-pressed', 'true');
    await this.drawn();
  }

  /** At least one frame is on the canvas. */
  async drawn() {
    await expect(this.host).toBeVisible();
    await expect.poll(async () => Number((await this.host.getAttribute('data-frames')) ?? 0)).toBeGreaterThan(0);
  }

  async number(name: string): Promise<number> {
    return Number(await this.host.getAttribute(`data-${name}`));
  }

  async view(): Promise<View> {
    const [startMs, pxPerMs, scrollY, rowTops] = await Promise.all([
      this.number('start-ms'),
      this.number('px-per-ms'),
      this.number('scroll-y'),
      this.host.getAttribute('data-row-tops')
    ]);
    return { startMs, pxPerMs, scrollY, rowTops: (rowTops ?? '').split(' ').map(Number) };
  }

  /** Page coordinates of time `ms` on row `row`, at the height of the bars. */
  async point(ms: number, row: number): Promise<{ x: number; y: number }> {
    const v = await this.view();
    const box = (await this.host.boundingBox())!;
    const top = v.rowTops[row]!;
    const bottom = v.rowTops[row + 1]!;
    // Bars sit in the lower ROW_PX of a row (a bracket band, when there is one, is above them).
    const y = AXIS_PX + bottom - 11 - v.scrollY;
    expect(bottom).toBeGreaterThan(top);
    return { x: box.x + (ms - v.startMs) * v.pxPerMs, y: box.y + y };
  }

  async clickAt(ms: number, row: number) {
    const { x, y } = await this.point(ms, row);
    await this.page.mouse.click(x, y);
  }

  /** The canvas pixel (device pixels, RGBA) at page coordinates, read back from the canvas itself. */
  async pixel(x: number, y: number): Promise<[number, number, number, number]> {
    const box = (await this.canvas.boundingBox())!;
    return this.canvas.evaluate(
      (c: HTMLCanvasElement, [cx, cy]) => {
        const scale = c.width / c.clientWidth;
        const data = c.getContext('2d')!.getImageData(Math.round(cx * scale), Math.round(cy * scale), 1, 1).data;
        return [data[0]!, data[1]!, data[2]!, data[3]!] as [number, number, number, number];
      },
      [x - box.x, y - box.y] as const
    );
  }

  /** A theme colour (a CSS custom property on <html>) as RGB. */
  async themeColor(name: string): Promise<[number, number, number]> {
    return this.page.evaluate((prop) => {
      const probe = document.createElement('div');
      probe.style.color = `var(${prop})`;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color.match(/\d+/g)!.map(Number);
      probe.remove();
      return [rgb[0]!, rgb[1]!, rgb[2]!] as [number, number, number];
    }, name);
  }
}
