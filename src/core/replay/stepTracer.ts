// The tracer replayTrace installs (see effect/tracer.ts): for each step it
// keeps what its builder was called with, which builder that was and what
// produced the value (effect/provenance.ts), the value the step's own next
// passed on (`after`), and the stack of the Command() call that built it.

import { takeSite, type Tracer } from '../effect/tracer';
import type { CopyResult } from '../effect/copy';
import { FLOW_INPUT, INPUT, type Origin, type Producer, type Via } from '../effect/provenance';
import { SiteCache, type IsSourceScript, type Site } from './sites';
import type { LogCollector } from '../logpoints/collect';

export type { Site };

/**
 * A builder call on the stack: the runtime's (a step, a next, onExhausted…) or a flow function's own.
 * A class with every field set in one place: the hot paths read frames of one shape.
 */
class Frame implements Origin {
  /**
   * Once a Parallel is built from what a marked flow function returned, which branch it built:
   * it is only a branch builder (spec §2.5, a branch's effect is built before Parallel() runs)
   * if a Parallel says so.
   */
  branch: number | undefined = undefined;
  constructor(
    readonly value: unknown,
    readonly via: Via,
    readonly producer: Producer,
    readonly parent: Frame | undefined,
    /**
     * Set for a flow function marked by core/source/instrument.ts: `name@file:line`, with the
     * argument it was called with. Its value, via and producer are the enclosing runtime builder's.
     */
    readonly builder?: string,
    readonly arg?: unknown
  ) {}
}

/**
 * A node's origin: the builder call it was built in (its value, via and producer are the
 * node's), kept by reference, so that the many nodes one call builds share it.
 */
interface NodeOrigin {
  readonly call: Frame;
  /** when it was built, counted in builder calls: a Retry attempt that began later re-runs it */
  readonly seq: number;
  /** captured when Command() ran; formatted only if the report asks for it */
  readonly site: Site | undefined;
}

type Branches = { readonly type: 'Parallel'; readonly effects: readonly unknown[] };

/** What the tracer kept for one step; a class, so that every capture has one shape. */
export class StepCapture {
  before: unknown = undefined;
  hasBefore = false;
  via: Via | undefined = undefined;
  producer: Producer | undefined = undefined;
  after: unknown = undefined;
  hasAfter = false;
  site: Site | undefined = undefined;
  /** its next (and the pure steps after it) returned a Failure, built here when known */
  ledToFailure = false;
  failureSite: Site | undefined = undefined;
}

const isSuccessNode = (v: unknown): v is { value: unknown } =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'Success';

export class StepTracer implements Tracer {
  private readonly origins = new WeakMap<object, NodeOrigin>();
  readonly sites: SiteCache;
  /** builder calls, innermost last; the flow function's call with the input is the outermost */
  private readonly calls: Frame[];
  private seq = 0;
  /** Retry tries after the first that have begun: until one has, no step is a restart */
  private laterTries = 0;
  /** Retry try prefix ('3r1/', never a first try's) -> seq when it began */
  private readonly attemptStart = new Map<string, number>();
  readonly byPath = new Map<string, StepCapture>();
  private expecting: string | undefined;
  private captured = false;
  /** the step whose answer the running code handles, or the last to begin: a logpoint hit's step */
  private current: string | undefined;
  /** set when the replay has logpoints (collectLogs) */
  private logs: LogCollector | undefined;
  logging = false;

  /** a site per marked call site (siteMarks.ts): captured the first time its key is seen */
  private readonly siteByKey = new Map<string, Site>();

  constructor(
    flowInput: unknown,
    private readonly copy: (v: unknown) => CopyResult,
    isSourceScript?: IsSourceScript,
    /** every constructor call of the flow's code is marked with its site's key */
    private readonly sitesMarked = false
  ) {
    this.calls = [new Frame(flowInput, FLOW_INPUT, INPUT, undefined)];
    this.sites = new SiteCache(isSourceScript);
  }

  private top(): Frame {
    return this.calls[this.calls.length - 1] as Frame;
  }

  created(node: object): void {
    // Where an Ask or a Parallel was built is never shown: an Ask is no step, and a Parallel's
    // capture is kept under its sequence path (`3`) while its step is reported under `3p`.
    const type = (node as { type?: unknown }).type;
    const shown = type !== 'Ask' && type !== 'Parallel';
    const call = this.top();
    const site = shown ? this.siteOf(type) : undefined;
    this.origins.set(node, { call, seq: this.seq++, site });
    if (type === 'Parallel') this.markBranches(node as Branches, call);
  }

  /** Where a Command or Failure being built was built: its call site's, once seen, else the stack's. */
  private siteOf(type: unknown): Site {
    const key = this.sitesMarked ? takeSite() : undefined;
    // The key's first letter is the type its constructor builds: a key left by another call is refused.
    if (key === undefined || key[0] !== (type === 'Command' ? 'C' : 'F')) return this.sites.capture(StepTracer.prototype.created);
    let site = this.siteByKey.get(key);
    if (!site) this.siteByKey.set(key, (site = this.sites.capture(StepTracer.prototype.created)));
    return site;
  }

  /**
   * Each effect of a Parallel built in `here` that a flow function called from `here` returned:
   * that function built the branch (`Parallel([holdWest(req)])`, `Parallel(due.map(renewOne))`),
   * and what it was called with is what the branch's steps received (PROVENANCE.md, branch-builder).
   */
  private markBranches(node: Branches, here: Frame): void {
    if (!Array.isArray(node.effects)) return;
    node.effects.forEach((effect, branch) => {
      // Only a node built directly in a flow function's call is a builder's (§2.5).
      const call = this.rootOrigin(effect)?.call;
      let f = call?.builder !== undefined ? call : undefined;
      while (f && f.parent !== here) f = f.parent;
      if (f?.builder !== undefined && f.branch === undefined) f.branch = branch;
    });
  }

