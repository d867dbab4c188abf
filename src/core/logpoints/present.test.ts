import { describe, expect, it } from 'vitest';
import { expressionAt } from './hoverExpr';
import { lineSummary, reportStepAsOf, hitText, logState, hoverWords } from './present';
import { filterRows, logRows } from './rows';
import { logsMatch, pointsKey, sendable } from './send';
import { checkExpression } from './expression';
import type { ReplayReport } from '../replay/report';
import type { LogReport, Logpoint } from './types';

describe('expressionAt', () => {
  const line = '        const total = Math.round(order.cart.subtotal * (100 - percentOff)) / 100;';
  const at = (word: string, offset = 1) => expressionAt(line, line.indexOf(word) + 1 + offset);
  it('reads a name and the member chain that leads to it', () => {
    expect(at('total')?.expr).toBe('total');
    expect(at('cart')?.expr).toBe('order.cart');
    expect(at('subtotal')?.expr).toBe('order.cart.subtotal');
    expect(at('order')?.expr).toBe('order');
    expect(at('percentOff')?.expr).toBe('percentOff');
  });
  it('says no to keywords, numbers, strings, comments and a chain through a call', () => {
    expect(at('const')).toBeUndefined();
    expect(at('100')).toBeUndefined();
    expect(expressionAt("const a = 'order.total';", 14)).toBeUndefined();
    expect(expressionAt('x; // order.total', 14)).toBeUndefined();
    expect(expressionAt('f().total', 6)).toBeUndefined();
    expect(expressionAt('{ amount: x }', 4)).toBeUndefined();
  });
  it('reads the name a spread and an optional chain read', () => {
    expect(expressionAt('({ ...order, x })', 8)?.expr).toBe('order');
    expect(expressionAt('a?.b', 4)?.expr).toBe('a?.b');
    expect(expressionAt('cond ? a : b', 8)?.expr).toBe('a');
  });
  it('takes the word that ends where the mouse is', () => {
    expect(expressionAt('total;', 6)).toEqual({ expr: 'total', start: 1, end: 6 });
  });
});

const point: Logpoint = { id: 'a', file: 'flow.ts', line: 31, expr: 'total' };
const report = (logs: LogReport): ReplayReport =>
  ({
    status: 'resolved',
    unreached: [],
    narration: [],
    steps: [
      { index: 0, name: 'cmdFetchCart', type: 'Command', path: '0', entryIndex: 0, status: 'answered' },
      { index: 1, name: 'cmdValidatePromo', type: 'Command', path: '1', entryIndex: 1, status: 'answered' },
      { index: 2, name: 'cmdChargeCard', type: 'Command', path: '2', entryIndex: 2, status: 'answered' }
    ],
    logs
  }) as ReplayReport;
const logs = (value: unknown, extra: Partial<LogReport> = {}): LogReport => ({
  placements: [{ ...point, placed: true, timing: 'after' }],
  hits: [{ id: 'a', seq: 0, step: 1, path: '1', value, hasValue: true }],
  counts: { a: 1 },
  dropped: 0,
  ...extra
});

