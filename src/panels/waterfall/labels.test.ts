import { describe, expect, test } from 'vitest';
import { placeRowLabels, type RowItem } from './labels';

// A monospace 7 px per character, as the canvas font roughly is.
const measure = (t: string) => t.length * 7;
const bar = (step: number, left: number, right: number, name: string): RowItem => ({ step, left, right, name, full: `${name} 1.00 ms` });

describe('placeRowLabels', () => {
  test('a wide bar holds its name and duration', () => {
    expect(placeRowLabels([bar(0, 0, 200, 'cmdFetch')], 400, measure)).toEqual([{ step: 0, text: 'cmdFetch 1.00 ms', x: 3, width: 112, inside: true }]);
  });

  test('a narrow bar puts its whole name beside it, right, up to the next bar', () => {
    const placed = placeRowLabels([bar(0, 10, 30, 'cmdHoldSeat'), bar(1, 200, 260, 'cmdNext')], 400, measure);
    expect(placed[0]).toEqual({ step: 0, text: 'cmdHoldSeat 1.00 ms', x: 33, width: 133, inside: false });
    expect(placed[1]!.text).toBe('cmdNext');
  });

  test('with no room right, the name goes left of the bar', () => {
    const placed = placeRowLabels([bar(0, 360, 380, 'cmdPriceTrip')], 390, measure);
    expect(placed).toEqual([{ step: 0, text: 'cmdPriceTrip', x: 357 - 84, width: 84, inside: false }]);
  });

  test('names never overlap each other or another bar', () => {
    const items = Array.from({ length: 40 }, (_, i) => bar(i, i * 12, i * 12 + 8, `cmdStep${i}`));
    const placed = placeRowLabels(items, 480, measure);
    for (const [a, b] of placed.flatMap((p, i) => placed.slice(i + 1).map((q) => [p, q] as const))) {
      expect(a.x + a.width <= b.x || b.x + b.width <= a.x, `${a.text} and ${b.text}`).toBe(true);
    }
    for (const p of placed) {
      for (const it of items) if (it.step !== p.step) expect(p.x + p.width <= it.left || it.right <= p.x, `${p.text} over bar ${it.step}`).toBe(true);
    }
  });

  test('only with no room either side is a name shortened, inside its bar', () => {
    const placed = placeRowLabels([bar(0, 0, 40, 'x'.repeat(3)), bar(1, 43, 90, 'cmdVeryLongCommandName'), bar(2, 93, 120, 'y')], 130, measure);
    expect(placed.find((p) => p.step === 1)).toMatchObject({ text: 'cmdV…', inside: true });
  });

  test("a Parallel's band is background: a name may sit on it, after the band's own label", () => {
    const band: RowItem = { step: 0, left: 0, right: 300, name: '∥ Parallel', band: true };
    const placed = placeRowLabels([band, bar(1, 300, 320, 'cmdPriceTrip')], 320, measure);
    expect(placed[0]).toMatchObject({ text: '∥ Parallel', x: 3 });
    expect(placed[1]).toMatchObject({ text: 'cmdPriceTrip', inside: false, x: 297 - 84 });
  });
});
