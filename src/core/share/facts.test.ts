// The incident's facts travel in a link and a capsule, and come back as the incident's replay.
import { describe, expect, test } from 'vitest';
import { replayTrace } from '../replay/replayTrace';
import { loadFlow, loadTrace, runsOf } from '../replay/test-support/fixtures';
import { buildCapsule, readCapsule } from './capsule';
import { decodeLink, encodeLink } from './link';
import { factsOf, reportOfFacts } from './facts';
import type { IncidentPayload } from './payload';

async function incident(name: string) {
  const run = runsOf(name)[0]!;
  const trace = loadTrace(run);
  return { trace, report: await replayTrace({ flowFn: await loadFlow(run), trace }) };
}

describe('the incident\'s facts', () => {
  test('a link carries what each step received and what produced it, and opens as the incident\'s replay', async () => {
    const { trace, report } = await incident('price-retry-fallback');
    const payload: IncidentPayload = { v: 1, trace, facts: factsOf(report) };
    const decoded = await decodeLink(await encodeLink(payload));
    if (!decoded.ok) throw new Error(decoded.message);
    const back = reportOfFacts(decoded.payload.facts!);
    const fallback = back.steps.find((s) => s.path === '1rf/0')!;
    expect(fallback.producer).toEqual({ kind: 'exhaustion', retry: '1' });
    expect(fallback.before).toMatchObject({ retryExhausted: true, lastError: { code: 'ETIMEDOUT' } });
    expect(back.result).toEqual(report.result);
  });

  test('a capsule carries them as facts.json', async () => {
    const { trace, report } = await incident('checkout-zero-total');
    const bytes = await buildCapsule({ v: 1, trace, facts: factsOf(report) });
    const read = readCapsule(bytes);
    if (!read.ok) throw new Error(read.message);
    expect(read.payload.facts?.steps.find((s) => s.entryIndex === 2)?.producer).toEqual({ kind: 'step', path: '1', command: 'cmdValidatePromo' });
  });
});