describe('present', () => {
  it('finds the report step as of a recorded step', () => {
    expect(reportStepAsOf(report(logs(0)), 2)).toBe(2);
    const fixed = { ...report(logs(0)), steps: report(logs(0)).steps.slice(0, 2) };
    expect(reportStepAsOf(fixed, 2)).toBe(1);
    expect(reportStepAsOf(fixed, -1)).toBeUndefined();
  });
  it('says the value as of the selected step, with the hits', () => {
    expect(lineSummary({ point, checked: checkExpression('total'), production: { logs: logs(0), step: 2 }, selected: 3 }).text).toBe('◆ total = 0 · 1 hit');
    expect(lineSummary({ point, checked: checkExpression('total'), production: { logs: logs(0), step: 0 }, selected: 1 }).text).toBe('◆ total: not run by step 1 · 1 hit');
    expect(lineSummary({ point, checked: checkExpression('total'), production: { logs: logs(0, { hits: [], counts: { a: 0 } }), step: 2 }, selected: 3 }).text).toBe('◆ total: did not run · 0 hits');
    expect(lineSummary({ point, checked: checkExpression('total'), selected: 3 }).text).toBe('◆ total: not run yet');
  });
  it("names where a line in a Command's function was read: briefly on the line, whole in the label", () => {
    const note = "reads where cmdChargeCard is built (line 37): a replay never runs a Command's function, whose answer comes from the recording";
    const s = lineSummary({ point, checked: checkExpression('total'), production: { logs: logs(0, { placements: [{ ...point, placed: true, timing: 'after', note }] }), step: 2 }, selected: 3 });
    expect(s.text).toBe('◆ total = 0 · 1 hit · reads where cmdChargeCard is built (line 37)');
    expect(s.label).toMatch(/It reads where cmdChargeCard is built \(line 37\): a replay never runs a Command's function, whose answer comes from the recording$/);
  });
  it("sets production's value beside the fix's when they differ", () => {
    const s = lineSummary({ point, checked: checkExpression('total'), production: { logs: logs(0), step: 2 }, fix: { logs: logs(50), step: 1 }, selected: 3 });
    expect(s.text).toBe('◆ total = 50 · 1 hit · production: 0');
    expect(lineSummary({ point, checked: checkExpression('total'), production: { logs: logs(0), step: 2 }, fix: { logs: logs(0), step: 1 }, selected: 3 }).text).toBe('◆ total = 0 · 1 hit');
  });
  it('says why an expression is refused, before any replay', () => {
    const s = lineSummary({ point: { ...point, expr: 'order.total = 1' }, checked: checkExpression('order.total = 1'), selected: 3 });
    expect(s.tone).toBe('refused');
    expect(s.text).toContain("assigns with '='");
  });
  it('ignores logs made with another expression', () => {
    expect(logState(logs(0), { ...point, expr: 'total + 1' }, 2).kind).toBe('not-run');
  });
  it('writes errors and values as text', () => {
    expect(hitText({ id: 'a', seq: 0, hasValue: false, error: 'TypeError: x' })).toBe('✗ TypeError: x');
    expect(hitText({ id: 'a', seq: 0, hasValue: true, value: '<b>' })).toBe('"<b>"');
  });
});

describe('rows and the filter', () => {
  const facts = { threw: (i: number) => i === 2, status: () => 0 };
  const l = logs(0, {
    placements: [
      { ...point, placed: true, timing: 'after' },
      { id: 'b', file: 'flow.ts', line: 19, expr: 'order.orderId', placed: true, timing: 'entry' }
    ],
    hits: [
      { id: 'a', seq: 1, step: 1, path: '1', value: 0, hasValue: true },
      { id: 'b', seq: 0, step: 0, path: '0', value: 'ord_7Hq2', hasValue: true }
    ],
    counts: { a: 1, b: 1 }
  });
  const rows = logRows(l, report(l), [point, { id: 'b', file: 'flow.ts', line: 19, expr: 'order.orderId' }]);
  it('leaves out removed logpoints and edited expressions', () => {
    expect(logRows(l, report(l), [{ ...point, expr: 'total + 1' }])).toEqual([]);
  });
  it('lists hits in time order with their step', () => {
    expect(rows.map((r) => `${r.label} ${r.value} ${r.stepText}`)).toEqual(['flow.ts:19 order.orderId "ord_7Hq2" #1 cmdFetchCart', 'flow.ts:31 total 0 #2 cmdValidatePromo']);
  });
  it("takes the step filter's syntax and free text over expression and value", () => {
    expect(filterRows(rows, 'cmd:promo', facts).rows.map((r) => r.point.id)).toEqual(['a']);
    expect(filterRows(rows, 'path:0', facts).rows.map((r) => r.point.id)).toEqual(['b']);
    expect(filterRows(rows, 'ord_7', facts).rows.map((r) => r.point.id)).toEqual(['b']);
    expect(filterRows(rows, 'total', facts).rows.map((r) => r.point.id)).toEqual(['a']);
    expect(filterRows(rows, '"ord_7hq2"', facts).rows.map((r) => r.point.id)).toEqual(['b']);
    expect(filterRows(rows, 'is:threw', facts).rows).toEqual([]);
    expect(filterRows(rows, 'is:slow', facts).problem).toContain('unknown is:slow');
    expect(filterRows(rows, '', facts).rows).toHaveLength(2);
  });
});

describe('send', () => {
  it('sends only accepted expressions, and knows logs made with other points', () => {
    const points = [point, { ...point, id: 'b', expr: 'fetch(x)' }];
    expect(sendable(points, checkExpression).map((p) => p.id)).toEqual(['a']);
    expect(logsMatch(logs(0), [point])).toBe(true);
    expect(logsMatch(logs(0), [{ ...point, line: 32 }])).toBe(false);
    expect(logsMatch(undefined, [])).toBe(true);
    expect(pointsKey([point])).not.toBe(pointsKey([{ ...point, expr: 'x' }]));
  });
});

describe('hoverWords', () => {
  const hoverLogs = (extra: Partial<LogReport> = {}): LogReport => ({
    placements: [{ id: 'hover', file: 'flow.ts', line: 31, expr: 'total', placed: true, timing: 'after' }],
    hits: [{ id: 'hover', seq: 0, step: 1, path: '1', value: 0, hasValue: true }],
    counts: { hover: 1 },
    dropped: 0,
    ...extra
  });
  it('reads the value as of the selected step, or says the line had not run by then', () => {
    expect(hoverWords(report(hoverLogs()), 'hover', 'total', 2, 'cmdChargeCard')).toEqual({ text: 'total = 0\nas of step 3 (cmdChargeCard)', tone: 'value' });
    expect(hoverWords(report(hoverLogs()), 'hover', 'total', 0, 'cmdFetchCart').text).toBe('total: this line had not run by step 1 (cmdFetchCart)');
    expect(hoverWords(report(hoverLogs({ hits: [], counts: { hover: 0 } })), 'hover', 'total', 2, undefined).text).toBe('total: this line did not run in the replay');
  });
  it('gives the error, or why the line takes no logpoint', () => {
    const threw = hoverLogs({ hits: [{ id: 'hover', seq: 0, step: 1, hasValue: false, error: 'ReferenceError: x is not defined' }] });
    expect(hoverWords(report(threw), 'hover', 'x', 2, undefined)).toMatchObject({ text: 'x ✗ ReferenceError: x is not defined\nas of step 3', tone: 'error' });
    const refused = hoverLogs({ placements: [{ id: 'hover', file: 'flow.ts', line: 31, expr: 'total', placed: false, reason: 'names a line with no statement' }] });
    expect(hoverWords(report(refused), 'hover', 'total', 2, undefined).text).toBe('total: cannot be read here; a logpoint on this line names a line with no statement');
  });
});
