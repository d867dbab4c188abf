// Replays of changed incidents (a minimizer's candidates, a redacted share) against one flow's
// code, each in a sandbox of its own (a fresh realm, with the time and memory limits); the next
// sandbox starts while one replays, so locking a realm is off the path. A replay that times out,
// runs out of memory or crashes answers undefined: "not the same failure".
import type { ReplayReport } from '../core/replay/report';
import type { SourceFile } from '../core/source/locate';
import type { AmbientSettings } from '../core/source/ambient';
import type { RunResult } from '../core/source/runFlow';
import { startSandbox, type SandboxHandle, type SandboxLimits } from '../sandbox/node/host';
import { sandboxWorker } from './sandboxWorker';

export interface Flow {
  readonly files: readonly SourceFile[];
  readonly entry?: string;
  readonly exportName?: string;
  readonly ambient?: AmbientSettings;
}

export interface CandidateReplayer {
  replay(trace: unknown): Promise<ReplayReport | undefined>;
  /** the first load problem (a compile error, no flow export…), when a replay gave none */
  readonly problem: () => Extract<RunResult, { kind: Exclude<RunResult['kind'], 'report'> }> | undefined;
  close(): void;
}

export function candidateReplayer(flow: Flow, limits: SandboxLimits): CandidateReplayer {
  const worker = sandboxWorker();
  const start = () => startSandbox(worker.file, limits, worker.execArgv);
  let spare: SandboxHandle | undefined = start();
  let problem: ReturnType<CandidateReplayer['problem']>;
  return {
    async replay(trace) {
      const sandbox = spare ?? start();
      spare = start();
      try {
        const outcome = await sandbox.run({
          files: [...flow.files],
          ...(flow.entry !== undefined ? { entry: flow.entry } : {}),
          traceText: JSON.stringify(trace),
          ...(flow.exportName !== undefined ? { exportName: flow.exportName } : {}),
          ...(flow.ambient ? { ambient: flow.ambient } : {}),
          steps: true
        });
        if (outcome.kind !== 'result') return undefined;
        if (outcome.result.kind !== 'report') {
          problem ??= outcome.result;
          return undefined;
        }
        return outcome.result.report;
      } finally {
        sandbox.dispose();
      }
    },
    problem: () => problem,
    close() {
      spare?.dispose();
      spare = undefined;
    }
  };
}
