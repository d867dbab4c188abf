import { describe, expect, it } from 'vitest';
import { buildModel } from '../../core/trace/parse';
import { compareModels, encodeAlignment } from '../../core/compare/session';
import { locateAll } from '../../core/source/locate';
import { CHECKOUT_DIR, failingCheckoutTrace, recordCheckout } from '../../core/compare/test-support/checkoutRuns';
import { join, readText } from '../../core/trace/test-support/files';
import type { Comparison } from '../../stores/compareStore';
import { commandNames, compareSource } from './compareSource';

describe('the source marks while the incident is compared with a good run', async () => {
  const a = buildModel(failingCheckoutTrace());
  const b = buildModel((await recordCheckout()).trace);
  const session = compareModels(a, 'A', b, 'B');
  const comparison: Comparison = { a: session.a, b: session.b, alignment: encodeAlignment(session.alignment) };
  const files = [{ name: 'flow.ts', text: readText(join(CHECKOUT_DIR, 'flow.ts')) }];
  const locations = locateAll(files, commandNames(comparison));
  const lineOf = (name: string) => files[0]!.text.split('\n').findIndex((l) => l.includes(`const ${name} =`)) + 1;

  it('marks each Command with how it fared in each run; the charge is mixed (threw in A, returned in B)', () => {
    // Row 1 (the promo) is selected: the other lines show their tallies.
    const { markers } = compareSource(comparison, 1, session.detail(1), locations);
    const charge = markers.find((m) => m.line === lineOf('cmdChargeCard'));
    expect(charge).toMatchObject({ tone: 'mixed', badge: 'A ✗ 1× · B ✓ 1×' });
    expect(markers.find((m) => m.line === lineOf('cmdFetchCart'))).toMatchObject({ tone: 'ok', badge: 'A ✓ 1× · B ✓ 1×' });
  });

  it('the selected step\'s line carries both outcomes, in the note and in its mark', () => {
    const { markers, highlight } = compareSource(comparison, 2, session.detail(2), locations);
    const both = 'A: threw Error: Amount must be non-zero. · B: returned {"chargeId":"ch_good_01","amount":5400,"status":"succeeded"}';
    expect(highlight).toEqual({ file: 'flow.ts', line: lineOf('cmdChargeCard'), tone: 'error', note: `cmdChargeCard · ${both}` });
    expect(markers.find((m) => m.line === lineOf('cmdChargeCard'))?.label).toBe(`cmdChargeCard: ${both}`);
  });

  it('without source there is nothing to mark', () => {
    expect(compareSource(comparison, 1, session.detail(1), {})).toEqual({ markers: [], highlight: undefined });
  });
});

describe('before the selected row’s detail has come from the compare worker', async () => {
  const a = buildModel(failingCheckoutTrace());
  const b = buildModel((await recordCheckout()).trace);
  const session = compareModels(a, 'A', b, 'B');
  const comparison: Comparison = { a: session.a, b: session.b, alignment: encodeAlignment(session.alignment) };
  const files = [{ name: 'flow.ts', text: readText(join(CHECKOUT_DIR, 'flow.ts')) }];
  const locations = locateAll(files, commandNames(comparison));

  it('the line is highlighted, its note waits with …, and an older row’s detail is not shown', () => {
    for (const detail of [undefined, session.detail(1)]) {
      const { highlight } = compareSource(comparison, 2, detail, locations);
      expect(highlight?.note).toBe('cmdChargeCard · A: … · B: …');
    }
  });
});
