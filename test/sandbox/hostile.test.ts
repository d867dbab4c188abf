// The hostile-flow corpus in the engine's sandbox (src/sandbox/node, the worker the CLI uses), each
// case followed by the control flow, which must reproduce: nothing a hostile replay did survives it.
// A sink server on 127.0.0.1 must receive nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, startSandbox, type SandboxOutcome } from '../../src/sandbox/node/host';
import { hostileCases, HOSTILE_TRACE, startSink, type HostileExpect } from '../corpus/hostile';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOOT = path.join(ROOT, 'dist-cli/sandbox-boot.cjs'); // built by the Vitest global setup
const traceText = readFileSync(HOSTILE_TRACE, 'utf8');

/** What the person would be told, in the corpus's terms. */
type Observed = { verdict: HostileExpect['verdict'] | string; name?: string; message?: string; line?: number; value?: unknown; refused?: { message: string; line?: number }[] };

function observed(o: SandboxOutcome): Observed {
  if (o.kind === 'timeout' || o.kind === 'memory') return { verdict: o.kind };
  if (o.kind === 'crashed') return { verdict: 'crashed', message: o.message };
  const r = o.result;
  if (r.kind === 'load-error') return { verdict: 'load-error', message: r.message, line: r.location?.line, name: /^(\w+): /.exec(r.message)?.[1] };
  if (r.kind === 'compile-error') return { verdict: r.kind, message: r.message, line: r.line };
  if (r.kind !== 'report') return { verdict: r.kind };
  const report = r.report;
  if (report.status === 'rejected') return { verdict: 'flow-error', name: report.rejection?.text.name, message: report.rejection?.text.message, line: report.rejection?.location?.line };
  const refused = r.refused?.map((x) => ({ message: x.message, line: x.location?.line }));
  const outcome: Observed = report.result?.type === 'Success' ? { verdict: 'success', value: report.result.value } : { verdict: 'failure', value: report.result?.error };
  return refused ? { ...outcome, refused } : outcome;
}

function replay(text: string, limits: { timeoutMs?: number; maxMemoryMb?: number } = {}) {
  return startSandbox(BOOT, { ...DEFAULT_LIMITS, ...limits }).run({ files: [{ name: 'flow.js', text }], entry: 'flow.js', traceText });
}

describe('hostile flows in the engine sandbox', () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  beforeAll(async () => {
    sink = await startSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  const cases = hostileCases();
  const control = cases.find((c) => c.name === 'benign')!;
  it.each(cases.filter((c) => c.name !== 'benign').map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const got = observed(await replay(c.source(sink.origin), c.limits));
    const want = c.expect;
    expect(got.verdict).toBe(want.verdict);
    if (want.name !== undefined) expect(got.name).toBe(want.name);
    if (want.message !== undefined) expect(got.message).toContain(want.message);
    if (want.line !== undefined) expect(got.line).toBe(want.line);
    if (want.value !== undefined) expect(got.value).toEqual(want.value);
    if (want.refused) expect(got.refused).toEqual([expect.objectContaining({ line: want.refused.line, message: expect.stringContaining(want.refused.message) })]);
    // The next replay of an unchanged flow gives the right verdict.
    const after = observed(await replay(control.source(sink.origin)));
    expect(after).toEqual({ verdict: 'success', value: control.expect.value });
  }, 90_000);

  it('the sink server received nothing', () => {
    expect(sink.requests).toEqual([]);
  });
});
