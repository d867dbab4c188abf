// Runs first in the replay worker, before any flow code: every way out of
// the sandbox to the network or to storage becomes a property that throws a
// clear message when touched. Defined on the global and on each prototype
// that carries it (fetch lives on WorkerGlobalScope.prototype), and not
// configurable, so flow code cannot put the real one back.

const BLOCKED: Record<string, string> = {
  fetch: 'fetch()',
  XMLHttpRequest: 'XMLHttpRequest',
  WebSocket: 'WebSocket',
  WebSocketStream: 'WebSocketStream',
  WebTransport: 'WebTransport',
  EventSource: 'EventSource',
  importScripts: 'importScripts()',
  indexedDB: 'indexedDB',
  caches: 'caches',
  Worker: 'Worker',
  SharedWorker: 'SharedWorker',
  BroadcastChannel: 'BroadcastChannel',
  RTCPeerConnection: 'RTCPeerConnection',
  Request: 'Request',
  navigator: 'navigator',
  // Our own post is captured before lockdown; flow code must not be able to forge a verdict.
  postMessage: 'postMessage()'
};

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
}

function blockedMessage(what: string): string {
  return `${what} is not available to flow code in Timescope: a replay never reaches the network or the app's storage. Do I/O inside a Command; replay answers it from the trace.`;
}

export function lockDown(scope: object = globalThis): void {
  for (const [name, what] of Object.entries(BLOCKED)) {
    const getter = () => {
      throw new SandboxError(blockedMessage(what));
    };
    for (let obj: object | null = scope; obj && obj !== Object.prototype; obj = Object.getPrototypeOf(obj)) {
      if (!Object.prototype.hasOwnProperty.call(obj, name) && obj !== scope) continue;
      try {
        Object.defineProperty(obj, name, { get: getter, set: getter, configurable: false, enumerable: false });
      } catch {
        // A non-configurable original: shadow it where we can; the CSP still blocks the request.
      }
    }
  }
}
