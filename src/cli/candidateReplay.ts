// Replays of changed incidents (a minimizer's candidates, a redacted share) against one flow's
// code, in the batch sandbox `replay-all` uses (sandbox/node/pool.ts): one worker thread per core,
// each locking its realm and transpiling the flow once, every candidate in a fresh Compartment
// under the time and memory limits. Candidates asked for together go out as one round
// (sandbox/batch/candidates.ts) and come back as signatures. One that times out, runs out of
// memory or crashes answers undefined: "not the same failure".
import { availableParallelism } from 'node:os';
import type { FailureSignature } from '../core/minimize/sameFailure';
import type { SourceFile } from '../core/source/locate';
import type { AmbientSettings } from '../core/source/ambient';
import { candidateBatcher, candidateCorpus, type LoadProblem } from '../sandbox/batch/candidates';
import { corpusOf } from '../sandbox/batch/corpus';
import type { PoolResult } from '../sandbox/batch/scheduler';
import type { SandboxLimits } from '../sandbox/node/host';
import { startPool } from '../sandbox/node/pool';
import { sandboxWorker } from './sandboxWorker';

export interface Flow {
  readonly files: readonly SourceFile[];
  readonly entry?: string;
  readonly exportName?: string;
  readonly ambient?: AmbientSettings;
}

export interface CandidateReplayer {
  replay(trace: unknown): Promise<FailureSignature | undefined>;
  /** the first load problem (a compile error, no flow export…), when a replay gave none */
  readonly problem: () => LoadProblem | undefined;
  /** the workers replaying candidates side by side (ddmin's window) */
  readonly parallel: number;
  close(): void;
}

export function candidateReplayer(flow: Flow, limits: SandboxLimits, jobs = availableParallelism()): CandidateReplayer {
  const worker = sandboxWorker();
  const pool = startPool({
    workerFile: worker.file,
    execArgv: worker.execArgv,
    jobs,
    limits,
    flow: {
      files: [...flow.files],
      ...(flow.entry !== undefined ? { entry: flow.entry } : {}),
      ...(flow.exportName !== undefined ? { exportName: flow.exportName } : {}),
      ...(flow.ambient ? { ambient: flow.ambient } : {}),
      candidates: true
    }
  });
  const batcher = candidateBatcher(async (docs) => {
    const results: (PoolResult | undefined)[] = new Array(docs.length);
    const corpus = corpusOf(candidateCorpus(docs));
    if (typeof corpus === 'string') throw new Error(`the candidates made no corpus: ${corpus}`);
    await pool.run(corpus, (r) => (results[r.seq] = r));
    return results;
  });
  return { replay: (trace) => batcher.replay(trace), problem: () => batcher.problem(), parallel: Math.max(1, jobs), close: () => pool.close() };
}
