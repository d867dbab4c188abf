// Code locations of the steps of a long replay, through the real loader and engine: each step is
// located at its own Command() call, also where one function builds Commands at several places.
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource } from './runFlow';
import { TWO_PLACES_FLOW, TWO_PLACES_TRACE, twoPlacesLocations } from './test-support/twoPlaces';

describe('step locations in a long replay', () => {
  it('gives each of two Commands of the same name, built at two places, its own line, every time', async () => {
    const out = await replayFlowSource({ files: [{ name: 'flow.ts', text: TWO_PLACES_FLOW }], trace: TWO_PLACES_TRACE }, effect, replayTrace);
    if (out.kind !== 'report') throw new Error(`expected a report, got ${out.kind}`);
    expect(out.report.result).toEqual({ type: 'Success', value: 20 });
    expect(out.report.steps.map((s) => s.location)).toEqual(twoPlacesLocations());
  });
});
