// `timescope minimize`: the incident shrunk by delta debugging (core/minimize) to one that still
// fails the same way, its candidates replayed against the recorded code in the batch sandbox, a
// worker per core (candidateReplay.ts). Writes the minimized trace, a manifest and a capsule.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minimizeIncident, notMinimizable, type MinimizeProgress } from '../core/minimize/minimize';
import type { FailureSignature } from '../core/minimize/sameFailure';
import { traceFlowName } from '../core/source/choose';
import { InputError } from './files';
import { loadInput } from './input';
import type { MinimizeArgs } from './minimizeArgs';
import { runProblem } from './output';
import { candidateReplayer } from './candidateReplay';
import type { CliIo } from './types';

/** The minimized incident's outcome as the summary says it: Failure with the error a person compares, or Success with its value. */
function outcomeOf(s: FailureSignature): Record<string, unknown> | undefined {
  if (!s.ended) return undefined;
  return s.type === 'Failure' ? { type: 'Failure', error: s.outcome } : { type: 'Success', value: s.outcome };
}

export async function minimize(args: MinimizeArgs, io: CliIo): Promise<number> {
  const input = await loadInput(io.cwd, args);
  for (const notice of input.notices) io.stderr(`timescope: ${notice}\n`);
  if (typeof input.trace !== 'object' || input.trace === null || Array.isArray(input.trace)) throw new InputError(`'${args.trace}' is not a trace object`);
  const pool = candidateReplayer(
    { files: input.files, ...(input.entry !== undefined ? { entry: input.entry } : {}), ...(input.exportName !== undefined ? { exportName: input.exportName } : {}), ...(args.ambient ? { ambient: args.ambient } : {}) },
    { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb }
  );
  const shown = (file: string) => input.display.get(file) ?? file;
  const replay = (trace: unknown) => pool.replay(trace);
  try {
    const original = await replay(input.trace);
    if (!original) {
      const problem = pool.problem();
      io.stderr(`timescope: ${problem ? runProblem(problem, shown, traceFlowName(input.trace)) : 'the recorded incident did not replay in the sandbox (a time limit, memory or a crash), so there is nothing to minimize'}\n`);
      return 2;
    }
    const refused = notMinimizable(original);
    if (refused) {
      io.stderr(`timescope: this incident cannot be minimized: ${refused}\n`);
      return 2;
    }
    let lastShown = 0;
    const progress = (p: MinimizeProgress) => {
      // A line a second at most, and the last: enough to see it move without flooding a log.
      const now = Date.now();
      if (now - lastShown < 1_000) return;
      lastShown = now;
      io.stderr(`timescope: minimize: ${p.phase}, ${p.replays} of at most ${p.budget} replays\n`);
    };
    const m = await minimizeIncident(input.trace as Record<string, unknown>, original, replay, { budget: args.budget, onProgress: progress, parallel: pool.parallel });
    const out = path.resolve(io.cwd, args.out);
    mkdirSync(out, { recursive: true });
    const traceFile = path.join(out, 'trace.min.json');
    const manifestFile = path.join(out, 'minimize.json');
    const capsuleFile = path.join(out, 'incident.min.zip');
    const summary = {
      minimal: m.minimal,
      ...(m.stopped ? { stopped: m.stopped } : {}),
      replays: m.replays,
      budget: args.budget,
      kept: m.manifest.text,
      manifest: { fields: m.manifest.fields, answerFields: m.manifest.answerFields, entries: m.manifest.entries, simplified: m.manifest.simplified },
      outcome: outcomeOf(m.signature),
      files: { trace: traceFile, manifest: manifestFile, capsule: capsuleFile }
    };
    writeFileSync(traceFile, `${JSON.stringify(m.trace, null, 2)}\n`);
    writeFileSync(manifestFile, `${JSON.stringify(summary, null, 2)}\n`);
    // The minimized incident as a capsule, with the flow's files and what minimizing kept in its manifest:
    // one file to hand a person or an agent, which `timescope replay` and the app open as they are.
    const { buildCapsule } = await import('../core/share/capsule');
    const payload = { v: 1 as const, trace: m.trace as never, sources: input.files.map((f) => ({ name: f.name, text: f.text })), redaction: { applied: false, rules: [] }, ...(input.exportName ? { exportName: input.exportName } : {}) };
    writeFileSync(capsuleFile, buildCapsule(payload, { minimized: { kept: m.manifest.text, minimal: m.minimal, replays: m.replays } }));
    if (args.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      const how = m.minimal ? '1-minimal: without any one of what is left it no longer fails the same way' : `not proven minimal: stopped at the budget of ${args.budget} replays (--budget N for more)`;
      io.stdout(`Minimized in ${m.replays} replays: ${m.manifest.text}.\n${how}.\nWrote ${path.relative(io.cwd, traceFile) || traceFile}, ${path.relative(io.cwd, manifestFile) || manifestFile} and ${path.relative(io.cwd, capsuleFile) || capsuleFile}.\n`);
    }
    return m.minimal ? 0 : 1;
  } finally {
    pool.close();
  }
}
