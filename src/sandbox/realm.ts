// The sandbox a flow's code runs in, the same in the browser's replay worker
// and in the CLI's worker thread. Each replay gets a worker of its own (a
// fresh realm: nothing a flow did survives it); inside it:
//
// 1. lockdown() (hardened JavaScript, the `ses` package) freezes every
//    intrinsic before any flow code runs: Object.prototype, JSON,
//    Array.prototype, Promise and the rest can no longer be patched, so the
//    report the engine builds from them cannot be forged, and the Function
//    constructor reachable from any function (`f.constructor`) is disabled.
// 2. The runtime the flow imports as 'pure-effect' is hardened too.
// 3. Each module of the flow is evaluated in a Compartment: a global object of
//    its own with the frozen intrinsics and a few pure helpers, and every way
//    out (BLOCKED) as a stand-in that throws a SandboxError naming it. The
//    worker's real globals (postMessage, fetch, process…) are out of reach.
//    What ses's scope gets wrong about free names, the transpile step puts
//    right (core/source/freeNames.ts).
//
// Why ses rather than a bare vm context or iframe: our engine and the flow
// must share values (the flow builds the nodes the engine runs), so they share
// a realm; only frozen intrinsics make sharing it safe.
import 'ses';
import * as runtime from '../core/effect/index';
import { replayTrace } from '../core/replay/replayTrace';
import { hookFrozenRealm } from '../core/replay/sites';
import { replayFlowSource, type FlowSourceRequest, type RunResult } from '../core/source/runFlow';
import type { Evaluate } from '../core/source/loader';
import { BLOCKED, defineBlocked } from './blocked';
import { ambientEndowments } from './ambient';
import { installWrittenFunctionText } from '../core/source/functionText';

let locked = false;
/**
 * What `import … from 'pure-effect'` gives flow code: the runtime's exports,
 * hardened, and marked as an ES module so that sucrase's `import * as`
 * returns this very object rather than a copy the flow could change unseen.
 */
let runtimeModule: Readonly<Record<string, unknown>> | undefined;

/** Freeze the realm's intrinsics and our runtime, once per worker, before any flow code is loaded. */
export function lockRealm(): void {
  if (locked) return;
  // Taken before lockdown, which removes them from the global: ses keeps weak references off new
  // Compartments (a garbage-collection side channel); pure code may use them, as in Node.
  const weak = { WeakRef: globalThis.WeakRef, FinalizationRegistry: globalThis.FinalizationRegistry };
  // A flow's functions print as written, not as compiled (core/source/functionText.ts).
  installWrittenFunctionText();
  lockdown({
    // Stacks must keep the person's file:line (sourceURL) for every message we show.
    errorTaming: 'unsafe',
    stackFiltering: 'verbose',
    consoleTaming: 'unsafe',
    // The host's locale, as production's Node had it: toLocaleString, localeCompare and
    // toLocaleUpperCase('tr') answer as they do there, not ses's locale-free stand-ins.
    localeTaming: 'unsafe',
    // Assigning a property a frozen prototype holds defines it on the object, as in JavaScript: ses
    // repairs all of Object's, Map's, Set's and the typed arrays' prototypes this way; an assignment
    // to a name another built-in prototype holds is repaired where it is written
    // (core/source/protectedNames.ts), which costs nothing at start-up.
    overrideTaming: 'severe',
    errorTrapping: 'none',
    unhandledRejectionTrapping: 'none',
    reporting: 'none',
    domainTaming: 'unsafe'
  });
  // Before the runtime is hardened, which freezes the realm's own Error along with it.
  hookFrozenRealm();
  runtimeModule = harden({ __esModule: true, ...runtime });
  weakRefs = harden(weak);
  locked = true;
}

let weakRefs: Readonly<Record<string, unknown>> = {};

/** The hardened runtime flow code gets as 'pure-effect' (bench/sandboxStandIn.ts replays with its replayEffect). */
export function sandboxRuntime(): Readonly<Record<string, unknown>> {
  lockRealm();
  return runtimeModule!;
}

