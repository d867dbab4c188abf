import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTraceText } from '../trace/parse';
import type { TraceModel } from '../trace/model';
import type { ReplayReport, ReplayStep } from '../replay/report';
import { NO_NOTES, setStepText, toggleStar } from '../notes/notes';
import { diffValues } from '../present/diff';
import { buildSlide, type SlideReplay } from './slide';
import { elide, valueLines } from './valueLines';
import { excerptAt, stepLine } from './excerpt';

const demoModel = (): TraceModel => {
  const r = parseTraceText(readFileSync('public/demo/checkout.trace.json', 'utf8'));
  if (r.kind !== 'trace') throw new Error(r.kind);
  return r.model;
};
const FLOW = readFileSync('public/demo/flow.ts', 'utf8');
const files = [{ name: 'flow.ts', text: FLOW }];
const lineOf = (text: string) => FLOW.split('\n').findIndex((l) => l.includes(text)) + 1;

const input = { orderId: 'ord_7Hq2', customerId: 'cus_Ly81', promoCode: 'FREE100' };
const cart = { orderId: 'ord_7Hq2', items: [{ sku: 'MUG-BLUE', qty: 2, unitPrice: 18 }], subtotal: 60, currency: 'eur' };
const priced = { ...input, cart, percentOff: 100, total: 0 };
const step = (s: Partial<ReplayStep> & Pick<ReplayStep, 'index' | 'name'>): ReplayStep => ({ type: 'Command', path: String(s.index), entryIndex: s.index, status: 'answered', ...s });
const report: ReplayReport = {
  status: 'resolved',
  result: { type: 'Failure', error: { __error: true, name: 'Error', message: 'Amount must be non-zero.' } },
  unreached: [],
  narration: [],
  steps: [
    step({ index: 0, name: 'cmdFetchCart', before: input, hasBefore: true, after: { ...input, cart }, hasAfter: true }),
    step({ index: 1, name: 'cmdValidatePromo', before: { ...input, cart }, hasBefore: true, after: priced, hasAfter: true }),
    step({ index: 2, name: 'cmdChargeCard', before: priced, hasBefore: true, producer: { kind: 'step', path: '1', command: 'cmdValidatePromo' } })
  ]
};
const auto: SlideReplay = { report, files, auto: true, stale: false };

