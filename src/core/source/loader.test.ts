import { describe, expect, it } from 'vitest';
import { CompileFailure, createLoader, loadFlowModule, locateInStack, resolveRelative } from './loader';
import { isStub, StandInError } from './stub';

const runtime = { Success: (value: unknown) => ({ type: 'Success', value }), marker: 'runtime' };

type Exports = Record<string, (...args: unknown[]) => unknown>;

function load(text: string, more: { name: string; text: string }[] = []): Exports {
  return loadFlowModule([{ name: 'flow.ts', text }, ...more], 'flow.ts', runtime).exports as Exports;
}

function touchError(fn: () => unknown): StandInError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StandInError);
    return e as StandInError;
  }
  throw new Error('did not throw');
}

describe('stand-ins for imports that are not loaded', () => {
  it('imports of every form never throw', () => {
    const exports = load(
      [
        "import { db, promos } from './services';",
        "import * as pg from 'pg';",
        "import Stripe from 'stripe';",
        "import fs, { readFileSync } from 'node:fs';",
        "import type { Cart } from './types';",
        "export * from './helpers';",
        "export { thing } from 'lib';",
        "const lazy = () => import('./later');",
        'export const all = () => [db, promos, pg, Stripe, fs, readFileSync, lazy];',
        'export const checkoutFlow = (x: Cart) => x;'
      ].join('\n')
    );
    expect(exports.all!()).toHaveLength(7);
    expect(isStub(exports.thing)).toBe(true);
  });

  it('names the import and the property path that was touched', () => {
    const exports = load("import { db } from './services';\nexport const run = () => db.carts.findByOrderId('o1');");
    const e = touchError(() => exports.run!());
    expect(e.message).toBe(
      "The flow touched `db.carts` from './services' outside a Command. Timescope replays without I/O: imports other than " +
        "'pure-effect' and the loaded source files are stand-ins, and only a Command's own function may use them " +
        "(it never runs during replay). If './services' holds pure code the flow needs, load that file too."
    );
    expect(e.specifier).toBe('./services');
    expect(e.touched).toBe('db.carts');
  });

  it('says so for calls, `new`, assignments, namespace and default imports', () => {
    const exports = load(
      [
        "import * as pg from 'pg';",
        "import Stripe from 'stripe';",
        "import { hash } from 'bcrypt';",
        'export const ns = () => pg.Pool;',
        'export const nsRead = () => pg.Pool.name;',
        'export const call = () => hash("pw");',
        'export const make = () => new Stripe("key");',
        'export const dflt = () => Stripe.charges;',
        'export const dfltCall = () => Stripe();',
        'export const assign = () => { (pg as any).x = 1; };'
      ].join('\n')
    );
    expect(isStub(exports.ns!())).toBe(true);
    expect(touchError(() => exports.nsRead!()).message).toMatch(/^The flow touched `Pool.name` from 'pg' outside a Command\./);
    expect(touchError(() => exports.call!()).message).toMatch(/^The flow called `hash\(\)` from 'bcrypt' outside/);
    expect(touchError(() => exports.make!()).message).toMatch(/^The flow used `new` on the default import of 'stripe' outside/);
    expect(touchError(() => exports.dflt!()).message).toMatch(/^The flow touched `charges` on the default import of 'stripe' outside/);
    expect(touchError(() => exports.dfltCall!()).message).toMatch(/^The flow called the default import of 'stripe' outside/);
    expect(touchError(() => exports.assign!()).message).toMatch(/^The flow assigned to `x` from 'pg'/);
    // a package is not a file the person could load, so no "load that file" hint
    expect(touchError(() => exports.call!()).message).not.toMatch(/load that file/);
  });

  it('can be awaited, printed and type-checked without throwing', async () => {
    const exports = load("import { db } from './services';\nexport const get = () => db;");
    const db = exports.get!();
    expect(await Promise.resolve(db)).toBe(db);
    expect(typeof db).toBe('function');
    expect(Object.keys(db as object)).toEqual([]);
  });

  it('throws at load time when the module body uses one, and the stack points at that line', () => {
    const text = "import { Pool } from 'pg';\n\nconst pool = new Pool();\nexport const flow = () => pool;";
    const files = [{ name: 'flow.ts', text }];
    let error: unknown;
    try {
      loadFlowModule(files, 'flow.ts', runtime);
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toMatch(/^The flow used `new Pool\(\)` from 'pg'/);
    expect(locateInStack((error as Error).stack!, files)).toEqual({ file: 'flow.ts', line: 3, column: 14 });
  });
});

describe('module resolution', () => {
  it("gives 'pure-effect' the runtime passed in", () => {
    const exports = load("import * as pe from 'pure-effect';\nimport { Success } from 'pure-effect';\nexport const get = () => [pe.marker, Success(1)];");
    expect(exports.get!()).toEqual(['runtime', { type: 'Success', value: 1 }]);
  });

  it('resolves relative imports among loaded files, with or without extension, and index files', () => {
    const exports = load(
      [
        "import { a } from './lib/a';",
        "import { b } from './lib/b.js';",
        "import { c } from './lib';",
        "import data from './data.json';",
        'export const get = () => [a, b, c, data.n];'
      ].join('\n'),
      [
        { name: 'lib/a.ts', text: "import { shared } from '../shared';\nexport const a = 'a' + shared;" },
        { name: 'lib/b.ts', text: "export const b = 'b';" },
        { name: 'lib/index.js', text: "export const c = 'c';" },
        { name: 'shared.mjs', text: "export const shared = '!';" },
        { name: 'data.json', text: '{"n": 5}' }
      ]
    );
    expect(exports.get!()).toEqual(['a!', 'b', 'c', 5]);
  });

  it('evaluates each module once and survives import cycles', () => {
    const files = [
      { name: 'a.ts', text: "import * as b from './b';\nexport const count = { n: 0 };\ncount.n++;\nexport const viaB = () => b.fromB();" },
      { name: 'b.ts', text: "import { count } from './a';\nexport const fromB = () => count.n;" }
    ];
    const loader = createLoader(files, runtime);
    const a = loader.load('a.ts') as Exports;
    loader.load('b.ts');
    expect(a.viaB!()).toBe(1);
  });

  it('resolveRelative handles ../ and leading folders', () => {
    const names = new Map([['src/flow.ts', 1], ['src/lib/x.tsx', 1], ['notes.txt', 1]]);
    expect(resolveRelative('src/lib/x.tsx', '../flow', names)).toBe('src/flow.ts');
    expect(resolveRelative('src/flow.ts', './lib/x.js', names)).toBe('src/lib/x.tsx');
    expect(resolveRelative('src/flow.ts', '../notes.txt', names)).toBeUndefined();
    expect(resolveRelative('a/b/c.ts', '../../src/flow', names)).toBe('src/flow.ts');
  });

  it('reports a loaded file that does not compile as a CompileFailure with its place', () => {
    const files = [
      { name: 'flow.ts', text: "import { x } from './broken';\nexport const f = () => x;" },
      { name: 'broken.ts', text: 'export const x = ;' }
    ];
    expect(() => loadFlowModule(files, 'flow.ts', runtime)).toThrow(CompileFailure);
    try {
      loadFlowModule(files, 'flow.ts', runtime);
    } catch (e) {
      expect((e as CompileFailure).error).toMatchObject({ file: 'broken.ts', line: 1, column: 18 });
    }
  });
});

describe('locateInStack', () => {
  const files = [{ name: 'dir/my flow.ts', text: 'x' }];
  it('reads V8 and Firefox frames and skips frames outside the loaded files', () => {
    const v8 = [
      'Error: boom timescope-src:///dir/my%20flow.ts:9:9',
      '    at get (file:///work/main/src/core/source/stub.ts:60:13)',
      '    at inner (timescope-src:///dir/my%20flow.ts:3:14)',
      '    at eval (timescope-src:///dir/my%20flow.ts:5:37)'
    ].join('\n');
    expect(locateInStack(v8, files)).toEqual({ file: 'dir/my flow.ts', line: 3, column: 14 });
    expect(locateInStack('inner@timescope-src:///dir/my%20flow.ts:4:2\n@debugger eval code:1:1', files)).toMatchObject({ line: 4 });
    expect(locateInStack('    at x (timescope-src:///other.ts:1:1)', files)).toBeUndefined();
  });
});

describe('code from elsewhere', () => {
  it('an import of a URL is refused with a SandboxError, and remembered as a refusal', async () => {
    const { collectRefusals, SandboxError } = await import('./refusals');
    const refusals = collectRefusals();
    expect(() => load("import x from 'https://cdn.example/x.js';\nexport const f = () => x;")).toThrow(
      "import of 'https://cdn.example/x.js' is not available to flow code in Timescope: a replay never loads code from the network or from data URLs."
    );
    // CommonJS: an ES module has no require of its own (moduleSyntax.ts)
    const lazy = load("module.exports.f = () => require('data:text/javascript,1');");
    expect(() => lazy.f!()).toThrow("import of 'data:text/javascript,1' is not available");
    const seen = refusals.stop();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeInstanceOf(SandboxError);
    // node: built-ins are stand-ins, not URLs
    expect(() => load("import { readFileSync } from 'node:fs';\nexport const f = () => 1;")).not.toThrow();
  });

  it('a refusal by the sandbox evaluator (ses) is a compile error at its line, saying what was refused', () => {
    const refusing = (source: string) => {
      if (source.includes('eval(')) throw new SyntaxError('Possible direct eval expression rejected at timescope-src:///flow.ts:3. (SES_EVAL_REJECTED)');
      return (0, eval)(source);
    };
    try {
      createLoader([{ name: 'flow.ts', text: "export const a = 1;\nexport const b = 2;\nexport const c = eval('3');" }], runtime, refusing).load('flow.ts');
      throw new Error('did not throw');
    } catch (e) {
      expect(e).toBeInstanceOf(CompileFailure);
      expect((e as CompileFailure).error).toMatchObject({ file: 'flow.ts', line: 3, column: 1 });
      expect((e as CompileFailure).error.message).toMatch(/^eval\(\) is not available to flow code in Timescope: flow code cannot compile or start more code at run time\./);
    }
  });
});
