// Syntax errors reported where they are, not where sucrase backtracked to (see syntaxError.ts).
// The flow is the demo's own, read from disk: typed arrows inside typed arrows, as flows are written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transpile } from './transpile';
import { cleanMessage, locateSyntaxError } from './syntaxError';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const demo = readFileSync(path.join(repoRoot, 'public/demo/flow.ts'), 'utf8');
const demoLines = demo.split('\n');

/** The demo flow with line `n` (1-based) changed by `edit`. */
function demoWith(n: number, edit: (line: string) => string): string {
  return demoLines.map((line, i) => (i === n - 1 ? edit(line) : line)).join('\n');
}

const append = (tail: string) => (line: string) => line + tail;

describe('a syntax error inside a typed arrow, in the demo flow', () => {
  it('is the demo flow this test was written against', () => {
    // The columns below are past the end of these lines; if the demo changes, they must be worked out again.
    expect(demoLines[19]).toBe('    const cmdFetchCart = () => db.carts.findByOrderId(order.orderId);');
    expect(demoLines[28]).toBe('    return Command(cmdValidatePromo, (promo: { valid: boolean; percentOff: number }) => {');
    expect(demoLines[29]).toBe('        const percentOff = promo.valid ? promo.percentOff : 0;');
    expect(demoLines[30]).toBe('        const total = Math.round(order.cart.subtotal * (100 - percentOff)) / 100;');
    expect(demoLines[43]).toBe('    return Command(cmdChargeCard, (receipt) => Success({ ...order, receipt }));');
    expect(transpile('flow.ts', demo)).toMatchObject({ kind: 'ok' });
  });

  // sucrase alone said 19:42, 26:60 and 36:75: the `=>` of fetchCart, applyPromo and chargeCard.
  it.each([
    [20, 71],
    [31, 83],
    [44, 81]
  ])('` )(` appended to line %i is reported on that line, at column %i', (line, column) => {
    expect(transpile('flow.ts', demoWith(line, append(' )(')))).toEqual({ kind: 'compile-error', file: 'flow.ts', line, column, message: 'Unexpected token' });
  });

  it('an unclosed string on line 31', () => {
    expect(transpile('flow.ts', demoWith(31, append(" 'abc")))).toEqual({
      kind: 'compile-error',
      file: 'flow.ts',
      line: 31,
      column: 83,
      message: 'Unterminated string constant'
    });
  });

  it('a stray `}` after the last line', () => {
    expect(demo.endsWith('\n')).toBe(true);
    expect(transpile('flow.ts', `${demo}}\n`)).toEqual({ kind: 'compile-error', file: 'flow.ts', line: 48, column: 1, message: 'Unexpected token' });
  });

  it('inside the nested typed callback `(promo: {…}) => {` of line 29', () => {
    // `? promo.percentOff 0`: the `0` where the `:` should be
    const text = demoWith(30, (l) => l.replace('promo.percentOff : 0', 'promo.percentOff 0'));
    expect(transpile('flow.ts', text)).toEqual({ kind: 'compile-error', file: 'flow.ts', line: 30, column: 59, message: 'Unexpected token, expected ":"' });
  });

  it('on line 1, in a typed arrow on that line: the column is the error’s, not the arrow’s', () => {
    const text = demoWith(1, () => 'export const one = (n: number) => { return n +; };');
    expect(transpile('flow.ts', text)).toEqual({ kind: 'compile-error', file: 'flow.ts', line: 1, column: 47, message: 'Unexpected token' });
  });
});