  /** A Retry is not traced when built: its effect's origin stands for it. */
  private rootOrigin(effect: unknown): NodeOrigin | undefined {
    for (let e = effect, depth = 0; typeof e === 'object' && e !== null && depth < 64; depth++) {
      const o = this.origins.get(e);
      if (o) return o;
      if ((e as { type?: unknown }).type !== 'Retry') return undefined;
      e = (e as { effect?: unknown }).effect;
    }
    return undefined;
  }

  inherit(from: object, to: object): void {
    const o = this.origins.get(from);
    if (o) this.origins.set(to, o);
  }

  /** A pipeline step given `input` returned `node`: the origin of a node built before tracing began. */
  adopt(node: object, input: unknown): void {
    // Only a step's node (or an Ask's) has its origin read: a Retry's is its effect's (rootOrigin),
    // and a polling loop hands a fresh Retry to every page.
    const type = (node as { type?: unknown }).type;
    if ((type !== 'Command' && type !== 'Parallel' && type !== 'Ask') || this.origins.has(node)) return;
    const top = this.top();
    const call = new Frame(input, top.via, top.producer, top);
    this.origins.set(node, { call, seq: this.seq++, site: undefined });
  }

  enter(value: unknown, via?: Via, producer?: Producer): void {
    const call = this.top();
    this.seq++;
    this.calls.push(new Frame(value, via ?? call.via, producer ?? call.producer, call));
  }

  enterBuilder(builder: string, arg: unknown): void {
    const call = this.top();
    this.calls.push(new Frame(call.value, call.via, call.producer, call, builder, arg));
  }

  leave(): void {
    // Never the flow function's own call: flow code can call leave too (effect/tracer.ts).
    if (this.calls.length > 1) this.calls.pop();
  }

  enterAsk(node: object): void {
    // The value flowing at the point the Ask was built, not the context it receives.
    const o = this.origins.get(node);
    const call = this.top();
    this.calls.push(o ? new Frame(o.call.value, o.call.via, o.call.producer, call) : call);
  }

  started(node: object, path: string): void {
    this.current = path;
    if (this.logs) this.logs.stepBegan(path);
    const o = this.origins.get(node);
    const cap = new StepCapture();
    if (o) {
      const call = o.call;
      const built = call.builder !== undefined ? branchBuilt(call) : undefined;
      const c = this.copy(built ? built.arg : call.value);
      if (c.ok) {
        cap.before = c.value;
        cap.hasBefore = true;
      }
      cap.via = built ? { kind: 'branch-builder', fn: built.builder as string, branch: built.branch as number } : call.via;
      cap.producer = this.restart(o, path) ?? call.producer;
      if (o.site) cap.site = o.site;
    }
    this.byPath.set(path, cap);
  }

  /**
   * A node built before the Retry attempt it runs in began (any attempt after the first) is that
   * attempt starting over with the Retry's input; the innermost such attempt says which (§2.4).
   */
  private restart(o: NodeOrigin, path: string): Producer | undefined {
    // No later try has begun, or the step runs in no Retry: nothing started over (most steps).
    if (this.laterTries === 0 || path.indexOf('r') < 0) return undefined;
    let found: Producer | undefined;
    for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) {
      const prefix = path.slice(0, at + 1);
      const m = /(\d+)r(\d+)\/$/.exec(prefix);
      if (!m || m[2] === '0') continue;
      const began = this.attemptStart.get(prefix);
      if (began !== undefined && began > o.seq) found = { kind: 'retry-restart', retry: prefix.slice(0, m.index) + (m[1] as string), attempt: Number(m[2]) };
    }
    return found;
  }

  expectNext(path: string): void {
    this.current = path;
    this.expecting = path;
    this.captured = false;
  }

  nextReturned(value: unknown): void {
    // The innermost report is the user's own next; effectPipe's wrappers report after it.
    if (this.expecting === undefined || this.captured) return;
    this.captured = true;
    const cap = this.byPath.get(this.expecting);
    if (!cap || !isSuccessNode(value)) return;
    const c = this.copy(value.value);
    if (c.ok) {
      cap.after = c.value;
      cap.hasAfter = true;
    }
  }

  ledToFailure(path: string, failure: object): void {
    const cap = this.byPath.get(path);
    if (!cap) return;
    cap.ledToFailure = true;
    const site = this.origins.get(failure)?.site;
    if (site) cap.failureSite = site;
  }

  endNext(): void {
    this.expecting = undefined;
  }

  /** Logpoints' hits go to `logs`, each with the step the running code belongs to. */
  collectLogs(logs: LogCollector): void {
    this.logs = logs;
    this.logging = true;
  }

  logHit(index: unknown, x: unknown, how: unknown): void {
    if (this.logs) this.logs.hit(index, x, how, this.current);
  }

  tryBegan(prefix: string): void {
    this.laterTries++;
    this.attemptStart.set(prefix, this.seq++);
  }
}

/** The innermost flow function, up to the runtime builder it ran in, that built a Parallel branch. */
function branchBuilt(frame: Frame): Frame | undefined {
  for (let f: Frame | undefined = frame; f?.builder !== undefined; f = f.parent) if (f.branch !== undefined) return f;
  return undefined;
}
