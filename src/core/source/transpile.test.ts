import { describe, expect, it } from 'vitest';
import { sourceColumn, transpile, type Transpiled } from './transpile';
import { loadFlowModule, locateInStack } from './loader';

const runtime = { Success: (value: unknown) => ({ type: 'Success', value }) };

function ok(name: string, text: string): Transpiled {
  const out = transpile(name, text);
  if (out.kind !== 'ok') throw new Error(`did not compile: ${out.message}`);
  return out;
}

/** Runs `exports.run()` of a one-file module and returns what it threw. */
function thrown(name: string, text: string): Error {
  const files = [{ name, text }];
  const { exports } = loadFlowModule(files, name, runtime);
  try {
    (exports as { run: () => unknown }).run();
  } catch (e) {
    return e as Error;
  }
  throw new Error('did not throw');
}

describe('transpile', () => {
  it('keeps every line where it was, imports and types included', () => {
    const text = [
      "import { Success } from 'pure-effect';",
      "import type { X } from './types';",
      'interface Order { id: string }',
      'type Id = string;',
      '',
      'export const run = (o?: Order): Id => {',
      "  throw new Error('line 7');",
      '};'
    ].join('\n');
    const e = thrown('flow.ts', text);
    expect(locateInStack(e.stack!, [{ name: 'flow.ts', text }])).toEqual({ file: 'flow.ts', line: 7, column: 9 });
  });

  it.each([
    ['flow.ts', 'const a: number = 1;\nexport function run(): void {\n  const b: string = "x";\n  throw new Error(b + a);\n}'],
    ['flow.tsx', 'const a = <T,>(x: T) => x;\nexport function run() {\n  a(1);\n  throw new Error("x");\n}'],
    ['flow.js', 'const a = 1;\nexport function run() {\n  void a;\n  throw new Error("x");\n}'],
    ['flow.jsx', 'const a = 1;\nexport function run() {\n  void a;\n  throw new Error("x");\n}'],
    ['flow.mjs', 'export function run() {\n\n\n  throw new Error("x");\n}']
  ])('%s: a throw on line 4 reports line 4', (name, text) => {
    const e = thrown(name, text);
    expect(locateInStack(e.stack!, [{ name, text }])).toMatchObject({ file: name, line: 4, column: 9 });
  });

  it('maps columns back across removed type annotations, on line 1 too', () => {
    const text = 'export const run = (a: number = 1, b: { x: string } = { x: "" }) => { throw new Error(String(a) + b.x); };';
    const e = thrown('one.ts', text);
    const column = text.indexOf('new Error') + 1; // V8 places an Error where it is constructed
    expect(locateInStack(e.stack!, [{ name: 'one.ts', text }])).toEqual({ file: 'one.ts', line: 1, column });
  });

  it('keeps cmd.length as V8 computes it for the original source (spec §9)', () => {
    const text = [
      'export const a = ({ a }: { a: number }) => a;',
      'export const b = (s: number = 5) => s;',
      'export const c = (...a: unknown[]) => a;',
      'export const d = ({ signal }: { signal?: AbortSignal } = {}) => signal;',
      'export const e = (x: number, y?: number) => x + (y ?? 0);',
      'export async function f(signal: AbortSignal) { return signal; }'
    ].join('\n');
    const { exports } = loadFlowModule([{ name: 'len.ts', text }], 'len.ts', runtime);
    const lengths = Object.fromEntries(Object.entries(exports as Record<string, () => void>).map(([k, fn]) => [k, fn.length]));
    expect(lengths).toEqual({ a: 1, b: 0, c: 0, d: 0, e: 2, f: 1 });
  });

  it('turns a syntax error into a located CompileError', () => {
    expect(transpile('bad.ts', 'const a = 1;\nconst b = (;\n')).toEqual({
      kind: 'compile-error',
      file: 'bad.ts',
      line: 2,
      column: 12,
      message: 'Unexpected token'
    });
    expect(transpile('bad.js', 'const s = "abc')).toMatchObject({ line: 1, column: 11, message: 'Unterminated string constant' });
    // TypeScript syntax in a .js file is an error, as it would be in Node.
    expect(transpile('types.js', 'let x: number = 1;')).toMatchObject({ kind: 'compile-error', line: 1 });
  });

  it('maps a generated column to the source column within a token run', () => {
    const t = ok('m.ts', 'let x: number = 1;\nlet y = x;');
    // line 1 of the output starts with sucrase's helpers, so check line 2, which is unchanged
    expect(sourceColumn(t, 2, 5)).toBe(5);
  });
});
