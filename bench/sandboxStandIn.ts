// The library stand-in inside the sandbox, for bench/coreReplay.ts: the CLI's sandbox worker
// (src/sandbox/node/worker.ts) with the library's own replayEffect where the app runs
// replayFlowSource + replayTrace. The same lockdown and blocked globals, the same hardened runtime,
// the flow loaded by the same loader into a fresh Compartment, the trace parsed from the same text;
// it answers with the outcome and its own clock for replayEffect alone.
import { parentPort } from 'node:worker_threads';
import { createLoader } from '../src/core/source/loader';
import { defineBlocked } from '../src/sandbox/blocked';
import type { SandboxMessage, SandboxRequest } from '../src/sandbox/node/protocol';
import { compartmentEvaluate, lockRealm, sandboxRuntime } from '../src/sandbox/realm';

type ReplayEffect = (effect: unknown, trace: unknown) => Promise<{ result: { type: string }; unreached?: unknown[] }>;

const port = parentPort;
if (!port) throw new Error('the stand-in runs as a worker thread');
process.on('unhandledRejection', () => undefined);
lockRealm();
defineBlocked(globalThis, ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response', 'navigator', 'process', 'require', 'Buffer', 'global']);
const post = (m: SandboxMessage) => port.postMessage(m);
post({ type: 'ready' });

port.once('message', (request: SandboxRequest) => {
  void (async () => {
    try {
      const trace = JSON.parse(request.traceText) as { initialInput: unknown };
      const runtime = sandboxRuntime();
      const exports = createLoader(request.files, runtime, compartmentEvaluate()).load(request.entry ?? 'flow.ts') as Record<string, unknown>;
      const flowFn = exports[request.exportName ?? ''] as (input: unknown) => unknown;
      const t = performance.now();
      const { result, unreached } = await (runtime.replayEffect as ReplayEffect)(flowFn(trace.initialInput), trace);
      const replayMs = performance.now() - t;
      post({ type: 'done', json: JSON.stringify({ kind: 'stand-in', result: result.type, unreached: unreached?.length, replayMs }) });
    } catch (e) {
      post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  })();
});
