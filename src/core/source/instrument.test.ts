import { describe, expect, test } from 'vitest';
import * as runtime from '../effect/index';
import { recordEffect } from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { instrumentBuilders } from './instrument';
import { loadFlowModule } from './loader';
import { transpile } from './transpile';

const compiled = (name: string, text: string): string => {
  const t = transpile(name, text);
  if (t.kind !== 'ok') throw new Error(t.message);
  return t.code;
};

describe('which functions are marked', () => {
  test('builders are; pure computations, pass-throughs, async functions, generators and methods are not', () => {
    const code = instrumentBuilders(
      [
        'const renewOne = (sub) => Command(() => 1);',
        'const price = (xs) => xs.map((x) => x.price);',
        'function hold(req) { return effectPipe(step)(req); }',
        'const viaHelper = (i) => renew(i);',
        'const later = async (x) => Command(x);',
        'function* gen() { yield Command(1); }',
        'const o = { m(x) { return Command(x); } };'
      ].join('\n'),
      'flow.js'
    );
    const lines = code.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('const renewOne = (sub) => { const __pe$b = __pe$in("renewOne@flow.js:1", sub); try { return (Command(() => 1)); } finally { __pe$out(__pe$b); } };');
    expect(lines[1]).toBe('const price = (xs) => xs.map((x) => x.price);');
    expect(lines[2]).toBe('function hold(req) { const __pe$b = __pe$in("hold@flow.js:3", req); try { return effectPipe(step)(req); } finally { __pe$out(__pe$b); }}');
    // A Command's own function and a pass-through to another builder are not builders: they run unmarked.
    expect(lines[3]).toBe('const viaHelper = (i) => renew(i);');
    expect(lines.slice(4)).toEqual(['const later = async (x) => Command(x);', 'function* gen() { yield Command(1); }', 'const o = { m(x) { return Command(x); } };']);
  });

  test('a function that only returns a builder is no builder; nested builders that end together close inner first', () => {
    expect(instrumentBuilders('const f = (a) => (b) => Command(a, b);', 'flow.js')).toBe(
      'const f = (a) => (b) => { const __pe$b = __pe$in("anonymous@flow.js:1", b); try { return (Command(a, b)); } finally { __pe$out(__pe$b); } };'
    );
    const code = instrumentBuilders('function f() { Retry(x); return () => Command(1)}', 'flow.js');
    expect(code).toBe(
      'function f() { const __pe$b = __pe$in("f@flow.js:1", arguments[0]); try { Retry(x); return __pe$fn(() => Command(1), "anonymous@flow.js:1")} finally { __pe$out(__pe$b); }}'
    );
    expect(() => new Function('__pe$fn', '__pe$in', '__pe$out', code)).not.toThrow();
  });

  test('directives stay directives, parentheses stay around the body, a pattern is read through arguments or a wrapper', () => {
    expect(instrumentBuilders('function f(a) { "use strict"; return Command(a); }', 'flow.js')).toBe(
      'function f(a) { "use strict"; const __pe$b = __pe$in("f@flow.js:1", a); try { return Command(a); } finally { __pe$out(__pe$b); }}'
    );
    expect(instrumentBuilders('const g = (a) => ((Command(a)));', 'flow.js')).toBe(
      'const g = (a) => { const __pe$b = __pe$in("g@flow.js:1", a); try { return (((Command(a)))); } finally { __pe$out(__pe$b); } };'
    );
    expect(instrumentBuilders('function h({ id }) { return Command(id); }', 'flow.js')).toContain('__pe$in("h@flow.js:1", arguments[0])');
    expect(instrumentBuilders('const k = ({ id }) => Command(id);', 'flow.js')).toBe('const k = __pe$fn(({ id }) => Command(id), "k@flow.js:1");');
  });

  test('builders nested so that they start or end together still nest', () => {
    const code = instrumentBuilders('const o = (a) => Retry(a) || (() => Command(a));', 'flow.js');
    expect(code).toBe(
      'const o = (a) => { const __pe$b = __pe$in("o@flow.js:1", a); try { return (Retry(a) || (__pe$fn(() => Command(a), "anonymous@flow.js:1"))); } finally { __pe$out(__pe$b); } };'
    );
    const seen: unknown[] = [];
    const run = new Function('__pe$fn', '__pe$in', '__pe$out', 'Retry', 'Command', `${code}; return o(7);`);
    run((f: unknown) => f, (label: string, arg: unknown) => (seen.push([label, arg]), true), () => seen.push('out'), () => false, (f: unknown) => f);
    expect(seen).toEqual([['o@flow.js:1', 7], 'out']);
  });

  test('code the parser cannot read is left as it was', () => {
    expect(instrumentBuilders('const f = (a) => Command(a) <<<', 'flow.js')).toBe('const f = (a) => Command(a) <<<');
  });

  test("sucrase's import calls count: `Command(…)` from 'pure-effect', aliased or as a namespace", () => {
    const code = compiled(
      'flow.ts',
      "import { Command as C } from 'pure-effect';\nimport * as pe from 'pure-effect';\nexport const a = (x: number) => C(() => x);\nexport const b = (x: number) => pe.Parallel([]);\nexport const c = (x: number) => fetchIt(x);\n"
    );
    // The Command call also marks its site (siteMarks.ts): the key names its type, file and offset.
    expect(code).toMatch(/__pe\$in\("a@flow\.ts:3", x\); try \{ return \(__pe\$at\("C@flow\.ts:\d+", _pureeffect\.Command\)\.call\(void 0, \(\) => x\)\); \}/);
    expect(code).toContain('"b@flow.ts:4"');
    expect(code).not.toContain('"c@flow.ts:5"');
  });

  test('a per-item builder behind a pass-through arrow is still the branch builder, with the same item', async () => {
    const FLOW = "import { Command, Parallel } from 'pure-effect';\nconst renew = (sub) => Command(function cmdRenew() { return sub; });\nexport const flow = (due) => Parallel(due.map((s) => renew(s)));\n";
    const { exports } = loadFlowModule([{ name: 'flow.js', text: FLOW }], 'flow.js', runtime);
    const flow = (exports as { flow: (i: unknown) => unknown }).flow;
    const due = [{ id: 'a' }, { id: 'b' }];
    const { trace } = await recordEffect(flow as never, due, { context: { flowName: 'renew' } });
    const report = await replayTrace({ flowFn: flow, trace });
    expect(report.steps.filter((s) => s.type === 'Command').map((s) => [s.before, s.via])).toEqual(due.map((d, i) => [d, { kind: 'branch-builder', fn: 'renew@flow.js:2', branch: i }]));
  });
});

