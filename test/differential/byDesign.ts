// The differences between plain JavaScript and flow code in Timescope's sandbox that are there by
// design, each with the exact outcome the sandbox gives and why. The differential suite fails on
// any other difference, on a listed one whose sandbox outcome (its message) changed, and on a
// listed one that is no longer a difference (a stale entry). The messages are written out here,
// not read from src/sandbox/blocked.ts, so that a change of wording is noticed.
import type { ByDesign } from './support/compare';
import type { Outcome } from './support/outcome';
import { BLOCKED_NAMES, ECMASCRIPT_GLOBALS } from './snippets/globals';

const NETWORK = 'a replay never reaches the network';
const STORAGE = 'a replay never reads or writes storage';
const PROCESS = 'flow code runs in a sandbox, without the process, its modules or the page';
const CODE = 'flow code cannot compile or start more code at run time';
const TIME = 'a replay does not wait on timers';

const sandboxError = (what: string, why: string): Outcome => ({
  kind: 'threw',
  phase: 'run',
  name: 'SandboxError',
  message: `${what} is not available to flow code in Timescope: ${why}. Do I/O inside a Command; replay answers it from the trace.`
});
const typeError = (message: string): Outcome => ({ kind: 'threw', phase: 'run', name: 'TypeError', message });
const value = (v: unknown): Outcome => ({ kind: 'value', value: JSON.stringify(v) });

/** Using a blocked name throws a SandboxError that names it and says why. */
const BLOCKED_USE: Record<string, readonly [string, string]> = {
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

const WHY_BLOCKED: Record<string, string> = { [NETWORK]: 'blocked I/O (network)', [STORAGE]: 'blocked I/O (storage)', [PROCESS]: 'no process, modules or page', [CODE]: 'eval/Function: no code at run time', [TIME]: 'timers: a replay does not wait' };

/**
 * typeof of a blocked name answers as a browser page would, 'function' or 'undefined' (the
 * sandbox has no value to give for an object: navigator, window, WebAssembly…), and only using
 * the name throws. Pinned for every blocked name, whatever the plain side says: Node lacks some
 * (XMLHttpRequest) and has others (process, Buffer), and Chromium's worker, the e2e spec's plain
 * side, has navigator and self, and no SharedArrayBuffer without cross-origin isolation.
 */
const typeofAsInABrowser = (name: keyof typeof BLOCKED_NAMES): 'function' | 'undefined' => (BLOCKED_NAMES[name] === 'function' ? 'function' : 'undefined');
const ECMASCRIPT_BLOCKED = new Set<string>(ECMASCRIPT_GLOBALS);

const FROZEN = 'frozen intrinsics: the realm the flow shares with the engine is locked down';

export const BY_DESIGN: Readonly<Record<string, ByDesign>> = {
  ...Object.fromEntries(Object.entries(BLOCKED_USE).map(([name, [what, why]]) => [`blocked/use-${name}`, { sandbox: sandboxError(what, why), why: WHY_BLOCKED[why]! }])),
  ...Object.fromEntries(
    (Object.keys(BLOCKED_NAMES) as (keyof typeof BLOCKED_NAMES)[]).map((name) => [
      ECMASCRIPT_BLOCKED.has(name) ? `globals/typeof-${name}` : `blocked/typeof-${name}`,
      { sandbox: value(typeofAsInABrowser(name)), why: 'typeof of a blocked name answers as a browser page would' }
    ])
  ),
  'globals/globalThis-has-SharedArrayBuffer': { sandbox: value(true), why: 'a blocked name is a property of the sandbox\'s global (one that throws when used)' },

  'globals/function-constructor-call': { sandbox: typeError('Function.prototype.constructor is not a valid constructor.'), why: 'eval/Function: ses disables the constructor behind every function' },
  'globals/async-function-constructor-call': { sandbox: typeError('Function.prototype.constructor is not a valid constructor.'), why: 'eval/Function: ses disables the constructor behind every function' },
  'source/eval-direct-call': {
    sandbox: {
      kind: 'threw',
      phase: 'compile',
      name: 'SyntaxError',
      line: 2,
      message: 'snippet.js:2:1: eval() is not available to flow code in Timescope: flow code cannot compile or start more code at run time. The sandbox refuses any `eval(` in the source, even in a comment or a string.'
    },
    why: 'eval/Function: a direct eval is refused before the module runs'
  },

  'globals/Object-prototype-frozen': { sandbox: value(true), why: FROZEN },
  'globals/Array-prototype-frozen': { sandbox: value(true), why: FROZEN },
  'frozen/array-prototype-push-assign': { sandbox: typeError("Cannot assign to read only property 'push' of 'root.%ArrayPrototype%.push'"), why: FROZEN },
  'frozen/array-prototype-add-method': { sandbox: typeError('Cannot add property last, object is not extensible'), why: FROZEN },
  'frozen/object-prototype-add': { sandbox: typeError('Cannot add property polluted, object is not extensible'), why: FROZEN },
  'frozen/string-prototype-add': { sandbox: typeError('Cannot add property shout, object is not extensible'), why: FROZEN },
  'frozen/math-assign': { sandbox: typeError('Cannot add property double, object is not extensible'), why: FROZEN },
  'frozen/json-assign': { sandbox: typeError("Cannot assign to read only property 'parse' of object '[object JSON]'"), why: FROZEN },
  'frozen/promise-prototype-assign': { sandbox: typeError("Cannot assign to read only property 'then' of object '[object Promise]'"), why: FROZEN },
  'frozen/define-on-intrinsic': { sandbox: typeError('Cannot define property extra, object is not extensible'), why: FROZEN },
  'frozen/delete-intrinsic-method': { sandbox: typeError("Cannot delete property 'map' of [object Array]"), why: FROZEN },
  'frozen/setPrototypeOf-intrinsic': { sandbox: typeError('[object Array] is not extensible'), why: FROZEN },
  'frozen/builtin-method-descriptor': { sandbox: value([false, false]), why: FROZEN },
  'frozen/index-on-array-prototype': { sandbox: typeError('Cannot add property 0, object is not extensible'), why: FROZEN },
  'frozen/date-prototype-assign': { sandbox: typeError("Cannot assign to read only property 'getTime' of object '[object Object]'"), why: FROZEN }
};
