import { describe, expect, it } from 'vitest';
import { listFields } from './fields';
import { pathRuleFor } from './paths';

describe('listFields', () => {
  it('lists every leaf with the keys that lead to it, in document order', () => {
    const { fields, more } = listFields({ customer: { email: 'a@b.co', age: 40 }, items: [{ sku: 'x' }, { sku: 'y' }], ok: true, none: null });
    expect(fields.map((f) => f.label)).toEqual(['customer.email', 'customer.age', 'items[0].sku', 'items[1].sku', 'ok']);
    expect(fields[0]!.keys).toEqual(['customer', 'email']);
    expect(fields[0]!.preview).toBe('"a@b.co"');
    expect(more).toBe(false);
  });

  it('walks only the first items of an array, and stops at the limit saying there is more', () => {
    const many = { list: Array.from({ length: 100 }, (_, i) => ({ id: i })) };
    expect(listFields(many).fields).toHaveLength(3);
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i]));
    const listed = listFields(wide, 200);
    expect(listed.fields).toHaveLength(200);
    expect(listed.more).toBe(true);
  });

  it('cuts long previews and names a bare scalar as no field', () => {
    expect(listFields('just text').fields).toEqual([]);
    expect(listFields({ memo: 'x'.repeat(100) }).fields[0]!.preview).toHaveLength(40);
  });

  it('gives keys pathRuleFor widens to every entry and every item', () => {
    const field = listFields({ items: [{ email: 'a@b.co' }] }).fields[0]!;
    expect(pathRuleFor({ field: 'result', entry: 4, keys: field.keys }).pointer).toBe('/trace/*/result/items/*/email');
  });
});
