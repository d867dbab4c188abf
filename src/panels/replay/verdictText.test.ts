// The banner's words for the verdicts the rule added: what an outcome-changed replay does differently,
// and a refusal told as the library's, with the app's own way to give what it lacks.
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../core/trace/build';
import { fixtureRuns } from '../../core/source/test-support/fixtures';
import { readJson } from '../../core/trace/test-support/files';
import { verdictText } from './verdictText';

const model = () => buildModel(readJson(fixtureRuns().find((r) => r.id === 'tenant-ask')!.traceFile));
const success = { type: 'Success' as const, value: { n: 1 } };

describe('verdictText', () => {
  it('the same outcome with a recorded Command left unasked names the Command, not a new outcome', () => {
    const text = verdictText({ kind: 'changed', outcome: success, production: success, differs: { outcome: false, unreached: [1], reached: [] } }, model(), [1]);
    expect(text).toMatchObject({ title: 'Outcome changed', tone: 'warn' });
    expect(text.detail).toBe('the same outcome as production (Success {"n":1}), but the replay never asks cmdWriteAuditEntry, which production asked');
  });

  it('a refusal is the library\'s, with the Context tab as the way to give a context', () => {
    const message = 'The trace holds no context: redact threw on it, so the recorder left it out. A replay with an empty one could take another branch at an Ask: pass options.context, or make redact handle every value it is given, null included, and record the flow again.';
    const text = verdictText({ kind: 'refused', message, field: 'context' }, model(), []);
    expect(text.title).toBe('Replay refused');
    expect(text.detail).toMatch(/^the library will not replay this recording as given \(none of the flow ran\)/);
    expect(text.detail).toContain('Inspector → Context → Replay with another context');
    expect(text.detail).not.toContain('options.context');
  });
});
