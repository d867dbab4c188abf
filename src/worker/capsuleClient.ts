// Reads a capsule in a worker of its own (capsule.worker.ts), so a big one never freezes the tab.
import type { CapsuleRequest, CapsuleResponse } from './capsule.protocol';
import { askOnce } from './askOnce';

export function readCapsuleInWorker(source: Blob | Uint8Array): Promise<CapsuleResponse> {
  const worker = new Worker(new URL('./capsule.worker.ts', import.meta.url), { type: 'module', name: 'timescope-capsule' });
  const request: CapsuleRequest = { source };
  return askOnce<CapsuleRequest, CapsuleResponse>(worker, request, source instanceof Uint8Array ? [source.buffer] : [], (message) => ({
    ok: false,
    kind: 'invalid',
    message: `the capsule reader stopped unexpectedly (${message})`
  }));
}