/**
 * Pure helpers flow code may use; everything else it finds is the frozen intrinsics or BLOCKED.
 * Made once per worker: every value in it is a frozen intrinsic or hardened, so Compartments can
 * share it, and a batch replay makes one Compartment per trace.
 */
let shared: Readonly<Record<string, unknown>> | undefined;
function endowments(): Readonly<Record<string, unknown>> {
  shared ??= makeEndowments();
  return shared;
}

function makeEndowments(): Readonly<Record<string, unknown>> {
  const g = globalThis as Record<string, unknown>;
  // Hardened: lockdown froze the intrinsics (Date, Math, Intl), not the host's own (TextEncoder, URL,
  // atob…), and a batch worker's Compartments share these, so nothing a trace's flow leaves on one
  // may reach the next trace's.
  const pick = (names: readonly string[]) => Object.fromEntries(names.filter((n) => g[n] !== undefined).map((n) => [n, harden(g[n])]));
  const silent = harden(Object.fromEntries(['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'].map((m) => [m, () => undefined])));
  // A host function called as a bare name gets the Compartment's global as `this` (ses's with-scope),
  // which a browser's structuredClone, atob and btoa refuse ("Illegal invocation"): each is called
  // on the host's global instead, under its own name and length.
  const onHost = (names: readonly string[]) =>
    Object.fromEntries(
      names
        .filter((n) => typeof g[n] === 'function')
        .map((n) => {
          const fn = g[n] as (...args: unknown[]) => unknown;
          const wrapped = { [n](...args: unknown[]) { return Reflect.apply(fn, g, args); } }[n]!;
          Object.defineProperty(wrapped, 'length', { value: fn.length });
          return [n, harden(wrapped)];
        })
    );
  return {
    ...pick(['Intl', 'TextEncoder', 'TextDecoder', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal']),
    ...onHost(['atob', 'btoa', 'structuredClone']),
    // ses keeps these off new Compartments; pure code may use them (frozen already, or hardened above).
    ...pick(['Float32Array', 'Float64Array']),
    ...weakRefs,
    // A Compartment's own Date and Math cannot read the clock or make random numbers; pure code may
    // want both, and each read is noted and may be fixed (ambient.ts).
    ...harden(ambientEndowments()),
    // Flow code's logging goes nowhere: the CLI's stdout is the narration.
    console: silent
  };
}

/** A fresh Compartment, and an evaluate for the module loader that runs code in it. */
export function compartmentEvaluate(): Evaluate {
  lockRealm();
  const compartment = new Compartment({ __options__: true, globals: endowments() });
  defineBlocked(compartment.globalThis, Object.keys(BLOCKED), { standIns: true });
  return (source) => compartment.evaluate(source);
}

/**
 * One replay of flow source in this worker's sandbox. The answer is JSON text
 * made by the frozen JSON here, so the receiving side gets plain data whatever
 * the flow did.
 */
export async function replayInSandbox(req: FlowSourceRequest): Promise<string> {
  return JSON.stringify(await runInSandbox(req));
}

/** One replay in a fresh Compartment, as data (the batch worker makes its rows from it, in this realm). */
export async function runInSandbox(req: FlowSourceRequest): Promise<RunResult> {
  const evaluate = compartmentEvaluate();
  return explained(await replayFlowSource(req, sandboxRuntime(), replayTrace, { evaluate }));
}

/** ses's own word for a function's disabled constructor, `(() => 0).constructor('…')`. */
const TAMED_CONSTRUCTOR = /^Function\.prototype\.constructor is not a valid constructor\.?$/;

/** Say what ses refused in the sandbox's terms, so the person learns what was blocked and why. */
function explained(result: RunResult): RunResult {
  const text = result.kind === 'report' ? result.report.rejection?.text : undefined;
  if (result.kind !== 'report' || !text || !TAMED_CONSTRUCTOR.test(text.message)) return result;
  const message = `${text.message} Timescope's sandbox disables the Function constructor behind every function: flow code cannot compile or start more code at run time.`;
  const rejection = { ...result.report.rejection!, text: { ...text, message } };
  return { ...result, report: { ...result.report, rejection } };
}
