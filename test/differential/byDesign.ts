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
  // its snippet is clearImmediate(setImmediate(…)): the callee is read first
  setImmediate: ['clearImmediate()', TIME],
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
const SES_REMOVES = 'frozen intrinsics: lockdown removes what is not in ses\'s permits (legacy RegExp statics and compile, strict functions\' caller/arguments poison pills, Error.stackTraceLimit on a Compartment\'s Error)';
const SES_ADDS = 'frozen intrinsics: ses adds ArrayBuffer.prototype.transferToImmutable and sliceToImmutable';
const OBJECT_NAMED = 'frozen intrinsics: lockdown makes Object.prototype.toString an accessor (the override mistake\'s repair), so V8 names a plain object [object Object] in its messages, not #<Object>';
const COMMONJS = 'modules: a flow\'s modules are loaded as CommonJS, one after another, from the files given';
const STAND_IN = 'modules: an import of a file that was not loaded is a stand-in that throws only when used';
const IMPORT_META = "snippet.js:2:17: import.meta is not available to flow code in Timescope: a flow's modules have no address of their own, and a replay reads no files.";
/** How the serializer writes undefined (serialize.ts). */
const UNDEFINED = { $: 'undefined' };
const compileError = (line: number, message: string): Outcome => ({ kind: 'threw', phase: 'compile', name: 'SyntaxError', line, message });

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
      message: 'snippet.js:2:1: eval() is not available to flow code in Timescope: flow code cannot compile or start more code at run time. The sandbox refuses a direct `eval(…)` call.'
    },
    why: 'eval/Function: a direct eval is refused before the module runs'
  },
  'source/import-dynamic-call': { sandbox: value('loaded'), why: STAND_IN },

  'module/top-level-await': { sandbox: compileError(1, 'snippet.js:1:11: await at the top of a module is not available to flow code in Timescope: a flow\'s modules are loaded one after another, without waiting. Move it into the function that needs it.'), why: COMMONJS },
  'module/import-meta-is-object': { sandbox: compileError(2, IMPORT_META), why: COMMONJS },
  'source/import-meta-url-type': { sandbox: compileError(2, IMPORT_META), why: COMMONJS },

  'getters/getter-only-assign-throws-strict': { sandbox: typeError('Cannot set property x of [object Object] which has only a getter'), why: OBJECT_NAMED },
  'getters/frozen-object-assign-throws': { sandbox: typeError("Cannot assign to read only property 'a' of object '[object Object]'"), why: OBJECT_NAMED },
  'getters/non-writable-assign-throws': { sandbox: typeError("Cannot assign to read only property 'c' of object '[object Object]'"), why: OBJECT_NAMED },
  'override/inherited-from-user-frozen-proto': { sandbox: typeError("Cannot assign to read only property 'x' of object '[object Object]'"), why: OBJECT_NAMED },

  'functions/strict-function-caller-throws': { sandbox: value(UNDEFINED), why: SES_REMOVES },
  'functions/strict-function-arguments-property-throws': { sandbox: value(UNDEFINED), why: SES_REMOVES },
  'functions/caller-in-own-properties': { sandbox: value([false, false, false]), why: SES_REMOVES },
  'regexp/legacy-static-dollar1': { sandbox: value(UNDEFINED), why: SES_REMOVES },
  'regexp/legacy-static-lastMatch': { sandbox: value(UNDEFINED), why: SES_REMOVES },
  'taming/regexp-legacy-input': { sandbox: value('undefined'), why: SES_REMOVES },
  'regexp/compile-legacy': { sandbox: value('undefined'), why: SES_REMOVES },
  'errors/stackTraceLimit-type': { sandbox: value('undefined'), why: SES_REMOVES },
  'frozen/error-stackTraceLimit-assign': { sandbox: value(UNDEFINED), why: SES_REMOVES },
  'typed/transferToImmutable-absent': { sandbox: value('function'), why: SES_ADDS },
  'typed/sliceToImmutable-absent': { sandbox: value('function'), why: SES_ADDS },
  'globals/Date-and-Math-identity': { sandbox: value([false, true]), why: 'the clock: Date is the sandbox\'s own, which notes clock reads; Date.prototype.constructor is ses\'s shared Date' },

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

const SES_PERMITS_OLDER = 'frozen intrinsics: lockdown removes what ses\'s permits do not yet name, and Chromium is newer than Node 20 (RegExp.escape, SuppressedError, Error.isError)';
const SES_V8_ERRORS = 'frozen intrinsics: ses tames V8\'s Error by giving the Compartment\'s Error its own prepareStackTrace, which keeps stacks from reaching flow code';

/**
 * Differences only the browser side has, added to BY_DESIGN by the e2e spec: plain Chromium is a
 * newer engine than Node 20, and its page is not cross-origin isolated. Kept apart so the Node side
 * does not call them stale.
 */
export const BROWSER_BY_DESIGN: Readonly<Record<string, ByDesign>> = {
  'regexp/escape-exists': { sandbox: value('undefined'), why: SES_PERMITS_OLDER },
  'errors/suppressed-error-exists': { sandbox: value('undefined'), why: SES_PERMITS_OLDER },
  'errors/isError-exists': { sandbox: value('undefined'), why: SES_PERMITS_OLDER },
  'globals/instanceof-SharedArrayBuffer': { sandbox: value(false), why: 'a blocked name is a property of the sandbox\'s global (one that throws when used); a page that is not cross-origin isolated has no SharedArrayBuffer at all' },
  'taming/error-prepareStackTrace-absent': { sandbox: value('function'), why: SES_V8_ERRORS },
  'taming/object-getOwnPropertyNames-Error': { sandbox: value(['captureStackTrace', 'length', 'name', 'prepareStackTrace', 'prototype', 'stackTraceLimit']), why: `${SES_V8_ERRORS}; ${SES_PERMITS_OLDER}` }
};
