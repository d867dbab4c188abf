import { describe, expect, it } from 'vitest';
import { isModuleSource, repairForSucrase } from './moduleSyntax';
import { transpile } from './transpile';

describe('an ES module, as Node runs it', () => {
  it.each([
    ['flow.ts', 'export const a = 1;', true],
    ['flow.ts', "import x from './x';\nx();", true],
    ['flow.js', 'module.exports = 1;', false],
    ['flow.mjs', 'const a = 1;', true],
    ['flow.cjs', 'export const a = 1;', false],
    ['flow.ts', 'export function f() {}\nfunction f() {}', true]
  ])('%s: %s', (file, text, expected) => {
    expect(isModuleSource(file, text)).toBe(expected);
  });

  it('top-level this: undefined in a module, the exports in CommonJS', () => {
    const t = (file: string, text: string) => {
      const out = transpile(file, text);
      return out.kind === 'ok' ? out.topLevelThis : out.message;
    };
    expect(t('a.ts', 'export const self = this;')).toBe('undefined');
    expect(t('b.js', 'module.exports = this;')).toBe('exports');
  });

  it('a function declared twice at the top of a module is the SyntaxError V8 gives, at the second; in CommonJS it is not', () => {
    expect(transpile('c.ts', 'export const a = 1;\nfunction f() {}\n  var f;')).toMatchObject({ kind: 'compile-error', line: 3, column: 7, message: "Identifier 'f' has already been declared" });
    expect(transpile('d.js', 'function f() {}\nvar f;\nmodule.exports = f;')).toMatchObject({ kind: 'ok' });
  });
});

describe('valid code sucrase cannot read', () => {
  it('a bare yield before ), ] or , becomes yield void 0, the same value', () => {
    const { valid, repaired } = repairForSucrase('g.js', 'function* g() { f(yield); const a = [yield, (yield)]; yield; }');
    expect(valid).toBe(true);
    expect(repaired).toBe('function* g() { f(yield void 0); const a = [yield void 0, (yield void 0)]; yield void 0; }');
  });

  it('code babel rejects is not valid, and nothing is mended', () => {
    expect(repairForSucrase('g.js', 'function (')).toEqual({ valid: false });
  });

  it('transpiles such a file, with lines unmoved', () => {
    const out = transpile('h.js', 'export function* g() {\n  return [yield];\n}');
    expect(out).toMatchObject({ kind: 'ok' });
    expect(out.kind === 'ok' && out.code.split('\n')).toHaveLength(3);
  });
});
