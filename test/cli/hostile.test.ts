// The hostile-flow corpus through the real `timescope` binary: each case gets the exit status and
// the message it must produce on stderr, the control flow then replays cleanly, and a sink server
// on 127.0.0.1 receives nothing.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileCases, HOSTILE_TRACE, startSink, type HostileCase } from '../corpus/hostile';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-hostile-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function timescope(args: readonly string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

/** `folder` defaults to the case's name; the concurrent control replays each get one of their own, so none reads another's half-written file. */
function replay(c: HostileCase, sink: string, folder = c.name) {
  const dir = path.join(TMP, folder);
  const flow = path.join(dir, 'flow.js');
  mkdirSync(dir, { recursive: true });
  writeFileSync(flow, c.source(sink));
  const limits = [
    ...(c.limits?.timeoutMs !== undefined ? ['--timeout', String(c.limits.timeoutMs / 1000)] : []),
    ...(c.limits?.maxMemoryMb !== undefined ? ['--max-memory', String(c.limits.maxMemoryMb)] : [])
  ];
  // Run from the flow's folder, naming it 'flow.js', so messages say flow.js:<line>.
  return timescope(['replay', HOSTILE_TRACE, 'flow.js', ...limits], dir);
}

describe.concurrent('hostile flows through the timescope CLI', () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  beforeAll(async () => {
    sink = await startSink();
  });
  afterAll(async () => {
    expect(sink.requests).toEqual([]);
    await sink.close();
  });

  const cases = hostileCases();
  const control = cases.find((c) => c.name === 'benign')!;
  it.each(cases.filter((c) => c !== control).map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const out = await replay(c, sink.origin);
    const want = c.expect;
    const at = want.line !== undefined ? `flow.js:${want.line}:` : '';
    switch (want.verdict) {
      case 'timeout':
        expect(out.code).toBe(2);
        expect(out.stderr).toMatch(/^timescope: the flow's code did not finish within [\d.]+ s, so it was stopped\./);
        break;
      case 'memory':
        expect(out.code).toBe(2);
        expect(out.stderr).toMatch(/^timescope: the flow's code used more than the \d+ MB of memory it may have/);
        break;
      case 'compile-error':
        expect(out.code).toBe(2);
        expect(out.stderr).toContain(`${at}1: cannot compile: ${want.message}`);
        break;
      case 'load-error':
        expect(out.code).toBe(2);
        expect(out.stderr).toContain(`timescope: loading the flow failed: ${want.name}: `);
        expect(out.stderr).toContain(want.message);
        expect(out.stderr).toContain(`at ${at}`);
        break;
      case 'flow-error':
        expect(out.code).toBe(2);
        expect(out.stderr).toContain(`timescope: the replay stopped with ${want.name}: `);
        expect(out.stderr).toContain(want.message);
        if (at) expect(out.stderr).toContain(`at ${at}`);
        break;
      case 'success':
        expect(out.code).toBe(0);
        if (want.refused) expect(out.stderr).toMatch(new RegExp(`^timescope: the sandbox refused: .*${escape(want.refused.message)}.*\\n    at flow\\.js:${want.refused.line}:`));
        break;
    }
    expect(out.stderr).not.toMatch(/unexpected error|stopped unexpectedly|\n\s+at .*sandbox-worker/);
    const after = await replay(control, sink.origin, `${c.name}-control`);
    expect([after.code, after.stderr]).toEqual([0, '']);
    expect(after.stdout).toContain('Replay finished with state: Success');
  }, 90_000);
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
