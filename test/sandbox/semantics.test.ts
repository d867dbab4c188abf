// Flow code runs as JavaScript runs, in the CLI's real sandbox worker (ses locked down, a
// Compartment per replay): each probe here gives what plain Node gives for the same module. The
// differential suite (test/differential) compares whole corpora; these pin each rule's own case.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, startSandbox } from '../../src/sandbox/node/host';
import type { RunResult } from '../../src/core/source/runFlow';
import { HIDDEN, KNOWN_GLOBALS } from '../../src/core/source/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOOT = path.join(ROOT, 'dist-cli/sandbox-boot.cjs'); // built by the Vitest global setup
const EMPTY_TRACE = JSON.stringify({ flowName: 'flow', initialInput: null, trace: [] });

async function run(text: string, request: { ambient?: { clock?: number; seed?: number } } = {}): Promise<RunResult> {
  const o = await startSandbox(BOOT, DEFAULT_LIMITS).run({ files: [{ name: 'flow.ts', text }], entry: 'flow.ts', traceText: EMPTY_TRACE, ...request });
  if (o.kind !== 'result') throw new Error(`the sandbox gave no result: ${JSON.stringify(o)}`);
  return o.result;
}

/** Each probe's value, or the name and message it threw, as the flow's Success. */
async function probes(lines: Record<string, string>): Promise<Record<string, string>> {
  const body = Object.entries(lines)
    .map(([k, expr]) => `  ${JSON.stringify(k)}: t(() => { ${expr} }),`)
    .join('\n');
  const text = `import { Success } from 'pure-effect';
const t = (f: () => unknown): string => { try { return String(f()); } catch (e: any) { return e.name + ': ' + e.message; } };
export const flow = () => Success({
${body}
});
`;
  const r = await run(text);
  if (r.kind !== 'report' || r.report.result?.type !== 'Success') throw new Error(`the probes did not run: ${JSON.stringify(r).slice(0, 500)}`);
  return r.report.result.value as Record<string, string>;
}

describe('names declared nowhere', () => {
  it('read as ReferenceError, typeof as "undefined", assignment throws; a global defined at run time is found', async () => {
    expect(
      await probes({
        read: 'return totl <= 0;',
        member: 'return orderr.total;',
        call: 'return notAFunction(1);',
        typeof: 'return typeof totl;',
        typeofParens: 'return typeof (totl);',
        write: 'totl = 1; return "assigned";',
        compound: 'totl += 1; return "assigned";',
        destructure: 'let a; [a, missingB] = [1, 2]; return a;',
        shorthand: 'return JSON.stringify({ undeclaredC });',
        guard: 'if (!alreadyWaived) return "waived"; return "charged";',
        defined: 'globalThis.lateName = 5; return lateName + typeof lateName;',
        inherited: 'return typeof toString;',
        sesOwn: 'return [typeof harden, typeof lockdown, typeof Compartment].join();',
        sesOwnRead: 'return harden;'
      })
    ).toEqual({
      read: 'ReferenceError: totl is not defined',
      member: 'ReferenceError: orderr is not defined',
      call: 'ReferenceError: notAFunction is not defined',
      typeof: 'undefined',
      typeofParens: 'undefined',
      write: 'ReferenceError: totl is not defined',
      compound: 'ReferenceError: totl is not defined',
      destructure: 'ReferenceError: missingB is not defined',
      shorthand: 'ReferenceError: undeclaredC is not defined',
      guard: 'ReferenceError: alreadyWaived is not defined',
      defined: '5number',
      inherited: 'function',
      sesOwn: 'undefined,undefined,undefined',
      sesOwnRead: 'ReferenceError: harden is not defined'
    });
  });

  it('the ReferenceError stops the replay at the line that read the name', async () => {
    const r = await run(`import { Success } from 'pure-effect';\nexport const flow = (order: any) => {\n  if (totl <= 0) return Success(0);\n  return Success(1);\n};\n`);
    if (r.kind !== 'report') throw new Error(JSON.stringify(r));
    expect(r.report.status).toBe('rejected');
    expect(r.report.rejection?.text).toMatchObject({ name: 'ReferenceError', message: 'totl is not defined' });
    expect(r.report.rejection?.location).toEqual({ file: 'flow.ts', line: 3, column: 7 });
  });
});

