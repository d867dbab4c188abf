import { describe, expect, it } from 'vitest';
import { diffValues } from './diff';

describe('diffValues', () => {
  it('names the leaves that changed, were added or removed', () => {
    const before = { orderId: 'o1', cart: { subtotal: 60, items: [1, 2] }, total: 120, promo: 'X' };
    const after = { orderId: 'o1', cart: { subtotal: 60, items: [1, 3] }, total: 0, percentOff: 100 };
    expect(diffValues(before, after)).toEqual([
      { path: 'cart.items[1]', kind: 'changed', before: 2, after: 3 },
      { path: 'total', kind: 'changed', before: 120, after: 0 },
      { path: 'promo', kind: 'removed', before: 'X' },
      { path: 'percentOff', kind: 'added', after: 100 }
    ]);
  });
  it('treats a change of type as one change of the whole value', () => {
    expect(diffValues({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: 'a', kind: 'changed', before: [1], after: { 0: 1 } }]);
    expect(diffValues(1, 'x')).toEqual([{ path: '(value)', kind: 'changed', before: 1, after: 'x' }]);
  });
  it('finds nothing when the values are equal, and stops at 200 changes', () => {
    expect(diffValues({ a: { b: [1, { c: 2 }] } }, { a: { b: [1, { c: 2 }] } })).toEqual([]);
    const big = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    expect(diffValues({}, big)).toHaveLength(200);
  });
});