describe('a walkthrough slide', () => {
  it('shows the note, the star, the recorded outcome and the lines around the Command', () => {
    const notes = toggleStar(setStepText({ title: 'Checkout fails for 100% promos' }, 2, 'the provider refuses a zero charge'), 2);
    const slide = buildSlide({ model: demoModel(), step: 2, notes, files, last: undefined });
    expect(slide).toMatchObject({ step: 2, total: 3, title: 'Checkout fails for 100% promos', command: 'cmdChargeCard', path: '2', starred: true, note: 'the provider refuses a zero charge', duration: '6.89 ms' });
    expect(slide.recorded).toEqual({ text: '✗ threw Error: Amount must be non-zero.', tone: 'err' });
    expect(slide.replayed).toBeUndefined();
    const at = lineOf('const cmdChargeCard');
    expect(slide.source?.file).toBe('flow.ts');
    expect(slide.source?.focus).toBe(at);
    expect(slide.source?.lines.map((l) => l.number)).toEqual([at - 3, at - 2, at - 1, at, at + 1, at + 2, at + 3]);
    expect(slide.source?.lines[3]!.text).toContain('const cmdChargeCard = () =>');
    expect(slide.pipeline).toEqual({ kind: 'none', reason: expect.stringMatching(/^Replay the flow/) });
  });

  it('a returned step gives its value; without source the slide says why', () => {
    const model = demoModel();
    const slide = buildSlide({ model, step: 1, notes: NO_NOTES, files: [], last: undefined });
    expect(slide.recorded.text).toBe('✓ returned');
    expect(slide.recorded.value).toBe('{ code: "FREE100", customerId: "cus_Ly81", valid: true, percentOff: 100 }');
    expect(slide.title).toBe('checkout');
    expect(slide.note).toBeUndefined();
    expect(slide.sourceMissing).toBe('No flow source is open.');
    expect(buildSlide({ model, step: 1, notes: NO_NOTES, files: [{ name: 'other.ts', text: 'x' }], last: undefined }).sourceMissing).toMatch(/not found/);
  });

  it('sets the pipeline before and after side by side and marks what the step changed', () => {
    const slide = buildSlide({ model: demoModel(), step: 1, notes: NO_NOTES, files, last: auto });
    // The replay on load fills in values; it is not a replay the person ran.
    expect(slide.replayed).toBeUndefined();
    const p = slide.pipeline;
    if (p.kind !== 'values') throw new Error(p.kind);
    expect(p.changes).toEqual([
      { path: 'percentOff', kind: 'added', after: '100' },
      { path: 'total', kind: 'added', after: '0' }
    ]);
    expect(p.after!.filter((l) => l.changed).map((l) => l.text.trim())).toEqual(['percentOff: 100,', 'total: 0']);
    expect(p.before!.some((l) => l.changed)).toBe(false);
  });

  it('on a step that threw, shows what reached it and what the step before changed', () => {
    const slide = buildSlide({ model: demoModel(), step: 2, notes: NO_NOTES, files, last: auto });
    const p = slide.pipeline;
    if (p.kind !== 'values') throw new Error(p.kind);
    expect(p.after).toBeUndefined();
    expect(p.afterMissing).toMatch(/passed no value on/);
    expect(p.by).toBe('cmdValidatePromo');
    expect(p.from).toBe('changed on the way here, by cmdValidatePromo');
    expect(p.before!.filter((l) => l.changed).map((l) => l.text.trim())).toEqual(['percentOff: 100,', 'total: 0']);
  });

  it('after a fix is replayed, the pipeline is still what production received (the incident\'s replay)', () => {
    const fixed: ReplayReport = { ...report, result: { type: 'Success', value: {} }, steps: report.steps.slice(0, 2) };
    const slide = buildSlide({ model: demoModel(), step: 2, notes: NO_NOTES, files, last: { ...auto, report: fixed, auto: false }, incident: report });
    const p = slide.pipeline;
    if (p.kind !== 'values') throw new Error(p.kind);
    expect(p.by).toBe('cmdValidatePromo');
    expect(slide.replayed?.text).toMatch(/^not replayed/);
  });

  it('after the person replays, says how the step fared and how the flow ended', () => {
    const model = demoModel();
    const mine: SlideReplay = { ...auto, auto: false };
    expect(buildSlide({ model, step: 2, notes: NO_NOTES, files, last: mine }).replayed).toEqual({
      text: '✓ replayed: the flow asked for this step and got its recorded answer',
      tone: 'ok',
      ended: 'The flow ended with ✗ Failure: Error: Amount must be non-zero.',
      stale: false
    });
    const fixed: ReplayReport = { ...report, result: { type: 'Success', value: {} }, unreached: [2], steps: report.steps.slice(0, 2) };
    const slide = buildSlide({ model, step: 2, notes: NO_NOTES, files, last: { report: fixed, files, auto: false, stale: true } });
    expect(slide.replayed).toMatchObject({ text: '○ never reached in the replay', tone: 'muted', ended: 'The flow ended with ✓ Success', stale: true });
    expect(slide.pipeline).toEqual({ kind: 'none', reason: 'The last replay did not reach this step.' });
  });

  it('keeps long texts short', () => {
    const long = 'x'.repeat(5000);
    const slide = buildSlide({ model: demoModel(), step: 0, notes: setStepText({ title: long }, 0, long), files, last: undefined });
    expect(slide.note!.length).toBe(2000);
    expect(slide.title.length).toBe(200);
  });
});

describe('the source line of a step', () => {
  it('is the Command’s definition, else where the replay saw it built, moved along with edits', () => {
    expect(stepLine(files, 'cmdFetchCart', 0, undefined)).toMatchObject({ file: 'flow.ts', line: lineOf('const cmdFetchCart') });
    const inline = 'const a = 1;\nCommand(() => 1, next);\n';
    const built: ReplayReport = { ...report, steps: [step({ index: 0, name: 'anonymous', location: { file: 'f.ts', line: 2, column: 1 } })] };
    const edited = [{ name: 'f.ts', text: `// added\n${inline}` }];
    expect(stepLine(edited, 'anonymous', 0, { report: built, files: [{ name: 'f.ts', text: inline }] })).toMatchObject({ file: 'f.ts', line: 3 });
    expect(stepLine(edited, 'anonymous', 0, undefined)).toBeUndefined();
  });

  it('is cut at the file’s ends, and refused past them', () => {
    const f = [{ name: 'a.ts', text: 'one\n\ttwo\nthree' }];
    expect(excerptAt(f, { file: 'a.ts', line: 1, column: 1 })).toEqual({
      file: 'a.ts',
      focus: 1,
      lines: [
        { number: 1, text: 'one' },
        { number: 2, text: '    two' },
        { number: 3, text: 'three' }
      ]
    });
    expect(excerptAt(f, { file: 'a.ts', line: 4, column: 1 })).toBeUndefined();
    // The indent the lines share goes; blank lines do not count.
    const nested = [{ name: 'n.ts', text: '    if (x) {\n\n        go();\n    }' }];
    expect(excerptAt(nested, { file: 'n.ts', line: 3, column: 1 }, 1)!.lines.map((l) => l.text)).toEqual(['', '    go();', '}']);
    expect(excerptAt(f, { file: 'b.ts', line: 1, column: 1 })).toBeUndefined();
  });
});