describe('a syntax error inside an arrow, in other kinds of file', () => {
  it('.js: sucrase backtracks out of untyped arrows too', () => {
    const text = `import { Success, Command } from 'pure-effect';
import { db } from './services';

export const checkoutFlow = (order) => {
  const cmdFetchCart = () => db.carts.findByOrderId(order.orderId);
  return Command(cmdFetchCart, (cart) => {
    return Success({ ...order, cart, total: cart.subtotal * });
  });
};`;
    expect(transpile('flow.js', text)).toEqual({ kind: 'compile-error', file: 'flow.js', line: 7, column: 61, message: 'Unexpected token' });
  });

  it('.mjs and .jsx', () => {
    const text = 'export const f = (a) => {\n  return <b>{a}</b> +;\n};';
    expect(transpile('flow.jsx', text)).toEqual({ kind: 'compile-error', file: 'flow.jsx', line: 2, column: 22, message: 'Unexpected token' });
    expect(transpile('flow.mjs', 'export const f = (a) => {\n  return a +;\n};')).toMatchObject({ line: 2, column: 13, message: 'Unexpected token' });
  });

  it('.tsx: a typed arrow with JSX in it', () => {
    const text = [
      "import { Success } from 'pure-effect';",
      '',
      'type Props = { name: string };',
      'const Label = ({ name }: Props) => {',
      '  const text = name.trim(;',
      '  return <span>{text}</span>;',
      '};',
      'export const checkoutFlow = (order: { name: string }) => Success(<Label name={order.name} />);'
    ].join('\n');
    expect(transpile('flow.tsx', text)).toEqual({ kind: 'compile-error', file: 'flow.tsx', line: 5, column: 26, message: 'Unexpected token' });
  });

  it('keeps sucrase’s place where babel backtracks and sucrase does not: a generic async arrow', () => {
    const text = 'export const f = async <T,>(a: T) => {\n  foo(;\n};';
    expect(transpile('generic.ts', text)).toEqual({ kind: 'compile-error', file: 'generic.ts', line: 2, column: 7, message: 'Unexpected token' });
  });

  it('names an unsupported proposal at its place, without babel’s advice to enable a plugin', () => {
    const text = 'export const f = (a: number) => {\n  const b = a |> g;\n  foo(;\n};';
    expect(transpile('pipe.ts', text)).toEqual({
      kind: 'compile-error',
      file: 'pipe.ts',
      line: 2,
      column: 15,
      message: 'This experimental syntax is not supported ("pipelineOperator")'
    });
  });
});

describe('locateSyntaxError', () => {
  const sucrase = { line: 3, column: 4, message: 'from sucrase' };

  it('keeps sucrase’s error when babel parses the text', () => {
    expect(locateSyntaxError('a.ts', 'export const a = 1;', sucrase)).toBe(sucrase);
    // what sucrase passes through, babel is told to accept
    const accepted = ['@dec class A { accessor x = 1; }', 'import j from "./x.json" assert { type: "json" };', 'return 1;', 'export { notDeclared };'];
    for (const text of accepted) expect(locateSyntaxError('a.ts', text, sucrase)).toBe(sucrase);
  });

  it('survives hostile text: deep nesting, huge input, and never runs it', () => {
    for (const text of ['('.repeat(200_000), `const f = (a: number) => {\n${'['.repeat(200_000)}`, '{'.repeat(50_000) + '}'.repeat(50_000 - 1)]) {
      expect(transpile('deep.ts', text)).toMatchObject({ kind: 'compile-error', file: 'deep.ts', line: expect.any(Number), column: expect.any(Number), message: expect.any(String) });
    }
    const marker = '__timescopeSyntaxErrorRan';
    expect(transpile('run.ts', `globalThis.${marker} = 1;\nconst f = (a: number) => {\n  a +;\n};`)).toMatchObject({ kind: 'compile-error', line: 3, column: 6 });
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  it('cleans babel’s messages', () => {
    expect(cleanMessage('Unexpected token (2:6)')).toBe('Unexpected token');
    expect(cleanMessage('Unterminated string constant. (31:82)')).toBe('Unterminated string constant');
    expect(cleanMessage('Unexpected token, expected "," (1:19)')).toBe('Unexpected token, expected ","');
  });
});
