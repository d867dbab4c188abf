// A shared what-if is redacted as its trace is: the same rules, the same tokens.
import { describe, expect, it } from 'vitest';
import { createPseudonymizer, DEFAULT_RULES, redactTrace } from '../core/redact';
import { buildModel } from '../core/trace/build';
import { FIXTURES, join, readJson } from '../core/trace/test-support/files';
import type { StepOverride } from '../core/whatif/apply';
import { redactOverrides } from './redactOverrides';

const raw = readJson(join(FIXTURES, 'profile-parallel', 'expected', 'trace.json')) as Record<string, unknown>;

describe('redactOverrides', () => {
  it('replaces an address in an edited result with the token the trace gets, and leaves the rest', async () => {
    const p = createPseudonymizer(new Uint8Array(32).fill(7));
    const overrides: StepOverride[] = [
      { at: '0p0/0', kind: 'result', value: { id: 'usr_1', email: 'ada@example.com', note: 'plain words' } },
      { at: '0p1/0', kind: 'throw', error: { name: 'AuthError', message: 'no access for ada@example.com', code: 'E_AUTH' } },
      { at: '0p', kind: 'cancelled', branch: null }
    ];
    const out = await redactOverrides(buildModel(raw), overrides, DEFAULT_RULES, p);
    const token = JSON.stringify((await redactTrace(raw, DEFAULT_RULES, p)).trace).match(/<email:[0-9a-f]+>/)?.[0];
    expect(token).toBeDefined();
    expect(out[0]).toEqual({ at: '0p0/0', kind: 'result', value: { id: 'usr_1', email: token, note: 'plain words' } });
    expect(out[1]).toMatchObject({ kind: 'throw', error: { name: 'AuthError', code: 'E_AUTH' } });
    expect(JSON.stringify(out[1])).not.toContain('ada@example.com');
    expect(out[2]).toEqual(overrides[2]);
  });
});
