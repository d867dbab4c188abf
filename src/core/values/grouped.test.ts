import { describe, expect, it } from 'vitest';
import { groupDigits } from './grouped';

describe('groupDigits', () => {
  it('groups an integer as en-US does', () => {
    for (const n of [0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 10_485_760, -1_234, -999, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
