// Every way out of the sandbox that a flow's code might reach for, and what
// it is told when it does. Flow code sees these names only as properties that
// throw a SandboxError; its stack names the person's file and line.

import { SandboxError } from '../core/source/refusals';

export { SandboxError };

const NETWORK = 'a replay never reaches the network';
const STORAGE = 'a replay never reads or writes storage';
const PROCESS = 'flow code runs in a sandbox, without the process, its modules or the page';
const CODE = 'flow code cannot compile or start more code at run time';
const TIME = 'a replay does not wait on timers';

/** name → [what to call it, why it is not there] */
export const BLOCKED: Readonly<Record<string, readonly [string, string]>> = {
  fetch: ['fetch()', NETWORK],
  XMLHttpRequest: ['XMLHttpRequest', NETWORK],
  WebSocket: ['WebSocket', NETWORK],
  WebSocketStream: ['WebSocketStream', NETWORK],
  WebTransport: ['WebTransport', NETWORK],
  EventSource: ['EventSource', NETWORK],
  RTCPeerConnection: ['RTCPeerConnection', NETWORK],
  Request: ['Request', NETWORK],
  Response: ['Response', NETWORK],
  navigator: ['navigator (and navigator.sendBeacon)', NETWORK],
  importScripts: ['importScripts()', CODE],
  indexedDB: ['indexedDB', STORAGE],
  caches: ['caches', STORAGE],
  localStorage: ['localStorage', STORAGE],
  sessionStorage: ['sessionStorage', STORAGE],
  Worker: ['new Worker()', CODE],
  SharedWorker: ['new SharedWorker()', CODE],
  BroadcastChannel: ['BroadcastChannel', PROCESS],
  MessageChannel: ['MessageChannel', PROCESS],
  postMessage: ['postMessage()', PROCESS],
  close: ['close()', PROCESS],
  self: ['self', PROCESS],
  window: ['window', PROCESS],
  document: ['document', PROCESS],
  location: ['location', PROCESS],
  process: ['process', PROCESS],
  require: ['require()', PROCESS],
  global: ['global', PROCESS],
  Buffer: ['Buffer', PROCESS],
  eval: ['eval()', CODE],
  Function: ['the Function constructor', CODE],
  WebAssembly: ['WebAssembly', CODE],
  SharedArrayBuffer: ['SharedArrayBuffer', PROCESS],
  Atomics: ['Atomics', PROCESS],
  setTimeout: ['setTimeout()', TIME],
  setInterval: ['setInterval()', TIME],
  setImmediate: ['setImmediate()', TIME],
  queueMicrotask: ['queueMicrotask()', TIME],
  requestAnimationFrame: ['requestAnimationFrame()', TIME]
};

export function blockedMessage(name: string): string {
  const [what, why] = BLOCKED[name] ?? [name, PROCESS];
  return `${what} is not available to flow code in Timescope: ${why}. Do I/O inside a Command; replay answers it from the trace.`;
}

/**
 * One refusing accessor per name, made once: a batch replay defines them on a fresh Compartment for
 * every trace. Shared between Compartments, so hardened once the realm is locked (harden exists
 * only then): flow code can reach them through Object.getOwnPropertyDescriptor.
 */
const refusers = new Map<string, () => never>();
function refuserFor(name: string): () => never {
  let refuse = refusers.get(name);
  if (!refuse) {
    refuse = (): never => {
      throw new SandboxError(blockedMessage(name));
    };
    const harden = (globalThis as { harden?: <T>(value: T) => T }).harden;
    if (typeof harden !== 'function') return refuse;
    refuse = harden(refuse);
    refusers.set(name, refuse);
  }
  return refuse;
}

/** Define every blocked name on `target` as a property that throws, and that flow code cannot redefine. */
export function defineBlocked(target: object, names: readonly string[] = Object.keys(BLOCKED)): void {
  for (const name of names) {
    const refuse = refuserFor(name);
    try {
      Object.defineProperty(target, name, { get: refuse, set: refuse, configurable: false, enumerable: false });
    } catch {
      // already non-configurable here (a host global): the caller's second lock covers it
    }
  }
}
