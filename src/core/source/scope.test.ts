import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import type { AnyNode } from './instrument';
import { analyzeScopes, type FreeUse } from './scope';

/** The free names of a module (strict script, as sucrase emits), each with how it is used. */
function free(code: string, declared: readonly string[] = ['exports', 'require', 'module']): string[] {
  const ast = parse(`"use strict";${code}`, { sourceType: 'script', allowReturnOutsideFunction: true }) as unknown as AnyNode;
  return analyzeScopes(ast.program as AnyNode, declared).free.map((r) => `${r.name}:${r.use}`);
}

const facts = (code: string) => analyzeScopes((parse(code, { sourceType: 'script' }) as unknown as AnyNode).program as AnyNode, []);

describe('free names (analyzeScopes)', () => {
  it.each<[string, string[]]>([
    ['totl', ['totl:read']],
    ['typeof totl', ['totl:typeof']],
    ['typeof (totl)', ['totl:typeof']],
    ['totl = 1', ['totl:write']],
    ['totl += 1; totl++; --totl', ['totl:write', 'totl:write', 'totl:write']],
    ['f(1)', ['f:call']],
    ['f`x`', ['f:call']],
    ['new F()', ['F:read']],
    ['x?.()', ['x:call']],
    ['({ x })', ['x:shorthand']],
    ['({ x } = o)', ['x:shorthand-write', 'o:read']],
    ['({ x = d } = o)', ['x:shorthand-write', 'd:read', 'o:read']],
    ['[a, ...b] = c', ['a:write', 'b:write', 'c:read']],
    ['for (k in o);', ['k:write', 'o:read']],
    ['for (k of o);', ['k:write', 'o:read']],
    ['o.p; o[q]; ({ p: 1, [r]: 2 })', ['o:read', 'o:read', 'q:read', 'r:read']],
    ['arguments', ['arguments:read']]
  ])('%s', (code, expected) => {
    expect(free(code)).toEqual(expected);
  });

  it.each([
    'const a = 1; a;',
    'let a; { a = 2; }',
    'var a; function f() { return a; }',
    'f(); function f() {}',
    'function f() { return g(); function g() {} }',
    'function f(a, { b, c: [d] }, ...e) { return a + b + d + e + arguments.length; }',
    'const f = function g() { return g; };',
    'class C { m() { return C; } }',
    'const D = class E { m() { return E; } };',
    'try {} catch (err) { err; }',
    'try {} catch ({ message }) { message; }',
    'for (let i = 0; i < 1; i++) i;',
    'for (const k of []) k;',
    'for (var v of []); v;',
    'switch (1) { case 1: let s = 1; s; }',
    'label: for (;;) { break label; }',
    'x: { continue_: 1; }'.replace('continue_: 1;', 'break x;'),
    'class K { static #p = 1; static q = K.#p; #m() {} }',
    'class L { static { var z = 1; z; } }',
    'function h() { if (true) { function inner() {} } }',
    'exports.a = module.exports; require("x");',
    '(() => { var hoisted; })(); ',
    'function outer() { return () => arguments; }'
  ])('%s declares everything it uses', (code) => {
    expect(free(code)).toEqual([]);
  });

  it('keeps block scope: a let in a block is not seen after it, a var is', () => {
    expect(free('{ let a = 1; } a;')).toEqual(['a:read']);
    expect(free('{ var b = 1; } b;')).toEqual([]);
    expect(free('if (1) { function c() {} } c();')).toEqual(['c:call']);
  });

  it('a default parameter does not see the body', () => {
    expect(free('function f(a = b) { var b; }')).toEqual(['b:read']);
    expect(free('function f(a = a2, a2) {}')).toEqual([]);
  });

  it('a named function expression or class expression name is seen only inside it', () => {
    expect(free('const f = function g() {}; g;')).toEqual(['g:read']);
    expect(free('const C = class D {}; D;')).toEqual(['D:read']);
  });

  it('class members: computed keys and extends are read outside, methods and fields inside', () => {
    expect(free('class A extends B { [k]() {} f = v; static s = w; }')).toEqual(['B:read', 'k:read', 'v:read', 'w:read']);
  });

  it('the wrapper names are declared', () => {
    expect(free('__pe$in; exports;', ['exports', '__pe$in'])).toEqual([]);
  });

  it('top-level this, but not this inside a function; an arrow at the top has the top level\'s', () => {
    expect(facts('this.x').topLevelThis).toBe(true);
    expect(facts('const f = () => this').topLevelThis).toBe(true);
    expect(facts('function f() { return this; } class C { m() { return this; } x = this; }').topLevelThis).toBe(false);
  });

  it('a top-level function declared twice, or as a var too, is noted (a module may not)', () => {
    expect(facts('function f() {} var f;').redeclared).toMatchObject({ name: 'f' });
    expect(facts('var g; function g() {}').redeclared).toMatchObject({ name: 'g' });
    expect(facts('function h() {} function h() {}').redeclared).toMatchObject({ name: 'h' });
    expect(facts('function k() { function i() {} var i; }').redeclared).toBeUndefined();
  });

  it('notes assignments to names built-in prototypes hold (the override mistake)', () => {
    const owned = facts('a.constructor = 1; b["next"] = 2; c.then += 3; d.other = 4; e[k] = 5; [f.exec] = []; g.name = 6').owned;
    expect(owned.map((o) => o.name)).toEqual(['constructor', 'next', 'then', 'exec', 'name']);
  });

  it('every use kind is reported with the identifier\'s own place', () => {
    const code = 'x; y = 1; typeof z;';
    const ast = parse(code, { sourceType: 'script' }) as unknown as AnyNode;
    const refs = analyzeScopes(ast.program as AnyNode, []).free;
    expect(refs.map((r) => [r.name, r.use as FreeUse, code.slice(r.start, r.end)])).toEqual([
      ['x', 'read', 'x'],
      ['y', 'write', 'y'],
      ['z', 'typeof', 'z']
    ]);
  });
});
