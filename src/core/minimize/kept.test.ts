import { describe, expect, it } from 'vitest';
import { keptFields } from './kept';

describe('the fields a minimized incident kept', () => {
  it('lists every leaf of the input, the context and each answer or error, as pointers', () => {
    const doc = { initialInput: { email: 'a@b.c', tags: ['x'] }, context: {}, trace: [{ command: 'cmdFind', path: '0', result: { id: 'u_1', 'a/b': 1 } }, { command: 'cmdPay', path: '1', threw: true, error: { __error: true, message: 'no' } }] };
    expect(keptFields(doc)).toEqual([
      { pointer: '/initialInput/email', value: 'a@b.c' },
      { pointer: '/initialInput/tags/0', value: 'x' },
      { pointer: '/context', value: {} },
      { pointer: '/trace/0/result/id', value: 'u_1', entry: { command: 'cmdFind', path: '0' } },
      { pointer: '/trace/0/result/a~1b', value: 1, entry: { command: 'cmdFind', path: '0' } },
      { pointer: '/trace/1/error/__error', value: true, entry: { command: 'cmdPay', path: '1' } },
      { pointer: '/trace/1/error/message', value: 'no', entry: { command: 'cmdPay', path: '1' } }
    ]);
  });

  it('stops at the limit, and lists nothing for an incident with no values', () => {
    expect(keptFields({ initialInput: Array.from({ length: 50 }, (_, i) => i) }, 10)).toHaveLength(10);
    expect(keptFields({ trace: [{ command: 'c', path: '0' }] })).toEqual([]);
  });
});
