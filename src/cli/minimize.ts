// `timescope minimize`: the incident shrunk by delta debugging (core/minimize) to one that still
// fails the same way, each candidate replayed against the recorded code in a sandbox of its own (a
// fresh realm per replay, with the time and memory limits). The next candidate's sandbox is started
// while one replays, so locking a realm is off the path. A candidate that times out, runs out of
// memory or crashes is "not the same failure". Writes the minimized trace and a manifest.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minimizeIncident, notMinimizable, type MinimizeProgress } from '../core/minimize/minimize';
import type { ReplayReport } from '../core/replay/report';
import { traceFlowName } from '../core/source/choose';
import { startSandbox, type SandboxHandle } from '../sandbox/node/host';
import { InputError } from './files';
import { loadInput } from './input';
import type { MinimizeArgs } from './minimizeArgs';
import { runProblem } from './output';
import { sandboxWorker } from './sandboxWorker';
import type { CliIo } from './types';

/** Sandboxes one at a time, the next already starting while the current one replays. */
function sandboxes(args: MinimizeArgs): { next(): SandboxHandle; close(): void } {
  const worker = sandboxWorker();
  const start = () => startSandbox(worker.file, { timeoutMs: args.timeoutMs, maxMemoryMb: args.maxMemoryMb }, worker.execArgv);
  let spare: SandboxHandle | undefined = start();
  return {
    next() {
      const current = spare ?? start();
      spare = start();
      return current;
    },
    close() {
      spare?.dispose();
      spare = undefined;
    }
  };
}

export async function minimize(args: MinimizeArgs, io: CliIo): Promise<number> {
  const input = await loadInput(io.cwd, args);
  for (const notice of input.notices) io.stderr(`timescope: ${notice}\n`);
  if (typeof input.trace !== 'object' || input.trace === null || Array.isArray(input.trace)) throw new InputError(`'${args.trace}' is not a trace object`);
  const pool = sandboxes(args);
  const shown = (file: string) => input.display.get(file) ?? file;
  let problem: string | undefined;
  const replay = async (trace: unknown): Promise<ReplayReport | undefined> => {
    const sandbox = pool.next();
    try {
      const outcome = await sandbox.run({
        files: input.files,
        ...(input.entry !== undefined ? { entry: input.entry } : {}),
        traceText: JSON.stringify(trace),
        ...(input.exportName !== undefined ? { exportName: input.exportName } : {}),
        ...(args.ambient ? { ambient: args.ambient } : {}),
        steps: true
      });
      if (outcome.kind !== 'result') return undefined;
      if (outcome.result.kind !== 'report') {
        problem ??= runProblem(outcome.result, shown, traceFlowName(input.trace));
        return undefined;
      }
      return outcome.result.report;
    } finally {
      sandbox.dispose();
    }
  };
  try {
    const original = await replay(input.trace);
    if (!original) {
      io.stderr(`timescope: ${problem ?? 'the recorded incident did not replay in the sandbox (a time limit, memory or a crash), so there is nothing to minimize'}\n`);
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
    const m = await minimizeIncident(input.trace as Record<string, unknown>, original, replay, { budget: args.budget, onProgress: progress });
    const out = path.resolve(io.cwd, args.out);
    mkdirSync(out, { recursive: true });
    const traceFile = path.join(out, 'trace.min.json');
    const manifestFile = path.join(out, 'minimize.json');
    const summary = {
      minimal: m.minimal,
      ...(m.stopped ? { stopped: m.stopped } : {}),
      replays: m.replays,
      budget: args.budget,
      kept: m.manifest.text,
      manifest: { fields: m.manifest.fields, answerFields: m.manifest.answerFields, entries: m.manifest.entries, simplified: m.manifest.simplified },
      outcome: m.report.result,
      files: { trace: traceFile, manifest: manifestFile }
    };
    writeFileSync(traceFile, `${JSON.stringify(m.trace, null, 2)}\n`);
    writeFileSync(manifestFile, `${JSON.stringify(summary, null, 2)}\n`);
    if (args.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      const how = m.minimal ? '1-minimal: without any one of what is left it no longer fails the same way' : `not proven minimal: stopped at the budget of ${args.budget} replays (--budget N for more)`;
      io.stdout(`Minimized in ${m.replays} replays: ${m.manifest.text}.\n${how}.\nWrote ${path.relative(io.cwd, traceFile) || traceFile} and ${path.relative(io.cwd, manifestFile) || manifestFile}.\n`);
    }
    return m.minimal ? 0 : 1;
  } finally {
    pool.close();
  }
}
