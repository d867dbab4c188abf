// Where each Command was built: the stack of its constructor's call, for the report's code
// location. A 10,000-step replay builds 10,000 nodes from a few dozen places in the flow's code,
// and formatting each stack as text was most of a replay's cost (in the sandbox, ses formats every
// frame in JavaScript). So each capture is first read as frame positions only, through V8's
// structured stack API (Error.prepareStackTrace), and only the first capture that leads to a given
// list of positions is formatted; later ones share its text.
//
// A stack is located by its frames' files and positions (locateInStack reads nothing else), so two
// stacks with the same positions are located alike: sharing the text changes no location. Given
// the scripts whose first frame alone decides (runFlow's loaded files), a capture is read no
// further than that frame.

type AnyFunction = (...args: never[]) => unknown;

/** The parts of a V8 CallSite read here. */
interface CallSite {
  getScriptNameOrSourceURL?(): unknown;
  getFileName?(): unknown;
  getLineNumber?(): unknown;
  getColumnNumber?(): unknown;
  getFunctionName?(): unknown;
  isConstructor?(): unknown;
  isEval?(): unknown;
  getEvalOrigin?(): unknown;
}

interface V8Error {
  stackTraceLimit?: number;
  captureStackTrace?: (target: object, above?: AnyFunction) => void;
  prepareStackTrace?: unknown;
}

/**
 * The realm's own Error, as it was when the engine loaded: in the sandbox, before ses's lockdown
 * puts a tamed one in its place, whose prepareStackTrace would hand a hook each frame as an object
 * of fifteen closures. Where this Error is not frozen (in Node, in tests) positionsOf is its
 * prepareStackTrace only while one capture of an object of our own is read, synchronously.
 */
const NativeError = Error as unknown as V8Error;

/**
 * In the sandbox this Error ends up frozen (hardening the runtime reaches it through TimeParadox's
 * prototype chain), with its stackTraceLimit of 10 and its prepareStackTrace. hookFrozenRealm
 * leaves there, just before, a function that reads our captures as positions and formats every
 * other stack with ses's own formatter; this is that function, once it is there.
 */
let frozenHook: unknown;

/** Something with a `stack`: where the node was built, read only when a report asks. */
export interface Site {
  readonly stack?: string;
}

/**
 * Frames kept past the tracer: Command (or Ask, Parallel), the flow code that called it, and room
 * for two helpers above. A deeper stack costs a replay of 5,000 steps far more (V8 walks the
 * awaits too), and only the innermost flow frame is ever read (locateInStack).
 */
const SITE_FRAMES = 4;

/**
 * Frames of the first, short capture when the deciding scripts are known: Command and its
 * caller, which is nearly always the flow's own code. Each frame costs V8 a call site.
 */
const SHORT_FRAMES = 2;

/**
 * One list of frame positions: a path from the root, one level per frame, so that reading a
 * capture allocates nothing but V8's own call sites. Its `site` is the stack that ended here.
 */
class PositionNode {
  site: Site | undefined;
  private readonly next = new Map<unknown, Map<unknown, Map<unknown, PositionNode>>>();

  child(where: unknown, line: unknown, column: unknown): PositionNode {
    let byLine = this.next.get(where);
    if (!byLine) this.next.set(where, (byLine = new Map()));
    let byColumn = byLine.get(line);
    if (!byColumn) byLine.set(line, (byColumn = new Map()));
    let node = byColumn.get(column);
    if (!node) byColumn.set(column, (node = new PositionNode()));
    return node;
  }
}

/** The tree the hook walks, and where it may stop; set only while one capture is read. */
let reading: PositionNode | undefined;
let decides: ((where: unknown) => boolean) | undefined;
/** Set for a short capture: without a deciding frame in it, it tells nothing. */
let mustDecide = false;

/** Error.prepareStackTrace for one capture: the node its frames lead to, as the capture's `stack`. */
function positionsOf(_error: unknown, frames: readonly CallSite[]): unknown {
  let node = reading;
  if (!node) return undefined;
  for (const f of frames) {
    // A frame with no script is told by its eval origin (code eval'd without a sourceURL) or by
    // its function's name (a builtin such as Array.prototype.map).
    const where = f.getScriptNameOrSourceURL?.() ?? f.getFileName?.() ?? (f.isEval?.() ? `eval at ${String(f.getEvalOrigin?.())}` : `builtin ${String(f.getFunctionName?.())}`);
    node = node.child(where, f.getLineNumber?.(), f.getColumnNumber?.());
    if (decides?.(where)) return node; // the frames past it cannot move the location
  }
  return mustDecide ? undefined : node;
}

/** The stack as the engine formats it (ses, a test runner's source maps…). */
function formatted(above: AnyFunction): Site {
  if (!NativeError.captureStackTrace) return new Error('Command built here');
  const site = {};
  NativeError.captureStackTrace(site, above);
  return site;
}

/** The node of the frames' positions under `root`, or undefined where the engine has no structured stacks. */
function positions(root: PositionNode, above: AnyFunction, decidingScript?: (where: unknown) => boolean, short = false): PositionNode | undefined {
  if (!NativeError.captureStackTrace) return undefined;
  if (Object.isFrozen(NativeError)) return NativeError.prepareStackTrace === frozenHook ? read(root, above, decidingScript, short) : undefined;
  const previous = NativeError.prepareStackTrace;
  try {
    NativeError.prepareStackTrace = positionsOf;
    return read(root, above, decidingScript, short);
  } catch {
    return undefined; // a read-only prepareStackTrace: format as the engine does
  } finally {
    if (NativeError.prepareStackTrace !== previous) NativeError.prepareStackTrace = previous;
  }
}

