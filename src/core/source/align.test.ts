import { describe, expect, it } from 'vitest';
import { alignLine } from './align';

describe('alignLine', () => {
  const source = '    return Command(cmdCharge, (r: { id: string }) => Success({ ...o, r }));';
  const generated = '    return _pureeffect.Command.call(void 0, cmdCharge, (r) => _pureeffect.Success.call(void 0, { ...o, r }));';
  const map = alignLine(generated, source);
  const col = (line: string, needle: string) => line.indexOf(needle) + 1;

  it('maps a column inside a token both versions share exactly', () => {
    expect(map(col(generated, 'cmdCharge'))).toBe(col(source, 'cmdCharge'));
    expect(map(col(generated, 'harge'))).toBe(col(source, 'harge'));
    expect(map(col(generated, '...o'))).toBe(col(source, '...o'));
  });

  it('maps text sucrase added to the shared token before it', () => {
    // V8 reports `f.call(…)` at `call`
    expect(map(col(generated, 'call(void 0, cmd'))).toBe(col(source, 'Command'));
    expect(map(col(generated, 'call(void 0, {'))).toBe(col(source, 'Success'));
  });

  it('is the identity for an unchanged line', () => {
    expect(alignLine('abc', 'abc')(2)).toBe(2);
  });
});
