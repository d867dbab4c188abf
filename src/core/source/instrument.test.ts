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
    expect(lines[0]).toBe('const renewOne = __pe$fn((sub) => Command(() => 1), "renewOne@flow.js:1");');
    expect(lines[1]).toBe('const price = (xs) => xs.map((x) => x.price);');
    expect(lines[2]).toBe('function hold(req) {return __pe$call("hold@flow.js:3", arguments[0], () => { return effectPipe(step)(req); });}');
    // A Command's own function and a pass-through to another builder are not builders: they run unmarked.
    expect(lines[3]).toBe('const viaHelper = (i) => renew(i);');
    expect(lines.slice(4)).toEqual(['const later = async (x) => Command(x);', 'function* gen() { yield Command(1); }', 'const o = { m(x) { return Command(x); } };']);
  });

  test('a function that only returns a builder is no builder; nested builders that end together close inner first', () => {
    expect(instrumentBuilders('const f = (a) => (b) => Command(a, b);', 'flow.js')).toBe('const f = (a) => __pe$fn((b) => Command(a, b), "anonymous@flow.js:1");');
    const code = instrumentBuilders('function f() { Retry(x); return () => Command(1)}', 'flow.js');
    expect(code).toBe('function f() {return __pe$call("f@flow.js:1", arguments[0], () => { Retry(x); return __pe$fn(() => Command(1), "anonymous@flow.js:1")});}');
    expect(() => new Function('__pe$fn', '__pe$call', code)).not.toThrow();
  });

  test('code the parser cannot read is left as it was', () => {
    expect(instrumentBuilders('const f = (a) => Command(a) <<<', 'flow.js')).toBe('const f = (a) => Command(a) <<<');
  });

  test("sucrase's import calls count: `Command(…)` from 'pure-effect', aliased or as a namespace", () => {
    const code = compiled(
      'flow.ts',
      "import { Command as C } from 'pure-effect';\nimport * as pe from 'pure-effect';\nexport const a = (x: number) => C(() => x);\nexport const b = (x: number) => pe.Parallel([]);\nexport const c = (x: number) => fetchIt(x);\n"
    );
    expect(code).toContain('__pe$fn((x) => _pureeffect.Command.call(void 0, () => x), "a@flow.ts:3")');
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
