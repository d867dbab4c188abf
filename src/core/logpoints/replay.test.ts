// Logpoints against the real engine: they change nothing a replay says, and each hit belongs to
// the step the spec's rules give it, on the shared fixtures (new ones are picked up by themselves).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as effect from '../effect/index';
import { replayTrace } from '../replay/replayTrace';
import { replayFlowSource, type RunResult } from '../source/runFlow';
import { caseNames, FIXTURES, loadTrace, runsOf, type Run } from '../replay/test-support/fixtures';
import type { LogHit, Logpoint } from './types';

function filesOf(run: Run) {
  const dir = dirname(run.flowFile);
  return readdirSync(dir)
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

async function replay(run: Run, logpoints?: readonly Logpoint[]): Promise<RunResult> {
  return replayFlowSource(
    { files: filesOf(run), entry: basename(run.flowFile), exportName: run.flowExport, trace: loadTrace(run), ...run.options, ...(logpoints ? { logpoints } : {}) },
    effect,
    replayTrace
  );
}

/** A logpoint on every line of the flow's file, reading the first name on the line (or a literal). */
function everyLine(run: Run): Logpoint[] {
  const file = basename(run.flowFile);
  return readFileSync(run.flowFile, 'utf8')
    .split('\n')
    .map((text, i) => ({ id: `L${i + 1}`, file, line: i + 1, expr: /[A-Za-z_$][\w$]*/.exec(text.replace(/^\s*(const|let|var|return|export|import|if|await|function)\b/, ''))?.[0] ?? '1' }))
    .slice(0, 200);
}

/** The report without its logs, as JSON: what a replay says. */
function said(r: RunResult): string {
  if (r.kind !== 'report') return JSON.stringify(r);
  const { logs: _logs, ...report } = r.report;
  return JSON.stringify({ ...r, report });
}

const runs = caseNames().flatMap((c) => runsOf(c));

describe('a replay with logpoints says what it says without them', () => {
  it('finds the shared fixtures', () => {
    expect(runs.length).toBeGreaterThan(18);
  });

  it.each(runs.map((r) => [`${r.caseName}${r.variant ? ` (${r.variant})` : ''}`, r] as const))('%s: same verdict, narration, unreached, steps and locations, with a logpoint on every line', async (_name, run) => {
    const plain = await replay(run);
    const points = everyLine(run);
    const logged = await replay(run, points);
    expect(said(logged)).toBe(said(plain));
    if (logged.kind !== 'report') throw new Error(`no report: ${logged.kind}`);
    const logs = logged.report.logs!;
    expect(logs.placements).toHaveLength(points.length);
    // Lines ran: every flow has at least one placed logpoint hit (its exported function's own line at least).
    expect(logs.hits.length).toBeGreaterThan(0);
    for (const h of logs.hits) if (h.step !== undefined) expect(logged.report.steps[h.step]?.path).toBe(h.path);
  }, 30_000);
});

describe('which step a hit belongs to', () => {
  const run = (c: string, variant?: string) => runsOf(c).find((r) => r.variant === variant)!;
  const lineOf = (r: Run, needle: string) => readFileSync(r.flowFile, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
  const hits = async (r: Run, points: Omit<Logpoint, 'id' | 'file'>[]): Promise<{ hits: LogHit[]; steps: { path: string; name: string }[] }> => {
    const out = await replay(r, points.map((p, i) => ({ ...p, id: `p${i}`, file: basename(r.flowFile) })));
    if (out.kind !== 'report') throw new Error(out.kind);
    return { hits: [...out.report.logs!.hits], steps: out.report.steps.map((s) => ({ path: s.path, name: s.name })) };
  };

  it('a pure step reads the value after its line ran, in the next of the Command whose answer it handles', async () => {
    const r = run('checkout-zero-total');
    const out = await hits(r, [{ line: lineOf(r, 'const total ='), expr: 'total' }]);
    expect(out.hits).toEqual([{ id: 'p0', seq: 0, step: 1, path: '1', hasValue: true, value: 0 }]);
  });

  it("onExhausted's fallback is built after the last try threw: its hits are that try's", async () => {
    const r = run('price-retry-fallback');
    const out = await hits(r, [
      { line: lineOf(r, 'Command(') + (lineOf(r, 'onExhausted') - lineOf(r, 'Command(')) + 1, expr: 'exhausted.attempts' },
      { line: lineOf(r, '(cached: PriceQuote)'), expr: 'cached.amount' },
      // every try threw, so the live price's next never ran
      { line: lineOf(r, '(quote: PriceQuote)'), expr: 'quote.amount' }
    ]);
    expect(out.hits.map((h) => [h.id, h.path])).toEqual([
      ['p0', '1r2/0'],
      ['p1', '1rf/0']
    ]);
    expect(out.hits[0]!.value).toBe(2);
  });

  it("a Parallel's next handles the join: its hits are the Parallel's decision step", async () => {
    const r = run('profile-parallel');
    const out = await hits(r, [{ line: lineOf(r, 'user ? Success'), expr: 'user.name' }]);
    expect(out.hits.map((h) => [h.path, out.steps[h.step!]!.name])).toEqual([['0p', 'Parallel']]);
  });

  it("a branch's own step belongs to the branch, and code run while the Parallel is built belongs to it", async () => {
    const r = run('stock-parallel-cancelled');
    const out = await hits(r, [
      { line: lineOf(r, 'return Command(cmdConfirmEastHold)'), expr: 'hold.holdId' },
      { line: lineOf(r, 'return Command(cmdReserveEast)'), expr: 'req.orderId' }
    ]);
    expect(out.hits.map((h) => [h.id, h.path])).toEqual([
      ['p1', '0p'],
      ['p0', '0p0/0']
    ]);
  });

  it('copies a value when its line runs, and records a throw as the value', async () => {
    const r = run('checkout-zero-total');
    const text = readFileSync(r.flowFile, 'utf8');
    const line = lineOf(r, 'const total =');
    const out = await hits(r, [
      { line, expr: 'order.cart' },
      { line, expr: 'order.nope.x' }
    ]);
    expect(out.hits[0]!.value).toMatchObject({ subtotal: expect.any(Number) });
    expect(out.hits[1]).toMatchObject({ hasValue: false, error: "TypeError: Cannot read properties of undefined (reading 'x')" });
    expect(text).toContain('const total =');
  });
});

describe('hostile flow code', () => {
  it('cannot forge hits with bad arguments, and a logpoint line that throws keeps its location', async () => {
    const r = runsOf('checkout-zero-total')[0]!;
    const text = readFileSync(r.flowFile, 'utf8');
    const bugged = text.replace('const percentOff = promo.valid', '__pe$lp(99, () => 1); __pe$lp(0, 5); const percentOff = (promo as any).missing.valid');
    const files = filesOf(r).map((f) => (f.name === 'flow.ts' ? { ...f, text: bugged } : f));
    const line = bugged.split('\n').findIndex((l) => l.includes('.missing.valid')) + 1;
    const go = (logpoints?: Logpoint[]) => replayFlowSource({ files, entry: 'flow.ts', trace: loadTrace(r), ...(logpoints ? { logpoints } : {}) }, effect, replayTrace);
    const plain = await go();
    const logged = await go([{ id: 'a', file: 'flow.ts', line, expr: 'promo' }]);
    if (plain.kind !== 'report' || logged.kind !== 'report') throw new Error('no report');
    expect(logged.report.rejection?.location).toEqual(plain.report.rejection?.location);
    expect(plain.report.rejection?.location?.line).toBe(line);
    // The logpoint reads after the line's first statement; the forged calls (an index no logpoint
    // has, a read that is no function) add nothing.
    expect(logged.report.logs?.hits).toEqual([{ id: 'a', seq: 0, step: 1, path: '1', hasValue: true, value: expect.objectContaining({ valid: true, percentOff: 100 }) }]);
    expect(logged.report.logs?.counts).toEqual({ a: 1 });
  });
});

it('reads the fixtures from the shared folder', () => {
  expect(FIXTURES).toMatch(/fixtures$/);
});