describe('the names left unchecked (core/source/globals.ts)', () => {
  it('are each on the sandbox global, and none is one of the hidden names', async () => {
    const names = JSON.stringify([...KNOWN_GLOBALS]);
    const out = await probes({ missing: `return (${names} as string[]).filter((n) => !(n in globalThis)).join() || 'none';`, hidden: `return (${JSON.stringify([...HIDDEN])} as string[]).filter((n) => (${names} as string[]).includes(n)).join() || 'none';` });
    expect(out).toEqual({ missing: 'none', hidden: 'none' });
  });
});

describe('blocked names', () => {
  it('typeof answers as a browser would, instanceof Function works, only use throws', async () => {
    const out = await probes({
      types: 'return [typeof setTimeout, typeof fetch, typeof Function, typeof window, typeof process, typeof navigator].join();',
      instance: 'return (() => 1) instanceof Function;',
      call: 'setTimeout(() => 1); return "ran";',
      read: 'return process.env;'
    });
    expect(out.types).toBe('function,function,function,undefined,undefined,undefined');
    expect(out.instance).toBe('true');
    expect(out.call).toMatch(/^SandboxError: setTimeout\(\) is not available to flow code in Timescope/);
    expect(out.read).toMatch(/^SandboxError: process is not available to flow code in Timescope/);
  });
});

describe('built-ins', () => {
  it('assigning a property a frozen prototype holds defines it on the object (the override mistake)', async () => {
    expect(
      await probes({
        number: 'const n = new Number(1); n.toString = () => "x"; return String(n);',
        array: 'const a: any = []; a.constructor = 5; return a.constructor;',
        map: 'const m: any = new Map(); m.set = 1; return m.set;',
        iterator: 'const it: any = [][Symbol.iterator](); it.next = () => 7; return it.next();',
        promise: 'const p: any = Promise.resolve(); p.then = 8; return p.then;',
        regexp: 'const r: any = /x/; r.exec = 9; return r.exec;',
        dynamic: 'const o: any = new Date(0); o["toISOString"] = () => "d"; return o.toISOString();',
        ownStillOwn: 'const a: any = []; a.constructor = 5; return Object.getOwnPropertyDescriptor(a, "constructor")!.enumerable;',
        prototypeItself: 'try { (Array.prototype as any).push = 1; return "assigned"; } catch (e: any) { return e.name; }'
      })
    ).toEqual({ number: 'x', array: '5', map: '1', iterator: '7', promise: '8', regexp: '9', dynamic: 'd', ownStillOwn: 'true', prototypeItself: 'TypeError' });
  });

  it('answers in the host locale, as production did', async () => {
    expect(await probes({ all: "return [(1234.5).toLocaleString('en-US'), 'a'.localeCompare('B'), 'i'.toLocaleUpperCase('tr')].join();" })).toEqual({ all: '1,234.5,-1,İ' });
  });

  it('has the float arrays and weak references', async () => {
    expect(await probes({ all: 'return [typeof Float32Array, typeof Float64Array, typeof WeakRef, typeof FinalizationRegistry, new Float64Array([1.5])[0], new WeakRef({}).deref() !== null].join();' })).toEqual({
      all: 'function,function,function,function,1.5,true'
    });
  });
});

describe('text ses would refuse', () => {
  it('runs <!--, -->, import( and eval( inside strings, templates, regular expressions and comments as written', async () => {
    const text = `import { Success } from 'pure-effect';
// a comment with <!-- and --> and import('x') and eval('y')
const html = "<!-- a -->" + '<!--' + \`<p><!-- \${1} --></p>\`;
const words = "import('x') and eval(1)";
const re = /<!--(.*?)-->/;
const re2 = /import(\\s*)\\(/g;
export const flow = () => Success([html, words, re.source, String(re.exec('<!--y-->')?.[1]), re2.source, re2.flags].join('|'));
`;
    const r = await run(text);
    if (r.kind !== 'report') throw new Error(JSON.stringify(r));
    expect(r.report.result).toEqual({ type: 'Success', value: ['<!-- a --><!--<p><!-- 1 --></p>', "import('x') and eval(1)", '<!--(.*?)-->', 'y', 'import(\\s*)\\(', 'g'].join('|') });
  });

  it('a tagged template, whose raw text the tag reads, is refused at its own line with the reason', async () => {
    const r = await run(`import { Success } from 'pure-effect';\n\nconst t = String.raw\`<!-- raw -->\`;\nexport const flow = () => Success(t);\n`);
    expect(r).toMatchObject({ kind: 'compile-error', line: 3 });
    expect((r as { message: string }).message).toMatch(/tagged template/);
  });
});

