import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLoader } from './loader';
import { transpile } from './transpile';

// ses's own patterns (ses/src/transforms.js): what it refuses to evaluate anywhere in the text.
const SES_REFUSES = [/<!--|-->/, /(^|[^.]|\.\.\.)\bimport(\s*(?:\(|\/[/*]))/, /(^|[^.])\beval(\s*\()/];
const refusedBySes = (code: string) => SES_REFUSES.some((re) => re.test(code));

function compiled(text: string): string {
  const t = transpile('flow.ts', text);
  if (t.kind !== 'ok') throw new Error(`did not compile: ${t.message}`);
  return t.code;
}

/** The module's exports, evaluated by an evaluator that refuses what ses refuses. */
function exportsOf(text: string): Record<string, unknown> {
  const sesLike = (source: string) => {
    if (refusedBySes(source)) throw new SyntaxError('Possible HTML comment rejected at timescope-src:///flow.ts:1. (SES_HTML_COMMENT_REJECTED)');
    return (0, eval)(source);
  };
  return createLoader([{ name: 'flow.ts', text }], {}, sesLike).load('flow.ts') as Record<string, unknown>;
}

const hazardous = fc.string({ unit: fc.constantFrom('<', '!', '-', '>', 'import', 'eval', '(', ' ', '/', '*', '\\', '"', "'", '`', '$', '{', '}', 'a', '.', '\n') });

describe('text ses would refuse, mended to the same meaning (evade.ts)', () => {
  it('any string literal holds its value, and ses finds nothing to refuse', () => {
    fc.assert(
      fc.property(hazardous, (s) => {
        const text = `export const v = ${JSON.stringify(s)};`;
        expect(refusedBySes(compiled(text))).toBe(false);
        expect(exportsOf(text).v).toBe(s);
      }),
      { numRuns: 300 }
    );
  });

  it('any untagged template holds its value', () => {
    fc.assert(
      fc.property(hazardous, (s) => {
        const body = s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
        const text = `const n = 1;\nexport const v = \`${body}\${n}${body}\`;`;
        expect(refusedBySes(compiled(text))).toBe(false);
        expect(exportsOf(text).v).toBe(`${s}1${s}`);
      }),
      { numRuns: 200 }
    );
  });

  it('a regular expression keeps its source and flags, and matches as written', () => {
    const text = 'export const r = /<!--(.*?)-->|import\\(|eval\\(/gi;\nexport const m = "x<!--y-->".match(r);';
    expect(refusedBySes(compiled(text))).toBe(false);
    const { r, m } = exportsOf(text) as { r: RegExp; m: string[] };
    expect(r.source).toBe('<!--(.*?)-->|import\\(|eval\\(');
    expect(r.flags).toBe('gi');
    expect(m).toEqual(['<!--y-->']);
  });

  it('in a module, <!-- outside a string is the SyntaxError Node gives, at its line', () => {
    expect(transpile('m.ts', 'let a = 3, b = 1;\nexport const lt = a<!--b;')).toMatchObject({ kind: 'compile-error', line: 2, message: 'HTML comments are not allowed in modules' });
  });

  it('in a CommonJS file, <!-- outside a string starts a comment, as in a script', () => {
    const text = 'let a = 3, b = 1;\nconst lt = a<!--b;\nmodule.exports = { lt };';
    expect(refusedBySes(compiled(text))).toBe(false);
    expect(exportsOf(text)).toEqual({ lt: 3 });
  });

  it('comments, operators and names', () => {
    const text = [
      '// <!-- a comment --> with import("x") and eval(1)',
      '/* import(y) */',
      'let a = 3, b = 1;',
      'export const gt = a-->b;', // (a--) > b
      'const $import = (x: number) => x + 1;',
      'export const called = $import(1);',
      'export const o = { import() { return 1; }, eval() { return 2; } };',
      'export const fromMethods = o.import() + o. eval();'
    ].join('\n');
    expect(refusedBySes(compiled(text))).toBe(false);
    expect(exportsOf(text)).toMatchObject({ gt: true, called: 2, fromMethods: 3 });
  });

  it('keeps every line where it was', () => {
    const text = 'const s = "<!--";\nexport const line = () => { throw new Error("x"); };';
    expect(compiled(text).split('\n')).toHaveLength(2);
  });

  it('leaves a real direct eval and a tagged template to be refused with their reason', () => {
    expect(compiled('export const v = eval("1");')).toContain('eval("1")');
    expect(compiled('export const v = String.raw`<!--`;')).toContain('`<!--`');
  });
});
