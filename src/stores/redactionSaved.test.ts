import { describe, expect, it } from 'vitest';
import { readSaved } from './redactionSaved';

const valid = {
  v: 1,
  keys: [{ name: 'email' }, { name: 'pan', match: 'word', type: 'card', extra: 1 }],
  detectors: ['jwt', 'from-a-newer-version'],
  paths: { t1: [{ pointer: '/trace/*/result/email' }, { pointer: '/initialInput/iban', type: 'iban' }] }
};

describe('readSaved', () => {
  it('reads what the store writes, keeping only the fields a rule has', () => {
    expect(readSaved(valid)).toEqual({
      keys: [{ name: 'email' }, { name: 'pan', match: 'word', type: 'card' }],
      detectors: ['jwt', 'from-a-newer-version'],
      paths: { t1: [{ pointer: '/trace/*/result/email' }, { pointer: '/initialInput/iban', type: 'iban' }] },
      standIns: {}
    });
  });

  it('reads each incident\'s stand-ins, dropping a kind it does not know alone, and an incident left with none', () => {
    const read = readSaved({ ...valid, standIns: { t1: { email: 'email', card: 'hologram' }, t2: { pan: 'luhn-ish' }, t3: 'card', __proto__x: {} } });
    expect(read?.standIns).toEqual({ t1: { email: 'email' } });
    // Saved before stand-ins existed: none, and the rest as it was.
    expect(readSaved(valid)?.standIns).toEqual({});
    expect(readSaved(JSON.parse('{"v":1,"keys":[],"detectors":[],"paths":{},"standIns":{"__proto__":{"email":"email"}}}'))?.standIns).toEqual({});
  });

  it('refuses the whole value when any part does not fit', () => {
    for (const bad of [
      null,
      42,
      [valid],
      { ...valid, v: 2 },
      { ...valid, keys: [{ name: '' }] },
      { ...valid, keys: [{ name: 'x', match: 'fuzzy' }] },
      { ...valid, keys: [{ name: 'x', type: 'y'.repeat(33) }] },
      { ...valid, keys: Array.from({ length: 501 }, () => ({ name: 'x' })) },
      { ...valid, detectors: [3] },
      { ...valid, paths: [] },
      { ...valid, paths: { t1: [{ pointer: 'no-slash' }] } },
      { ...valid, paths: { t1: [{ pointer: '/' + 'p'.repeat(2000) }] } }
    ]) {
      expect(readSaved(bad), JSON.stringify(bad)?.slice(0, 80)).toBeUndefined();
    }
  });

  it('skips a "__proto__" trace id rather than setting the prototype', () => {
    const read = readSaved(JSON.parse('{"v":1,"keys":[],"detectors":[],"paths":{"__proto__":[{"pointer":"/a"}],"t":[]}}'));
    expect(read?.paths).toEqual({ t: [] });
    expect(Object.getPrototypeOf(read?.paths)).toBe(Object.prototype);
  });
});