describe('a module is a module', () => {
  it("an ES module's own exports, module and require are ordinary names: free, not defined; declared, its own", async () => {
    const text = `import { Success } from 'pure-effect';\nconst module = 'mine';\nconst t = (f: () => unknown) => { try { return String(f()); } catch (e: any) { return e.name + ': ' + e.message; } };\nexport const flow = () => Success([module, typeof exports, typeof require, t(() => require('x')), JSON.stringify({ module })].join('|'));\n`;
    expect(await run(text)).toMatchObject({ kind: 'report', report: { result: { type: 'Success', value: 'mine|undefined|undefined|ReferenceError: require is not defined|{"module":"mine"}' } } });
  });

  it('a #! line is a comment, as Node reads it', async () => {
    expect(await run(`#!/usr/bin/env node\nimport { Success } from 'pure-effect';\nexport const flow = () => Success(1);\n`)).toMatchObject({ kind: 'report', report: { result: { type: 'Success', value: 1 } } });
  });

  it('a return outside any function is the SyntaxError a module gives', async () => {
    expect(await run(`import { Success } from 'pure-effect';\nif (Math.PI > 3) return;\nexport const flow = () => Success(1);\n`)).toMatchObject({ kind: 'compile-error', line: 2, message: 'Illegal return statement' });
  });

  it('an Error subclass is placed where it is thrown, not at its class', async () => {
    const r = await run(`import { Success } from 'pure-effect';\nclass Base extends Error {}\nclass OrderError extends Base { constructor(m: string) { super(m); this.name = 'OrderError'; } }\nexport const flow = () => {\n  throw new OrderError('no stock');\n};\n`);
    if (r.kind !== 'report') throw new Error(JSON.stringify(r));
    expect(r.report.rejection?.text).toMatchObject({ name: 'OrderError', message: 'no stock' });
    expect(r.report.rejection?.location).toMatchObject({ line: 5 });
  });

  it('top-level this is undefined in an ES module', async () => {
    expect(await run(`import { Success } from 'pure-effect';\nconst self = this;\nexport const flow = () => Success(String(self));\n`)).toMatchObject({ kind: 'report', report: { result: { type: 'Success', value: 'undefined' } } });
  });

  it('a function redeclared with var is a SyntaxError at its line', async () => {
    expect(await run(`import { Success } from 'pure-effect';\nfunction f() {}\nvar f;\nexport const flow = () => Success(1);\n`)).toMatchObject({
      kind: 'compile-error',
      line: 3,
      message: "Identifier 'f' has already been declared"
    });
  });

  it('a bare yield sucrase cannot read compiles, and yields undefined', async () => {
    const text = `import { Success } from 'pure-effect';\nfunction* g() { const a = [yield, (yield)]; return a; }\nexport const flow = () => { const it = g(); it.next(); it.next(1); return Success(JSON.stringify(it.next(2).value)); };\n`;
    expect(await run(text)).toMatchObject({ kind: 'report', report: { result: { type: 'Success', value: '[1,2]' } } });
  });
});

describe('the clock and randomness in pure code', () => {
  const text = `import { Success } from 'pure-effect';\nexport const flow = () => {\n  const at = Date.now();\n  const pick = Math.random();\n  return Success({ at, pick, d: new Date().getTime(), id: crypto.randomUUID() });\n};\n`;

  it('each read is reported with its line', async () => {
    const r = await run(text);
    if (r.kind !== 'report') throw new Error(JSON.stringify(r));
    expect(r.ambient?.map((a) => [a.kind, a.api, a.location?.line, a.times, a.fixed])).toEqual([
      ['clock', 'Date.now()', 3, 1, false],
      ['random', 'Math.random()', 4, 1, false],
      ['clock', 'new Date()', 5, 1, false],
      ['random', 'crypto.randomUUID()', 5, 1, false]
    ]);
  });

  it('a fixed clock and seed answer the same in two replays, and say so', async () => {
    const ambient = { clock: Date.UTC(2026, 0, 2), seed: 7 };
    const [a, b] = await Promise.all([run(text, { ambient }), run(text, { ambient })]);
    if (a.kind !== 'report' || b.kind !== 'report') throw new Error('no report');
    expect(a.report.result).toEqual(b.report.result);
    expect(a.report.result).toMatchObject({ type: 'Success', value: { at: ambient.clock, d: ambient.clock } });
    expect(a.ambient?.every((r) => r.fixed)).toBe(true);
    const c = await run(text, { ambient: { ...ambient, seed: 8 } });
    if (c.kind !== 'report') throw new Error('no report');
    expect((c.report.result as { value: { pick: number } }).value.pick).not.toBe((a.report.result as { value: { pick: number } }).value.pick);
  });
});