describe('a marked flow runs as it did', () => {
  const FLOW = `
import { Command, Parallel, Success, effectPipe } from 'pure-effect';
interface Sub { id: string; plan: string }
const renewOne = (sub: Sub) => {
  const cmdRenew = () => ({ id: sub.id });
  return Command(cmdRenew);
};
function audit(subs: Sub[]) {
  const cmdAudit = (signal?: AbortSignal) => ({ n: subs.length, signal });
  return Command(cmdAudit);
}
export const renewals = (due: Sub[]) =>
  effectPipe(
    (subs: Sub[]) => Parallel(subs.map(renewOne), (done) => Success({ subs, done })),
    ({ subs }: { subs: Sub[] }) => audit(subs)
  )(due);
export const names = [renewOne.name, audit.name, renewOne.length];
`;
  const files = [{ name: 'flow.ts', text: FLOW }];
  const due = [
    { id: 's1', plan: 'gold' },
    { id: 's2', plan: 'basic' },
    { id: 's3', plan: 'gold' }
  ];

  test('names and lengths are kept, so Command names and the signal rule (§9) are unchanged', () => {
    const { exports } = loadFlowModule(files, 'flow.ts', runtime);
    expect((exports as { names: unknown }).names).toEqual(['renewOne', 'audit', 1]);
  });

  test('a branch built per item receives its own item, from the builder that got it', async () => {
    const { exports } = loadFlowModule(files, 'flow.ts', runtime);
    const flow = (exports as { renewals: (i: unknown) => unknown }).renewals;
    const { trace } = await recordEffect(flow as never, due, { context: { flowName: 'renewals' } });
    const report = await replayTrace({ flowFn: flow, trace });
    expect(report.result?.type).toBe('Success');
    const branches = report.steps.filter((s) => s.name === 'cmdRenew');
    expect(branches.map((s) => [s.path, s.before, s.via])).toEqual(
      due.map((sub, i) => [`0p${i}/0`, sub, { kind: 'branch-builder', fn: 'renewOne@flow.ts:4', branch: i }])
    );
    // A builder called by a pipeline step is that step's: the library names the step, with its value.
    const auditStep = report.steps.find((s) => s.name === 'cmdAudit');
    expect(auditStep?.via).toEqual({ kind: 'step', fn: 'anonymous', index: 1 });
    expect(auditStep?.producer).toEqual({ kind: 'join', path: '0p' });
  });
});

describe("the marks' hooks in the flow's reach", () => {
  test('flow code calling them out of turn changes no outcome and breaks no report', async () => {
    const FLOW = [
      "import { Command, Success } from 'pure-effect';",
      'declare const __pe$out: (entered: unknown) => void;',
      'declare const __pe$in: (label: string, arg: unknown) => unknown;',
      'const charge = (order: { total: number }) => Command(function cmdCharge() { return order.total; }, (paid) => Success({ paid }));',
      'export const flow = (order: { total: number }) => {',
      '  for (let i = 0; i < 50; i++) __pe$out(true);',
      "  __pe$in('forged@flow.ts:1', { total: -1 });",
      '  return charge(order);',
      '};'
    ].join('\n');
    const { exports } = loadFlowModule([{ name: 'flow.ts', text: FLOW }], 'flow.ts', runtime);
    const flow = (exports as { flow: (i: unknown) => unknown }).flow;
    const { trace } = await recordEffect(flow as never, { total: 12 }, { context: { flowName: 'forge' } });
    const report = await replayTrace({ flowFn: flow, trace });
    expect(report.status).toBe('resolved');
    expect(report.result).toEqual({ type: 'Success', value: { paid: 12 } });
    // charge is a builder of its own: what it was called with is still the order.
    expect(report.steps.map((s) => [s.name, s.before])).toEqual([['cmdCharge', { total: 12 }]]);
  });
});
