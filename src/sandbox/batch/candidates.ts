// Candidate incidents (a minimizer's, a redaction check's) replayed by the batch scheduler
// (scheduler.ts), in the CLI (sandbox/node/pool.ts) and the app (worker/batchRun.ts) alike: one
// sandbox worker per core, each locking its realm once and transpiling the flow once, every
// candidate in a fresh Compartment under the time and memory limits. ddmin asks for a step's
// candidates together (core/minimize/ddmin.ts, `parallel`); the calls made before the next turn of
// the event loop go out as one round, so a round keeps every worker busy, and rounds run one after
// another on the same workers. Each candidate comes back as its signature, a few hundred bytes.
import { packCorpus, type CorpusBytes } from '../../core/batch/corpusBytes';
import type { FailureSignature } from '../../core/minimize/sameFailure';
import type { RunResult } from '../../core/source/runFlow';
import type { PoolResult } from './scheduler';

export type LoadProblem = Exclude<RunResult, { kind: 'report' }>;

/** A trace doc as its JSON bytes, with the entries whose `error` key holds undefined, which JSON cannot write. */
export function candidateBytes(doc: unknown): { readonly bytes: Uint8Array; readonly undefinedErrors: readonly number[] } {
  const entries = (doc as { trace?: unknown } | null)?.trace;
  const undefinedErrors = Array.isArray(entries) ? entries.flatMap((e: unknown, i) => (typeof e === 'object' && e !== null && 'error' in e && (e as { error?: unknown }).error === undefined ? [i] : [])) : [];
  return { bytes: new TextEncoder().encode(JSON.stringify(doc)), undefinedErrors };
}

/** A round's candidates as corpus bytes, in order (the CLI serves them with corpus.ts's corpusOf, the app posts them to its frame). */
export const candidateCorpus = (docs: readonly unknown[]): CorpusBytes => packCorpus(docs.map(candidateBytes));

/** One round: each candidate's result from the scheduler, by its place in the round (missing: none came). */
export type RunRound = (docs: readonly unknown[]) => Promise<readonly (PoolResult | undefined)[]>;

export interface CandidateBatcher {
  /** a candidate's signature; undefined when its replay did not finish (time, memory, a crash) or the flow did not load */
  replay(doc: unknown): Promise<FailureSignature | undefined>;
  /** the first load problem a candidate met (a compile error, no flow export…) */
  problem(): LoadProblem | undefined;
}

export function candidateBatcher(runRound: RunRound): CandidateBatcher {
  let pending: { doc: unknown; resolve: (s: FailureSignature | undefined) => void; reject: (e: unknown) => void }[] = [];
  let running: Promise<void> = Promise.resolve();
  let scheduled = false;
  let problem: LoadProblem | undefined;

  const flush = () => {
    scheduled = false;
    const round = pending;
    pending = [];
    running = running.then(async () => {
      try {
        const results = await runRound(round.map((p) => p.doc));
        round.forEach((p, i) => p.resolve(signatureFrom(results[i])));
      } catch (error) {
        for (const p of round) p.reject(error);
      }
    });
  };

  const signatureFrom = (r: PoolResult | undefined): FailureSignature | undefined => {
    if (r?.kind === 'candidate') return r.signature;
    if (r?.kind === 'unusable') problem ??= r.result;
    return undefined;
  };

  return {
    replay(doc) {
      return new Promise((resolve, reject) => {
        pending.push({ doc, resolve, reject });
        if (scheduled) return;
        scheduled = true;
        // After the microtasks of this turn: every candidate ddmin's window asks for is in the round.
        setTimeout(flush, 0);
      });
    },
    problem: () => problem
  };
}
