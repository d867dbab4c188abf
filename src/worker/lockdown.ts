// The replay worker's second lock, after its realm is locked: should flow code
// ever reach the worker's own global (it runs in a Compartment that cannot),
// every way out to the network, to storage or to the page is a property that
// throws the same SandboxError the Compartment gives. Defined on the global
// and on each prototype that carries the name (fetch lives on
// WorkerGlobalScope.prototype), not configurable, so it cannot be put back.
// Timers stay: the engine's Retry waits use them.
import { defineBlocked, SandboxError } from '../sandbox/blocked';

export { SandboxError };

export const WORKER_BLOCKED = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'RTCPeerConnection',
  'Request',
  'Response',
  'navigator',
  'importScripts',
  'indexedDB',
  'caches',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  // The worker's own post is captured before this runs; nothing after it may forge an answer.
  'postMessage',
  'close'
] as const;

export function lockDown(scope: object = globalThis): void {
  for (let obj: object | null = scope; obj && obj !== Object.prototype; obj = Object.getPrototypeOf(obj)) {
    const names = obj === scope ? WORKER_BLOCKED : WORKER_BLOCKED.filter((name) => Object.prototype.hasOwnProperty.call(obj, name));
    // A name that is already non-configurable here stays as it was; the frame's CSP still blocks the request.
    defineBlocked(obj, names);
  }
}