/** One capture, read through positionsOf (which must be what formats it now). */
function read(root: PositionNode, above: AnyFunction, decidingScript: ((where: unknown) => boolean) | undefined, short: boolean): PositionNode | undefined {
  reading = root;
  decides = decidingScript;
  mustDecide = short;
  try {
    const probe: { stack?: unknown } = {};
    NativeError.captureStackTrace!(probe, above);
    return probe.stack instanceof PositionNode ? probe.stack : undefined;
  } finally {
    reading = undefined;
    decides = undefined;
    mustDecide = false;
  }
}

/**
 * For a realm about to be frozen (the sandbox, after lockdown and before the runtime is
 * hardened, which freezes the realm's own Error through TimeParadox's prototype chain): keep as
 * prepareStackTrace a function that formats every stack exactly as the one it replaces (ses's),
 * except a capture of ours while it is read, which it reads as positions. Frozen with the rest,
 * it is what flow code finds there, and called by flow code it is ses's formatting.
 */
export function hookFrozenRealm(): void {
  const inner = NativeError.prepareStackTrace;
  if (Object.isFrozen(NativeError) || typeof inner !== 'function' || !NativeError.captureStackTrace) return;
  const hook = function prepareStackTrace(this: unknown, error: unknown, frames: readonly CallSite[]): unknown {
    return reading ? positionsOf(error, frames) : Reflect.apply(inner as AnyFunction, this, [error, framesAsNative(error, frames)]);
  };
  NativeError.prepareStackTrace = hook;
  frozenHook = hook;
}

/**
 * The frames V8's own Error constructor would have kept. It skips every frame up to and including
 * the constructor `new` was called on (new.target), so `throw new MyError()` is placed where it is
 * thrown; a Compartment's Error is ses's function, which captures from itself instead, so the
 * frames of `class MyError extends Error`'s constructors (and a base class's) come first, and the
 * error would be placed at the class. Drops those leading constructor frames, up to the error's own
 * class, read without running any getter.
 */
function framesAsNative(error: unknown, frames: readonly CallSite[]): readonly CallSite[] {
  if (typeof error !== 'object' || error === null || !frames[0]?.isConstructor?.()) return frames;
  let name: unknown;
  try {
    const proto = Object.getPrototypeOf(error) as object | null;
    const ctor = proto ? Object.getOwnPropertyDescriptor(proto, 'constructor')?.value : undefined;
    name = typeof ctor === 'function' ? Object.getOwnPropertyDescriptor(ctor, 'name')?.value : undefined;
  } catch {
    return frames; // a Proxy: as it came
  }
  if (typeof name !== 'string' || name === '') return frames;
  for (let i = 0; i < frames.length && frames[i]!.isConstructor?.(); i++) {
    if (frames[i]!.getFunctionName?.() === name) return frames.slice(i + 1);
  }
  return frames;
}

/** Sets Error.stackTraceLimit where Error lets it; a frozen Error is not asked (each refusal would be a TypeError with a stack of its own). */
function setLimit(limit: number | undefined): void {
  if (Object.isFrozen(NativeError)) return;
  try {
    NativeError.stackTraceLimit = limit;
  } catch {
    // read-only: take the stack as it comes
  }
}

/**
 * `isSourceScript`, when given, names the scripts whose first frame alone decides where a stack
 * is located (runFlow's loaded files, for locateInStack): frames past that one are not read, so
 * steps built at one place share a site whatever called that place.
 */
export type IsSourceScript = (scriptName: string) => boolean;

/** One replay's sites: a formatted stack per distinct list of frame positions. */
export class SiteCache {
  private readonly root = new PositionNode();
  private formatted = 0;
  private readonly decidingScript: ((where: unknown) => boolean) | undefined;

  constructor(isSourceScript?: IsSourceScript) {
    if (!isSourceScript) return;
    const known = new Map<unknown, boolean>();
    this.decidingScript = (where) => {
      let yes = known.get(where);
      if (yes === undefined) {
        yes = typeof where === 'string' && isSourceScript(where);
        known.set(where, yes);
      }
      return yes;
    };
  }

  /** The stack of the call that led to `above`, without `above` and the frames it called. */
  capture(above: AnyFunction): Site {
    const limit = NativeError.stackTraceLimit;
    try {
      // A frozen Error keeps its own limit, so there a short capture would be a whole one.
      if (this.decidingScript && !Object.isFrozen(NativeError)) {
        setLimit(SHORT_FRAMES);
        const decided = positions(this.root, above, this.decidingScript, true);
        if (decided) return this.siteAt(decided, above);
      }
      setLimit(SITE_FRAMES);
      const node = positions(this.root, above, this.decidingScript);
      return node ? this.siteAt(node, above) : formatted(above);
    } finally {
      setLimit(limit);
    }
  }

  /** The stack that ended at `node`, formatted the first time one does. */
  private siteAt(node: PositionNode, above: AnyFunction): Site {
    if (!node.site) {
      setLimit(SITE_FRAMES);
      node.site = formatted(above);
      this.formatted += 1;
    }
    return node.site;
  }

  /** How many different stacks were formatted (tests count work, not time). */
  get formattedCount(): number {
    return this.formatted;
  }
}
