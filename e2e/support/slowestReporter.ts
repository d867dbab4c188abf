// A Playwright reporter that prints, at the end of a run, the wall time per spec file (the sum of its
// tests' durations) and the 15 slowest, so CI's log says where e2e time goes and a slow spec is seen
// the day it grows (issue: CI back under 15 minutes, and kept there).
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import path from 'node:path';

const SHOWN = 15;

export default class SlowestSpecs implements Reporter {
  private readonly bySpec = new Map<string, { ms: number; tests: number }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const spec = path.basename(test.location.file);
    const seen = this.bySpec.get(spec) ?? { ms: 0, tests: 0 };
    this.bySpec.set(spec, { ms: seen.ms + result.duration, tests: seen.tests + 1 });
  }

  onEnd(_result: FullResult): void {
    const rows = [...this.bySpec.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, r]) => sum + r.ms, 0);
    const tests = rows.reduce((sum, [, r]) => sum + r.tests, 0);
    console.log(`\n== e2e time per spec (sum of its tests' durations; ${tests} tests, ${(total / 60_000).toFixed(1)} min in all), the ${Math.min(SHOWN, rows.length)} slowest:`);
    for (const [spec, r] of rows.slice(0, SHOWN)) console.log(`  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${String(r.tests).padStart(3)} tests  ${spec}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
