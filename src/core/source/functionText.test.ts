import { describe, expect, it } from 'vitest';
import { createLoader, loadFlowModule } from './loader';
import { writtenFunctionText } from './functionText';
import { placeLogpoints } from '../logpoints/place';

// The loader evaluates with plain eval here, and this realm's toString is V8's own: it gives the
// compiled text, which writtenFunctionText must turn back into what the file says.
const native = (f: unknown) => Function.prototype.toString.call(f);
const runtime = { Command: (f: unknown) => ({ f }), Success: (v: unknown) => ({ v }) };

const TS = [
  "import { Command, Success } from 'pure-effect';",
  'export const hold = (req: { id: string }): unknown =>',
  '  Command(() => req.id as string);',
  'export function total(items: number[]): number {',
  '  return items.reduce((a: number, b) => a + b, 0) + (typeof missing === "undefined" ? 0 : 1);',
  '}',
  'export class Cart<T> {',
  '  private readonly items: T[] = [];',
  '  add(item: T): this { this.items.push(item); return this; }',
  '}',
  'export const done = () => Success(later);',
  ''
].join('\n');

type Exports = Record<string, unknown> & { Cart: { prototype: { add: unknown } } };

describe("a flow's function text is the text the person wrote", () => {
  const exports = loadFlowModule([{ name: 'flow.ts', text: TS }], 'flow.ts', runtime).exports as Exports;

  it('the compiled text differs: imports rewritten, types gone, builders marked, free names hooked', () => {
    expect(native(exports.hold)).not.toContain(': unknown');
    expect(native(exports.done)).toContain('__pe$r');
  });

  it('an arrow builder, a function, a class and a method come back exactly as written', () => {
    expect(writtenFunctionText(native(exports.hold))).toBe('(req: { id: string }): unknown =>\n  Command(() => req.id as string)');
    expect(writtenFunctionText(native(exports.total))).toBe(TS.split('\n').slice(3, 6).join('\n').replace(/^export /, ''));
    expect(writtenFunctionText(native(exports.Cart))).toBe(TS.split('\n').slice(6, 10).join('\n').replace(/^export /, ''));
    expect(writtenFunctionText(native(exports.Cart.prototype.add))).toBe('add(item: T): this { this.items.push(item); return this; }');
    expect(writtenFunctionText(native(exports.done))).toBe('() => Success(later)');
  });

  it('with a logpoint placed in the compiled text, the text is still the file as written', () => {
    const line = 5;
    const { text } = placeLogpoints('logged.ts', TS, [{ index: 0, line, code: 'items.length' }]);
    expect(text).not.toBe(TS);
    const logged = createLoader([{ name: 'logged.ts', text: TS, compile: text }], runtime).load('logged.ts') as Exports;
    expect(native(logged.total)).not.toBe(native(exports.total));
    expect(writtenFunctionText(native(logged.total))).toBe(writtenFunctionText(native(exports.total)));
  });

  it("text of no flow module is left as V8 gives it", () => {
    expect(writtenFunctionText(native(Math.max))).toBe('function max() { [native code] }');
    const own = () => 'not flow code';
    expect(writtenFunctionText(native(own))).toBe(native(own));
  });
});
