// What-if overrides travel with an incident: in its link and in its capsule (overrides.json), and
// something that is not an override is refused with the entry named.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildCapsule, readCapsule } from '../share/capsule';
import { decodeLink, encodeLink } from '../share/link';
import { checkPayload, type IncidentPayload } from '../share/payload';
import { fixtureIncidents } from '../share/test-support/fixtureIncidents';
import type { StepOverride } from './overrides';

const checkout = fixtureIncidents().find((c) => c.name === 'checkout-zero-total')!;
const overrides: StepOverride[] = [
  { at: '2', kind: 'result', value: { chargeId: 'ch_whatif', amount: 0, status: 'succeeded' } },
  { at: '1', kind: 'throw', error: { name: 'PromoError', message: 'expired', code: 410 } }
];
const withOverrides: IncidentPayload = { ...checkout.payload, overrides };

describe('overrides travel with the incident', () => {
  it('in a link, and a link without them decodes as before', () => {
    const decoded = decodeLink(encodeLink(withOverrides));
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.payload.overrides).toEqual(overrides);
    const plain = decodeLink(encodeLink(checkout.payload));
    if (!plain.ok) throw new Error(plain.message);
    expect('overrides' in plain.payload).toBe(false);
  });

  it('in a capsule, as overrides.json listed in the manifest and named in the README', () => {
    const bytes = buildCapsule(withOverrides, { createdAt: new Date('2026-12-01T12:00:00Z') });
    const files = unzipSync(bytes);
    expect(JSON.parse(strFromU8(files['overrides.json']!))).toEqual(overrides);
    expect((JSON.parse(strFromU8(files['manifest.json']!)) as { files: string[] }).files).toContain('overrides.json');
    expect(strFromU8(files['README.md']!)).toContain('`overrides.json`: what-if overrides of recorded outcomes (2)');
    const read = readCapsule(bytes);
    if (!read.ok) throw new Error(read.message);
    expect(read.payload.overrides).toEqual(overrides);
    // none: no file
    expect(Object.keys(unzipSync(buildCapsule(checkout.payload)))).not.toContain('overrides.json');
  });

  it('refuses an overrides.json or a payload whose entry is not an override, naming it', () => {
    const files = unzipSync(buildCapsule(withOverrides));
    files['overrides.json'] = strToU8(JSON.stringify([overrides[0], { at: '1', kind: 'throw', error: { message: 'no name' } }]));
    const read = readCapsule(zipSync(files));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/^The capsule holds no valid incident: overrides\.json: .*1\.error\.name/);
    const bad = checkPayload({ ...checkout.payload, overrides: [{ at: '2', kind: 'explode' }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain('overrides.0');
  });
});
