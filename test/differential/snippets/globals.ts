// Every ECMAScript global (typeof X for each constructor, namespace and function), the globals a
// host adds that flow code may use, and the names the sandbox blocks: typeof of each, instanceof
// against them, and use of each.
import { expr, type Snippet } from './define';

/** The ECMAScript globals (ECMA-262's global object, value and function properties and constructors). */
export const ECMASCRIPT_GLOBALS = [
  'globalThis', 'Infinity', 'NaN', 'undefined',
  'eval', 'isFinite', 'isNaN', 'parseFloat', 'parseInt', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'escape', 'unescape',
  'AggregateError', 'Array', 'ArrayBuffer', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'DataView', 'Date', 'Error', 'EvalError',
  'FinalizationRegistry', 'Float32Array', 'Float64Array', 'Function', 'Int8Array', 'Int16Array', 'Int32Array', 'Map', 'Number', 'Object',
  'Promise', 'Proxy', 'RangeError', 'ReferenceError', 'RegExp', 'Set', 'SharedArrayBuffer', 'String', 'Symbol', 'SyntaxError', 'TypeError',
  'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'URIError', 'WeakMap', 'WeakRef', 'WeakSet',
  'Atomics', 'JSON', 'Math', 'Reflect', 'Intl'
] as const;

/** What a web page or worker has and the sandbox means to keep for pure code. */
export const HOST_GLOBALS = ['console', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'atob', 'btoa', 'structuredClone', 'AbortController', 'AbortSignal'] as const;

/** The names the sandbox blocks (src/sandbox/blocked.ts), and how a browser's page would answer typeof for each. */
export const BLOCKED_NAMES = {
  fetch: 'function', XMLHttpRequest: 'function', WebSocket: 'function', WebSocketStream: 'undefined', WebTransport: 'function', EventSource: 'function',
  RTCPeerConnection: 'function', Request: 'function', Response: 'function', navigator: 'object', importScripts: 'undefined', indexedDB: 'object',
  caches: 'object', localStorage: 'object', sessionStorage: 'object', Worker: 'function', SharedWorker: 'function', BroadcastChannel: 'function',
  MessageChannel: 'function', postMessage: 'function', close: 'function', self: 'object', window: 'object', document: 'object', location: 'object',
  process: 'undefined', require: 'undefined', global: 'undefined', Buffer: 'undefined', eval: 'function', Function: 'function', WebAssembly: 'object',
  SharedArrayBuffer: 'function', Atomics: 'object', setTimeout: 'function', setInterval: 'function', setImmediate: 'undefined', queueMicrotask: 'function',
  requestAnimationFrame: 'function'
} as const;

/** How each blocked name is used (called, constructed or read), for the snippet that uses it. */
const USE: Record<keyof typeof BLOCKED_NAMES, string> = {
  fetch: 'typeof fetch("http://127.0.0.1:9/").catch(() => "refused")',
  XMLHttpRequest: 'new XMLHttpRequest()',
  WebSocket: 'new WebSocket("ws://127.0.0.1:9/")',
  WebSocketStream: 'new WebSocketStream("ws://127.0.0.1:9/")',
  WebTransport: 'new WebTransport("https://127.0.0.1:9/")',
  EventSource: 'new EventSource("http://127.0.0.1:9/")',
  RTCPeerConnection: 'new RTCPeerConnection()',
  Request: 'new Request("http://127.0.0.1:9/")',
  Response: 'new Response("x")',
  navigator: 'navigator.userAgent',
  importScripts: 'importScripts("x.js")',
  indexedDB: 'indexedDB.open("x")',
  caches: 'caches.keys()',
  localStorage: 'localStorage.getItem("x")',
  sessionStorage: 'sessionStorage.getItem("x")',
  Worker: 'new Worker("x.js")',
  SharedWorker: 'new SharedWorker("x.js")',
  BroadcastChannel: 'new BroadcastChannel("x")',
  MessageChannel: 'new MessageChannel()',
  postMessage: 'postMessage("x")',
  close: 'close()',
  self: 'self.name',
  window: 'window.name',
  document: 'document.title',
  location: 'location.href',
  process: 'typeof process.env',
  require: 'require("fs")',
  global: 'global.x',
  Buffer: 'Buffer.from("x")',
  eval: '(0, eval)("1 + 1")',
  Function: 'new Function("return 1")()',
  WebAssembly: 'WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))',
  SharedArrayBuffer: 'new SharedArrayBuffer(8).byteLength',
  Atomics: 'Atomics.add(new Int32Array(new ArrayBuffer(4)), 0, 1)',
  setTimeout: 'setTimeout(() => {}, 0) && "scheduled"',
  setInterval: 'clearInterval(setInterval(() => {}, 1000)) ?? "scheduled"',
  setImmediate: 'clearImmediate(setImmediate(() => {})) ?? "scheduled"',
  queueMicrotask: 'queueMicrotask(() => {}) ?? "queued"',
  requestAnimationFrame: 'requestAnimationFrame(() => {})'
};

