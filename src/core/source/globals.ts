// The names flow code finds on the sandbox's global object (sandbox/realm.ts), known here, in core,
// because the transpile step resolves every free name of a module against them (freeNames.ts).
//
// A free name on none of these lists is checked when it runs, against the global object as it is
// then, and reads as JavaScript would: `ReferenceError: <name> is not defined` when it is absent,
// `typeof` "undefined". The lists only save that check where the answer is certain, so a name may
// be listed only if every sandbox (the CLI's worker thread, the browser's worker) has it;
// sandbox/realm.test.ts checks each against a real Compartment.

/** ECMAScript's own globals that ses gives every Compartment, frozen. */
const ECMASCRIPT = [
  'globalThis', 'undefined', 'NaN', 'Infinity',
  'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise', 'Proxy', 'Reflect', 'JSON', 'Math',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'ArrayBuffer', 'DataView',
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array',
  'Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'AggregateError',
  'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape'
] as const;

/**
 * What the sandbox adds (realm.ts endowments): pure helpers of the host, the float arrays and weak
 * references ses keeps off new Compartments, and the clock and randomness (recorded, clock.ts).
 */
export const ENDOWED = [
  'Float32Array', 'Float64Array', 'WeakRef', 'FinalizationRegistry',
  'Intl', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'atob', 'btoa', 'structuredClone', 'AbortController', 'AbortSignal',
  'console', 'performance', 'crypto'
] as const;

/** Why a blocked name is not there, in the words of the SandboxError flow code gets. */
const NETWORK = 'a replay never reaches the network';
const STORAGE = 'a replay never reads or writes storage';
const PROCESS = 'flow code runs in a sandbox, without the process, its modules or the page';
const CODE = 'flow code cannot compile or start more code at run time';
const TIME = 'a replay does not wait on timers';

/**
 * Every way out of the sandbox flow code might reach for: name → [what to call it, why it is not
 * there]. `callable` names are functions in a browser's page, so flow code gets a function that throws
 * when called or constructed (`typeof fetch` is "function", `x instanceof Function` works); the
 * others are properties that throw when read, and `typeof` of one answers "undefined", as it does
 * where the host has no such thing (freeNames.ts rewrites it).
 */
export const BLOCKED: Readonly<Record<string, { readonly what: string; readonly why: string; readonly callable: boolean }>> = {
  fetch: { what: 'fetch()', why: NETWORK, callable: true },
  XMLHttpRequest: { what: 'XMLHttpRequest', why: NETWORK, callable: true },
  WebSocket: { what: 'WebSocket', why: NETWORK, callable: true },
  WebSocketStream: { what: 'WebSocketStream', why: NETWORK, callable: false },
  WebTransport: { what: 'WebTransport', why: NETWORK, callable: true },
  EventSource: { what: 'EventSource', why: NETWORK, callable: true },
  RTCPeerConnection: { what: 'RTCPeerConnection', why: NETWORK, callable: true },
  Request: { what: 'Request', why: NETWORK, callable: true },
  Response: { what: 'Response', why: NETWORK, callable: true },
  navigator: { what: 'navigator (and navigator.sendBeacon)', why: NETWORK, callable: false },
  importScripts: { what: 'importScripts()', why: CODE, callable: false },
  indexedDB: { what: 'indexedDB', why: STORAGE, callable: false },
  caches: { what: 'caches', why: STORAGE, callable: false },
  localStorage: { what: 'localStorage', why: STORAGE, callable: false },
  sessionStorage: { what: 'sessionStorage', why: STORAGE, callable: false },
  Worker: { what: 'new Worker()', why: CODE, callable: true },
  SharedWorker: { what: 'new SharedWorker()', why: CODE, callable: true },
  BroadcastChannel: { what: 'BroadcastChannel', why: PROCESS, callable: true },
  MessageChannel: { what: 'MessageChannel', why: PROCESS, callable: true },
  postMessage: { what: 'postMessage()', why: PROCESS, callable: true },
  close: { what: 'close()', why: PROCESS, callable: true },
  self: { what: 'self', why: PROCESS, callable: false },
  window: { what: 'window', why: PROCESS, callable: false },
  document: { what: 'document', why: PROCESS, callable: false },
  location: { what: 'location', why: PROCESS, callable: false },
  process: { what: 'process', why: PROCESS, callable: false },
  require: { what: 'require()', why: PROCESS, callable: false },
  global: { what: 'global', why: PROCESS, callable: false },
  Buffer: { what: 'Buffer', why: PROCESS, callable: false },
  eval: { what: 'eval()', why: CODE, callable: true },
  Function: { what: 'the Function constructor', why: CODE, callable: true },
  WebAssembly: { what: 'WebAssembly', why: CODE, callable: false },
  SharedArrayBuffer: { what: 'SharedArrayBuffer', why: PROCESS, callable: true },
  Atomics: { what: 'Atomics', why: PROCESS, callable: false },
  setTimeout: { what: 'setTimeout()', why: TIME, callable: true },
  setInterval: { what: 'setInterval()', why: TIME, callable: true },
  setImmediate: { what: 'setImmediate()', why: TIME, callable: false },
  clearImmediate: { what: 'clearImmediate()', why: TIME, callable: false },
  queueMicrotask: { what: 'queueMicrotask()', why: TIME, callable: true },
  requestAnimationFrame: { what: 'requestAnimationFrame()', why: TIME, callable: true },
  clearTimeout: { what: 'clearTimeout()', why: TIME, callable: true },
  clearInterval: { what: 'clearInterval()', why: TIME, callable: true }
};

export function blockedMessage(name: string): string {
  const entry = Object.hasOwn(BLOCKED, name) ? BLOCKED[name]! : { what: name, why: PROCESS };
  return `${entry.what} is not available to flow code in Timescope: ${entry.why}. Do I/O inside a Command; replay answers it from the trace.`;
}

/** ses's own globals on a Compartment, which no JavaScript host has: flow code reads them as undeclared. */
export const HIDDEN: ReadonlySet<string> = new Set(['harden', 'lockdown', 'Compartment', 'assert']);

/** Blocked names that are properties throwing when read: `typeof` of one must not read it. */
export const BLOCKED_ACCESSORS: ReadonlySet<string> = new Set(Object.keys(BLOCKED).filter((n) => !BLOCKED[n]!.callable));

/**
 * Free names that need no check when flow code reads or calls them: present on every sandbox's
 * global, and not hidden. A blocked accessor is here too (reading it throws its SandboxError, where
 * it is read), but not for `typeof`.
 */
export const KNOWN_GLOBALS: ReadonlySet<string> = new Set<string>([...ECMASCRIPT, ...ENDOWED, ...Object.keys(BLOCKED)]);

/** The module wrapper's own names (loader.ts), bound around every module: never free. */
export const MODULE_NAMES = ['exports', 'require', 'module'] as const;
