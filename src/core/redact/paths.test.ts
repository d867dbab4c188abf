import { describe, expect, it } from 'vitest';
import { ANY, compilePathRules, completedRule, formatPointer, parsePointer, pathRuleFor, startProgress, stepProgress } from './paths';

describe('pointers', () => {
  it('parse RFC 6901 escapes, * as any key and ~2 as a literal *', () => {
    expect(parsePointer('/trace/*/result/a~1b/c~0d/~2')).toEqual(['trace', ANY, 'result', 'a/b', 'c~d', '*']);
    expect(parsePointer('')).toBeUndefined();
    expect(parsePointer('trace/0')).toBeUndefined();
  });
  it('format keys back, escaping what needs it', () => {
    expect(formatPointer(['trace', 0, 'result', 'a/b', '~', '*'])).toBe('/trace/0/result/a~1b/~0/~2');
    expect(parsePointer(formatPointer(['x', '*']))).toEqual(['x', '*']);
  });
});

describe('pathRuleFor (the inspector\'s "Redact this field everywhere")', () => {
  it('generalizes the entry and array indices', () => {
    expect(pathRuleFor({ field: 'result', entry: 3, keys: ['customer', 'email'] })).toEqual({ pointer: '/trace/*/result/customer/email' });
    expect(pathRuleFor({ field: 'result', entry: 3, keys: ['items', 2, 'email'] })).toEqual({ pointer: '/trace/*/result/items/*/email' });
    expect(pathRuleFor({ field: 'initialInput', keys: ['email'] })).toEqual({ pointer: '/initialInput/email' });
  });
  it('gives the exact place when asked', () => {
    expect(pathRuleFor({ field: 'error', entry: 2, keys: ['message'] }, false)).toEqual({ pointer: '/trace/2/error/message' });
    expect(pathRuleFor({ field: 'result', entry: 0, keys: ['list', 1, '*'] }, false)).toEqual({ pointer: '/trace/0/result/list/1/~2' });
  });
});

describe('path matching', () => {
  const rules = compilePathRules([{ pointer: '/trace/*/result/customer/email' }, { pointer: '/initialInput', type: 'input' }, { pointer: 'bad' }]);
  const walk = (keys: string[]) => keys.reduce((p, k) => stepProgress(rules, p, k), startProgress(rules));

  it('drops pointers that do not parse and names the type after the last key', () => {
    expect(rules.map((r) => r.type)).toEqual(['email', 'input']);
  });
  it('completes on the named value, in any entry', () => {
    expect(completedRule(rules, walk(['trace', '7', 'result', 'customer', 'email']))?.rule.pointer).toBe('/trace/*/result/customer/email');
    expect(completedRule(rules, walk(['initialInput']))?.type).toBe('input');
  });
  it('does not complete above, beside or below it', () => {
    expect(completedRule(rules, walk(['trace', '7', 'result', 'customer']))).toBeUndefined();
    expect(completedRule(rules, walk(['trace', '7', 'error', 'customer', 'email']))).toBeUndefined();
    expect(walk(['trace', '7', 'result', 'customer', 'email', 'x'])).toEqual([]);
  });
});
