import { describe, expect, it } from 'vitest';
import { placeLogpoints } from './place';
import { transpile } from '../source/transpile';
import { parseLogSpec, logSpecOf } from './spec';
import { moveLogpoints, sharedLines } from './lines';

const SOURCE = [
  "import { Command, Success } from 'pure-effect';", // 1
  'interface Order { total: number }', // 2
  'function build(order: Order) {', // 3
  '  const total = order.total * 2;', // 4
  '  if (total > 0)', // 5
  '    log(total);', // 6
  '  return Success({', // 7
  '    total', // 8
  '  });', // 9
  '}', // 10
  'const next = (x: number) =>', // 11
  '  Success(x + 1);', // 12
  'export const flow = (o: Order) => build(o);' // 13
].join('\n');

const place = (lines: number[], file = 'flow.ts', text = SOURCE) => placeLogpoints(file, text, lines.map((line, index) => ({ index, line, code: 'x' })));

describe('placeLogpoints', () => {
  it('reads after a declaration, before a branch or return, on entry to a declared function or an expression body', () => {
    expect(place([4, 5, 7, 3, 11, 12, 13]).results).toEqual([
      { index: 0, timing: 'after' },
      { index: 1, timing: 'before' },
      { index: 2, timing: 'before' },
      { index: 3, timing: 'entry' },
      { index: 4, timing: 'entry' },
      { index: 5, timing: 'entry' },
      { index: 6, timing: 'entry' }
    ]);
  });

  it('says why a line takes none, and where the nearest statement is', () => {
    const [types, imports, inside, blank] = place([2, 1, 8, 20]).results;
    expect(types).toMatchObject({ reason: expect.stringMatching(/declares a type/) });
    expect(imports).toMatchObject({ reason: expect.stringMatching(/import or export/) });
    expect(inside).toMatchObject({ reason: 'is on line 8, where no statement starts: put it on line 7 or line 11' });
    expect(blank).toMatchObject({ reason: expect.stringMatching(/line 20/) });
  });

  it('wraps a statement that is the body of an if without braces, so the if still governs it', () => {
    const { text } = place([6]);
    expect(text.split('\n')[5]).toBe('    {log(total);;if (__pe$lp()) try { __pe$lv(0, (x), 0); } catch (__pe$e) { __pe$lv(0, __pe$e, 1); }}');
  });

  it('keeps every line where it was, and the result still compiles as TypeScript and JSX', () => {
    const { text } = place([3, 4, 5, 6, 7, 11, 12, 13]);
    expect(text.split('\n')).toHaveLength(SOURCE.split('\n').length);
    expect(transpile('flow.ts', SOURCE, text).kind).toBe('ok');
    const jsx = 'export const f = (p) => {\n  const el = <b>{p.x}</b>;\n  return el;\n};';
    const placed = placeLogpoints('flow.jsx', jsx, [{ index: 0, line: 2, code: 'el' }]);
    expect(placed.results).toEqual([{ index: 0, timing: 'after' }]);
    expect(transpile('flow.jsx', jsx, placed.text).kind).toBe('ok');
  });

  describe("a line inside a Command's function, which a replay never runs", () => {
    const FLOW = [
      "import { Command, Success } from 'pure-effect';", // 1
      'export const charge = (order: { total: number }) => {', // 2
      '  const cmdCharge = () =>', // 3
      '    payments.charge({', // 4
      '      amount: order.total * 100', // 5
      '    });', // 6
      '  return Command(cmdCharge, (r) => Success(r));', // 7
      '};', // 8
      'export const inline = (id: string) =>', // 9
      '  Command(', // 10
      '    () => db.get(id),', // 11
      '    (row) => Success(row)', // 12
      '  );', // 13
      'export const oneLine = (id: string) => { return Command(() => db.get(id), (r) => Success(r)); };', // 14
      'export const cmdLoad = () => db.load();', // 15
      'export const load = () => Command(cmdLoad, (r) => Success(r));', // 16
      'export const both = (id: string) => Command(() => db.get(id), (row) => Success(row));', // 17
      'function cmdSave(row: unknown) {', // 18
      '  return db.save(row);', // 19
      '}', // 20
      'export const save = (row: unknown) => {', // 21
      '  const saving = Command(cmdSave, () => Success(row));', // 22
      '  return saving;', // 23
      '};' // 24
    ].join('\n');
    const at = (lines: number[]) => placeLogpoints('flow.ts', FLOW, lines.map((line, index) => ({ index, line, code: 'x' })));

    it('reads where the Command is built: after its declaration, or before the statement that makes it', () => {
      const { results, text } = at([3, 4, 5, 6, 11, 15]);
      expect(results.map((r) => ('timing' in r ? [r.timing, r.note] : r.reason))).toEqual([
        ...[0, 1, 2, 3].map(() => ['after', expect.stringMatching(/^reads where cmdCharge is built \(line 3\): a replay never runs a Command's function/)]),
        ['entry', expect.stringMatching(/^reads where its Command is built \(line 10\)/)],
        ['after', expect.stringMatching(/^reads where cmdLoad is built \(line 15\)/)]
      ]);
      const lines = text.split('\n');
      expect(lines[5]).toMatch(/^ {4}\}\);;if \(__pe\$lp\(\)\) try \{ __pe\$lv\(0, \(x\), 0\)/);
      expect(lines[4]).toBe('      amount: order.total * 100');
      expect(lines[9]).toMatch(/^ {2}\(__pe\$lp\(\) && .*Command\($/);
      expect(transpile('flow.ts', FLOW, text).kind).toBe('ok');
    });

    it('leaves alone a line whose own statement makes the Command, and the lines of its next', () => {
      const { results } = at([7, 12, 14, 17]);
      expect(results).toEqual([
        { index: 0, timing: 'before' },
        { index: 1, timing: 'entry' },
        { index: 2, timing: 'entry' },
        { index: 3, timing: 'entry' }
      ]);
      // line 17 declares `both` and holds a Command's function: the read goes on entry to `both`, which runs
      expect(at([17]).text.split('\n')[16]).toContain('(id: string) => (__pe$lp()');
    });

    it('a function declaration given to Command reads before the statement that makes the Command', () => {
      const { results } = at([18, 19]);
      expect(results.map((r) => ('timing' in r ? [r.timing, r.note?.slice(0, 40)] : r))).toEqual([
        ['before', 'reads where cmdSave is built (line 22): '],
        ['before', 'reads where cmdSave is built (line 22): ']
      ]);
    });
  });

  it('places nothing in a file that does not parse', () => {
    expect(place([1], 'flow.ts', 'const = ;').results[0]).toMatchObject({ reason: expect.stringMatching(/does not parse/) });
  });
});

describe('parseLogSpec', () => {
  it('reads file:line=expression, the file up to the last :line=', () => {
    expect(parseLogSpec('flow.ts:31=order.total')).toEqual({ ok: true, logpoint: { id: 'flow.ts:31=order.total', file: 'flow.ts', line: 31, expr: 'order.total' } });
    expect(parseLogSpec('C:/src/flow.ts:7=a == b')).toMatchObject({ ok: true, logpoint: { file: 'C:/src/flow.ts', line: 7, expr: 'a == b' } });
    expect(logSpecOf({ file: 'flow.ts', line: 3, expr: 'x' })).toBe('flow.ts:3=x');
  });
  it.each(['flow.ts=total', 'flow.ts:0=total', 'flow.ts:12=', ':3=x'])('refuses %s with an example', (spec) => {
    const r = parseLogSpec(spec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/flow\.ts|line|<file>/);
  });
});

describe('moving logpoints from the edited code to the recorded code', () => {
  it('keeps those on lines the edit left alone, at their lines there, and drops the rest', () => {
    const recorded = 'a\nb\nc\nd';
    const edited = 'a\nnew\nb\nC\nd';
    expect([...sharedLines(edited, recorded)]).toEqual([
      [1, 1],
      [3, 2],
      [5, 4]
    ]);
    const points = [1, 2, 3, 4, 5].map((line) => ({ id: `p${line}`, file: 'flow.ts', line, expr: 'x' }));
    const { moved, dropped } = moveLogpoints(points, [{ name: 'flow.ts', text: edited }], [{ name: 'flow.ts', text: recorded }]);
    expect(moved.map((p) => [p.id, p.line])).toEqual([
      ['p1', 1],
      ['p3', 2],
      ['p5', 4]
    ]);
    expect(dropped.map((p) => p.id)).toEqual(['p2', 'p4']);
  });
});