const typeofEcma = ECMASCRIPT_GLOBALS.map((name) => expr(`globals/typeof-${name}`, `typeof ${name}`));
const onGlobalThis = ECMASCRIPT_GLOBALS.filter((n) => n !== 'globalThis').map((name) => expr(`globals/globalThis-has-${name}`, `${JSON.stringify(name)} in globalThis`));
const typeofHost = HOST_GLOBALS.map((name) => expr(`globals/typeof-host-${name}`, `typeof ${name}`));
const typeofBlocked = Object.keys(BLOCKED_NAMES).filter((name) => !(ECMASCRIPT_GLOBALS as readonly string[]).includes(name)).map((name) => expr(`blocked/typeof-${name}`, `typeof ${name}`));
const useBlocked = (Object.keys(USE) as (keyof typeof USE)[]).map((name) => expr(`blocked/use-${name}`, USE[name]));

const misc: Snippet[] = [
  expr('globals/instanceof-Function-arrow', '(() => 1) instanceof Function'),
  expr('globals/instanceof-Function-class', 'class {} instanceof Function'),
  expr('globals/instanceof-Function-object', '({}) instanceof Function'),
  expr('globals/function-constructor-property', 'typeof (() => 1).constructor'),
  expr('globals/function-constructor-call', '(() => 1).constructor("return 2")()'),
  expr('globals/async-function-constructor-call', '(async () => 1).constructor("return 2")'),
  expr('globals/Function-prototype-methods', '[typeof Function.prototype.call, typeof Function.prototype.bind]'),
  expr('globals/function-toString-of-user-function', '(function add(a, b) { return a + b; }).toString()'),
  expr('globals/function-toString-of-arrow', '((x) => x * 2).toString()'),
  expr('globals/function-toString-of-class', '(class Point { x = 1 }).toString()'),
  expr('globals/function-toString-of-native', 'Math.max.toString()'),
  expr('globals/function-length-and-name', '(() => { function f(a, b = 1, ...c) {} const g = (x) => x; return [f.length, f.name, g.name, (function () {}).name]; })()'),
  expr('globals/bound-function-name', 'Math.max.bind(null).name'),
  expr('globals/globalThis-is-object', '[typeof globalThis, globalThis === globalThis.globalThis]'),
  expr('globals/globalThis-prototype-chain-has-Object', 'globalThis instanceof Object'),
  expr('globals/globalThis-property-roundtrip', '(() => { globalThis.roundTrip = 5; const v = roundTrip; delete globalThis.roundTrip; return v; })()'),
  expr('globals/globalThis-function-declared-in-module-absent', 'typeof globalThis.run'),
  expr('globals/console-log-returns-undefined', 'console.log("quiet")'),
  expr('globals/console-methods', '["log", "info", "warn", "error", "debug"].map((m) => typeof console[m])'),
  expr('globals/url-parsing', 'new URL("../b?x=1#h", "https://example.test/a/c").href'),
  expr('globals/url-searchparams', 'new URLSearchParams("a=1&b=2&a=3").getAll("a")'),
  expr('globals/abortcontroller', '(() => { const c = new AbortController(); c.abort("why"); return [c.signal.aborted, c.signal.reason]; })()'),
  expr('globals/AbortSignal-abort', 'AbortSignal.abort().aborted'),
  expr('globals/ShadowRealm-absent', 'typeof ShadowRealm'),
  expr('globals/Temporal-absent', 'typeof Temporal'),
  expr('globals/harden-absent', 'typeof harden'),
  expr('globals/lockdown-absent', 'typeof lockdown'),
  expr('globals/Compartment-absent', 'typeof Compartment'),
  expr('globals/assert-absent', 'typeof assert'),
  expr('globals/Date-and-Math-identity', '[Date.prototype.constructor === Date, Math.max === Math.max]'),
  expr('globals/Object-prototype-frozen', 'Object.isFrozen(Object.prototype)'),
  expr('globals/Array-prototype-frozen', 'Object.isFrozen(Array.prototype)'),
  expr('globals/globalThis-frozen', 'Object.isFrozen(globalThis)'),
  expr('globals/typeof-blocked-guarded-use', 'typeof fetch === "function" ? "would fetch" : "no fetch"'),
  expr('globals/blocked-in-globalThis', '"fetch" in globalThis'),
  expr('globals/blocked-name-as-local', '(() => { const fetch = () => "local fetch"; return fetch(); })()'),
  expr('globals/blocked-name-as-param', '((setTimeout) => setTimeout)("param")'),
  expr('globals/blocked-name-as-property', '({ fetch: 1, eval: 2, process: 3 }).process'),
  expr('globals/instanceof-SharedArrayBuffer', '(new ArrayBuffer(1)) instanceof SharedArrayBuffer')
];

export const globals: Snippet[] = [...typeofEcma, ...onGlobalThis, ...typeofHost, ...typeofBlocked, ...useBlocked, ...misc];