describe('a value as lines', () => {
  it('prints keys as diff paths them, marking changed lines on each side', () => {
    const before = { a: 1, list: [1, 2], gone: true, 'odd key': 'x' };
    const after = { a: 2, list: [1, 3], 'odd key': 'x', added: { deep: null } };
    const changes = diffValues(before, after);
    const b = valueLines(before, changes, 'before');
    const a = valueLines(after, changes, 'after');
    expect(b.map((l) => `${l.changed ? '*' : ' '}${l.text}`)).toEqual([' {', '*  a: 1,', '   list: [', '     1,', '*    2', '   ],', '*  gone: true,', '   "odd key": "x"', ' }']);
    expect(a.filter((l) => l.changed).map((l) => l.text.trim())).toEqual(['a: 2,', '3', 'added: {', 'deep: null', '}']);
  });

  it('folds a nested value that holds no change onto one line, and spreads one that does', () => {
    const before = { a: 1, cart: { x: 1, items: [1, 2], note: 'n'.repeat(80) }, deep: { in: { v: 1 } } };
    const after = { ...before, deep: { in: { v: 2 } } };
    const lines = valueLines(after, diffValues(before, after), 'after');
    expect(lines.map((l) => `${l.changed ? '*' : ' '}${l.text}`)).toEqual([' {', '   a: 1,', '   cart: { x: 1, items: […], … },', '   deep: {', '     in: {', '*      v: 2', '     }', '   }', ' }']);
  });

  it('a whole value replaced is all marked; scalars and empties print on one line', () => {
    expect(valueLines(1, diffValues(1, 2), 'after')).toEqual([{ text: '1', changed: true }]);
    expect(valueLines({ a: {}, b: [] }, [], 'after').map((l) => l.text)).toEqual(['{', '  a: {},', '  b: []', '}']);
    expect(valueLines(undefined, [], 'before')).toEqual([{ text: 'undefined', changed: false }]);
  });

  it('a long value keeps the lines around its changes, and says where lines were left out', () => {
    const before = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    const after = { ...before, k50: -1 };
    const lines = valueLines(after, diffValues(before, after), 'after', 10);
    expect(lines.map((l) => l.text.trim())).toEqual(['{', '…', 'k49: 49,', 'k50: -1,', 'k51: 51,', '…', '}']);
    expect(lines.filter((l) => l.gap)).toHaveLength(2);
    // Nothing changed: the top of it.
    const top = valueLines(before, [], 'before', 10);
    expect(top.length).toBeLessThanOrEqual(10);
    expect(top[1]!.text.trim()).toBe('k0: 0,');
    expect(top.at(-1)!.text).toBe('}');
  });

  it('never shows more lines than asked for, however many changed', () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({ text: String(i), changed: i % 3 === 0 }));
    expect(elide(lines, 40).length).toBeLessThanOrEqual(40);
    const huge = Array.from({ length: 100_000 }, (_, i) => i);
    expect(valueLines(huge, [], 'before').length).toBeLessThanOrEqual(40);
  });

  it('shows the values pinned from logpoints that belong to its step, in the order they ran, bounded', () => {
    const model = demoModel();
    const pin = (text: string, recorded?: number) => ({ file: 'flow.ts', line: 31, expr: 'total', text, ...(recorded !== undefined ? { recorded } : {}) });
    const pinned = [pin('0', 2), pin('60', 1), pin('no step'), pin('x'.repeat(5_000), 2)];
    const slide = buildSlide({ model, step: 2, notes: NO_NOTES, files, last: undefined, pinned });
    expect(slide.logpoints?.map((l) => l.text.slice(0, 3))).toEqual(['0', 'xxx']);
    expect(slide.logpoints?.[0]).toEqual({ file: 'flow.ts', line: 31, expr: 'total', text: '0' });
    expect(slide.logpoints?.[1]!.text.length).toBeLessThanOrEqual(400);
    expect(slide.moreLogpoints).toBeUndefined();
    expect(buildSlide({ model, step: 0, notes: NO_NOTES, files, last: undefined, pinned }).logpoints).toBeUndefined();
    const many = Array.from({ length: 11 }, (_, i) => pin(String(i), 2));
    const full = buildSlide({ model, step: 2, notes: NO_NOTES, files, last: undefined, pinned: many });
    expect(full.logpoints).toHaveLength(8);
    expect(full.moreLogpoints).toBe(3);
  });
});
