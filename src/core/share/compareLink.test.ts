// A compare link: the v1 incident link with the optional `compare` field (run B beside run A).
import { describe, expect, it } from 'vitest';
import { decodeLink, encodeLink } from './link';
import { checkPayload, type IncidentPayload } from './payload';
import { buildCapsule, readCapsule } from './capsule';
import { failingCheckoutTrace, recordCheckout } from '../compare/test-support/checkoutRuns';
import { parseTraceText } from '../trace/parse';
import { alignTraces } from '../compare/align';
import type { RecordedModel } from '../trace/model';

const modelOf = (trace: unknown): RecordedModel => {
  const r = parseTraceText(JSON.stringify(trace));
  if (r.kind !== 'trace') throw new Error(`expected a trace, got ${r.kind}`);
  return r.model;
};

describe('compare links and capsules', async () => {
  const good = (await recordCheckout()).trace as unknown as IncidentPayload['trace'];
  const payload: IncidentPayload = {
    v: 1,
    trace: failingCheckoutTrace(),
    step: 2,
    redaction: { applied: false, rules: [] },
    compare: { trace: good, labelA: 'incidents.jsonl · line 1', labelB: 'good-run.json' }
  };

  it('round-trip both runs, and the runs compare as they did before the link', () => {
    const decoded = decodeLink(encodeLink(payload));
    if (!decoded.ok) throw new Error(decoded.message);
    expect(decoded.payload.compare).toEqual(payload.compare);
    const before = alignTraces(modelOf(payload.trace), modelOf(good));
    const after = alignTraces(modelOf(decoded.payload.trace), modelOf(decoded.payload.compare!.trace));
    expect(after.rows).toEqual(before.rows);
  });

  it('a link without the field is a single-trace link, as every v1 link was', () => {
    const { compare: _compare, ...single } = payload;
    const decoded = decodeLink(encodeLink(single));
    expect(decoded.ok && decoded.payload.compare).toBe(undefined);
  });

  it('a capsule carries run B too, in compare.json beside trace.json', () => {
    const read = readCapsule(buildCapsule(payload));
    if (!read.ok) throw new Error(read.message);
    expect(read.manifest.files).toContain('compare.json');
    expect(read.payload.compare).toEqual(payload.compare);
    expect(read.payload.trace).toEqual(payload.trace);
  });

  it('refuses a compare field that holds no trace, naming it', () => {
    const checked = checkPayload({ ...payload, compare: { trace: 'not a trace' } });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(/compare\.trace/);
  });
});
