// The tracer replayTrace installs (see effect/tracer.ts): for each step it
// keeps the pipeline value that went in (`before`), the value the step's own
// next passed on (`after`), and the stack of the Command() call that built it.

import type { Tracer } from '../effect/tracer';
import type { CopyResult } from '../effect/copy';

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

/**
 * Frames kept past the tracer: Command (or Ask, Parallel), the flow code that
 * called it, and room for two helpers above. A deeper stack costs a replay of
 * 5,000 steps far more (V8 walks the awaits too), and only the innermost flow
 * frame is ever read (locateInStack).
 */
const SITE_FRAMES = 4;

type AnyFunction = (...args: never[]) => unknown;
type V8Error = { stackTraceLimit?: number; captureStackTrace?: (target: object, above?: AnyFunction) => void };

/** Something with a `stack`: where the node was built, read only when a report asks. */
export interface Site {
  readonly stack?: string;
}

/** A stack from the runtime's constructor up, without the tracer's own frames where the engine can leave them out. */
function captureSite(above: AnyFunction): Site {
  const E = Error as unknown as V8Error;
  const limit = E.stackTraceLimit;
  try {
    E.stackTraceLimit = SITE_FRAMES;
  } catch {
    // a frozen Error (hardened JavaScript): take the stack as it comes
  }
  try {
    if (!E.captureStackTrace) return new Error('Command built here');
    const site = {};
    E.captureStackTrace(site, above);
    return site;
  } finally {
    try {
      E.stackTraceLimit = limit;
    } catch {
      // as above
    }
  }
}

export class StepTracer implements Tracer {
  private readonly origins = new WeakMap<object, Origin>();
  /** builder inputs, innermost last; the flow's input is the outermost */
  private readonly inputs: unknown[];
  readonly byPath = new Map<string, StepCapture>();
  private expecting: string | undefined;
  private captured = false;

  constructor(
    flowInput: unknown,
    private readonly copy: (v: unknown) => CopyResult
  ) {
    this.inputs = [flowInput];
  }

  private top(): unknown {
    return this.inputs[this.inputs.length - 1];
  }

  created(node: object): void {
    this.origins.set(node, { input: this.top(), site: captureSite(StepTracer.prototype.created) });
  }

  inherit(from: object, to: object): void {
    const o = this.origins.get(from);
    if (o) this.origins.set(to, o);
  }

  /** A pipeline step given `input` returned `node`: the origin of a node built before tracing began. */
  adopt(node: object, input: unknown): void {
    if (!this.origins.has(node)) this.origins.set(node, { input, site: undefined });
  }

  withInput<T>(value: unknown, fn: () => T): T {
    this.inputs.push(value);
    try {
      return fn();
    } finally {
      this.inputs.pop();
    }
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
