// One snippet replayed the way `timescope replay` replays a flow: a fresh sandbox worker of its
// own (sandbox/node/host.ts) and the full RunResult back. Slow (a worker start each), so the suite
// uses it only to check that the batch worker it drives answers as the single replay does, and
// to read outcome texts longer than a batch row's detail keeps.
import { DEFAULT_LIMITS, startSandbox } from '../../../src/sandbox/node/host';
import { CLI_BOOT } from './cliSandbox';
import { FLOW_EXPORT, FLOW_FILE, flowFiles, traceText } from './flow';
import { outcomeFromText, outcomeOfRunResult, outcomeTextOf, type Outcome } from './outcome';

export async function singleReplay(source: string, expected: Outcome): Promise<Outcome> {
  const o = await startSandbox(CLI_BOOT, DEFAULT_LIMITS).run({ files: flowFiles(source), entry: FLOW_FILE, exportName: FLOW_EXPORT, traceText: traceText(outcomeTextOf(expected)) });
  if (o.kind !== 'result') return { kind: 'broken', message: `${o.kind}: ${JSON.stringify(o)}` };
  const r = o.result;
  if (r.kind !== 'report') return outcomeOfRunResult(r);
  const { report } = r;
  if (report.status === 'rejected' && expected.kind === 'threw') {
    const location = report.rejection?.location;
    const line = location?.file === 'snippet.js' ? location.line : undefined;
    return { ...expected, phase: 'run', ...(line !== undefined ? { line } : {}) };
  }
  if (report.result?.type === 'Success') return expected;
  if (report.result?.type === 'Failure' && typeof report.result.error === 'string') return outcomeFromText(report.result.error);
  return { kind: 'broken', message: JSON.stringify(report).slice(0, 500) };
}
