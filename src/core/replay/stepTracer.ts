// The tracer replayTrace installs (see effect/tracer.ts): for each step it
// keeps the pipeline value that went in (`before`), the value the step's own
// next passed on (`after`), and the stack of the Command() call that built it.

import type { Tracer } from '../effect/tracer';
import type { CopyResult } from '../effect/copy';
import { SiteCache, type IsSourceScript, type Site } from './sites';

export type { Site };

interface Origin {
  /** the input of the builder (pipeline step or next) that made the node */
  readonly input: unknown;
  /** captured when Command() ran; formatted only if the report asks for it */
  readonly site: Site | undefined;
}

export interface StepCapture {
  before?: unknown;
  hasBefore: boolean;
  after?: unknown;
  hasAfter: boolean;
  site?: Site;
}

const isSuccessNode = (v: unknown): v is { value: unknown } =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'Success';

export class StepTracer implements Tracer {
  private readonly origins = new WeakMap<object, Origin>();
  readonly sites: SiteCache;
  /** builder inputs, innermost last; the flow's input is the outermost */
  private readonly inputs: unknown[];
  readonly byPath = new Map<string, StepCapture>();
  private expecting: string | undefined;
  private captured = false;

  constructor(
    flowInput: unknown,
    private readonly copy: (v: unknown) => CopyResult,
    isSourceScript?: IsSourceScript
  ) {
    this.inputs = [flowInput];
    this.sites = new SiteCache(isSourceScript);
  }

  private top(): unknown {
    return this.inputs[this.inputs.length - 1];
  }

  created(node: object): void {
    // Where an Ask or a Parallel was built is never shown: an Ask is no step, and a Parallel's
    // capture is kept under its sequence path (`3`) while its step is reported under `3p`.
    const type = (node as { type?: unknown }).type;
    const shown = type !== 'Ask' && type !== 'Parallel';
    this.origins.set(node, { input: this.top(), site: shown ? this.sites.capture(StepTracer.prototype.created) : undefined });
  }

  inherit(from: object, to: object): void {
    const o = this.origins.get(from);
    if (o) this.origins.set(to, o);
  }

  /** A pipeline step given `input` returned `node`: the origin of a node built before tracing began. */
  adopt(node: object, input: unknown): void {
    if (!this.origins.has(node)) this.origins.set(node, { input, site: undefined });
  }

  enter(value: unknown): void {
    this.inputs.push(value);
  }

  leave(): void {
    this.inputs.pop();
  }

  askInput(node: object): unknown {
    // The value flowing at the point the Ask was built, not the context it receives.
    const o = this.origins.get(node);
    return o ? o.input : this.top();
  }

  started(node: object, path: string): void {
    const o = this.origins.get(node);
    const cap: StepCapture = { hasBefore: false, hasAfter: false };
    if (o) {
      const c = this.copy(o.input);
      if (c.ok) {
        cap.before = c.value;
        cap.hasBefore = true;
      }
      if (o.site) cap.site = o.site;
    }
    this.byPath.set(path, cap);
  }

  expectNext(path: string): void {
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

  endNext(): void {
    this.expecting = undefined;
  }
}
