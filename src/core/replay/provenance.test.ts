// The provenance the runtime records (effect/provenance.ts), against what the
// library's own builders were seen doing on every shared fixture
// (expected/provenance.json, ../shared/fixtures/PROVENANCE.md): for each
// Command asked, in order, the value its builder was called with, which
// builder that was, and what produced the value.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { replayTrace } from './replayTrace';
import { caseNames, FIXTURES, loadFlowAsApp, loadTrace, runsOf } from './test-support/fixtures';

interface ExpectedStep {
  readonly path: string;
  readonly command: string;
  readonly index: number;
  readonly entryIndex: number;
  readonly answered: boolean;
  readonly received: { readonly value?: unknown };
  readonly receivedVia: Record<string, unknown>;
  readonly producer: Record<string, unknown>;
  readonly producerText: string;
}

const cases = caseNames().filter((c) => existsSync(join(FIXTURES, c, 'expected/provenance.json')));

test('every fixture has the library\'s provenance', () => {
  expect(cases).toEqual(caseNames());
});

describe.each(cases)('%s', (name) => {
  test('each Command asked received what the library\'s builders saw, from the same producer', async () => {
    const expected = JSON.parse(readFileSync(join(FIXTURES, name, 'expected/provenance.json'), 'utf8')) as { steps: ExpectedStep[] };
    const run = runsOf(name)[0]!;
    const flow = loadFlowAsApp(run);
    const report = await replayTrace({ flowFn: flow, trace: loadTrace(run), ...(run.options.context !== undefined ? { context: run.options.context } : {}) });
    const asked = report.steps.filter((s) => s.type === 'Command');
    const got = asked.map((s) => ({
      path: s.path,
      command: s.name,
      index: s.index,
      entryIndex: s.entryIndex ?? -1,
      answered: s.status === 'answered',
      received: s.hasBefore ? { value: s.before } : {},
      receivedVia: s.via,
      producer: s.producer
    }));
    const want = expected.steps.map(({ producerText: _t, ...s }) => s);
    expect(got).toEqual(want);
  });
});

// Every replay, variants included (a fix, a rename, a Retry with fewer attempts…), by rules the spec
// gives for each producer: what each names must be there, and hold what it says.
const allRuns = caseNames().flatMap(runsOf).filter((r) => !r.rejected);

describe.each(allRuns.map((r) => [`${r.caseName}${r.variant ? ` / ${r.variant}` : ''}`, r] as const))('%s, by the rules', (_label, run) => {
  test('each producer names a step asked before, a Parallel that joined, or the Retry the step runs in', async () => {
    const flow = loadFlowAsApp(run);
    const trace = loadTrace(run);
    const entries = trace.trace as Array<Record<string, unknown>>;
    const report = await replayTrace({ flowFn: flow, trace, ...(run.options.context !== undefined ? { context: run.options.context } : {}) });
    const order = new Map(report.steps.map((s, i) => [s.path, i]));
    report.steps.forEach((s, i) => {
      const p = s.producer;
      expect(p, `${s.path} has a producer`).toBeDefined();
      if (!p) return;
      const before = (path: string) => (order.get(path) ?? Infinity) < i;
      switch (p.kind) {
        case 'input':
          if (s.via?.kind === 'flow-input') expect(s.before).toEqual(trace.initialInput);
          break;
        case 'step': {
          expect(before(p.path), `${s.path}: ${p.path} was asked before it`).toBe(true);
          const producer = report.steps[order.get(p.path)!]!;
          expect(producer.name).toBe(p.command);
          // A Command's next is called with the recorded answer itself.
          if (s.via?.kind === 'next' && producer.entryIndex !== undefined) expect(s.before).toEqual(entries[producer.entryIndex]!.result);
          break;
        }
        case 'join':
          expect(before(p.path), `${s.path}: the Parallel at ${p.path} asked before it`).toBe(true);
          expect(report.steps[order.get(p.path)!]!.type).toBe('Parallel');
          break;
        case 'retry-restart':
          expect(p.attempt).toBeGreaterThan(0);
          expect(s.path.startsWith(`${p.retry}r${p.attempt}/`)).toBe(true);
          break;
        case 'exhaustion':
          expect(s.via).toEqual({ kind: 'onExhausted', retry: p.retry });
          expect(s.path.startsWith(`${p.retry}rf/`)).toBe(true);
          expect(s.before).toMatchObject({ retryExhausted: true });
          break;
        case 'retry-result':
          expect(before(`${p.path}r0/0`) || [...order.keys()].some((k) => k.startsWith(`${p.path}r`) && before(k))).toBe(true);
          break;
      }
    });
  });
});
