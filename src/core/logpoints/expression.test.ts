import { describe, expect, it } from 'vitest';
import { checkExpression } from './expression';

describe('checkExpression: reads only', () => {
  it.each([
    ['order.total', '(order).total'],
    ['promo.percentOff * 2', '((promo).percentOff * 2)'],
    ['`${a}/${b}`', '`${a}/${b}`'],
    ['a?.b?.[c]', '((a)?.b)?.[c]'],
    ['items[0].qty', '((items)[0]).qty'],
    ['{a, b: c[0]}', '({"a": a, "b": (c)[0]})'],
    ['[x, y]', '[x, y]'],
    ['x ?? 1', '(x ?? 1)'],
    ['!ok && n > 0 || n === -1', '(((! ok) && (n > 0)) || (n === (- 1)))'],
    ["typeof x === 'string' ? 1 : 2", '(((typeof x) === "string") ? 1 : 2)'],
    ['"k" in o', '("k" in o)'],
    ['this.x', '(this).x'],
    ['  total  ', 'total']
  ])('accepts %s, and runs the code printed from what it checked', (expr, code) => {
    expect(checkExpression(expr)).toEqual({ ok: true, expr: expr.trim(), code });
  });

  it.each([
    ['order.total = 1', /assigns with '='/],
    ['order.total += 1', /assigns with '\+='/],
    ['fetch(x)', /calls a function/],
    ['a.b.c()', /calls a function/],
    ['a?.()', /calls a function/],
    ['new Date()', /uses 'new'/],
    ['delete a.b', /uses 'delete'/],
    ['i++', /changes a value with '\+\+'/],
    ['(a, b)', /comma operator/],
    ['x => 1', /defines a function/],
    ['function () {}', /defines a function/],
    ['tag`x`', /tags a template/],
    ['[...a]', /spreads/],
    ['({...a})', /spreads/],
    ['({ get x() { return 1 } })', /method or accessor/],
    ['a instanceof B', /instanceof/],
    ['import("x")', /./],
    ['a)', /does not parse/],
    ['a; fetch(x)', /does not parse/],
    ['', /is empty/],
    ['x'.repeat(501), /at most 500/]
  ])('refuses %s, saying why', (expr, reason) => {
    const r = checkExpression(expr);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('points at the refused part', () => {
    const r = checkExpression('order.items[fetch(x)]');
    expect(r).toMatchObject({ ok: false, column: 13 });
  });
});
