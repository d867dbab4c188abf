// The data model (spec §2.1–2.3): Success, Failure, Command, commandName, Ask.

import { describeArg } from './describe';
import { EffectTypeError, quiet } from './errors';
import { isEffect } from './kinds';
import { currentTracer } from './tracer';

// Parameters typed `never` accept a function of any one-argument signature,
// so flows written against the real library type-check without casts.
export type Next = (value: never) => unknown;
export type CommandFn = (...args: never[]) => unknown;

export interface SuccessNode<T = unknown> {
  readonly type: 'Success';
  readonly value: T;
}
export interface FailureNode<E = unknown> {
  readonly type: 'Failure';
  readonly error: E;
}
export interface CommandNode {
  readonly type: 'Command';
  readonly cmd: CommandFn;
  readonly next: Next;
  readonly meta: unknown;
}
export interface AskNode {
  readonly type: 'Ask';
  readonly next: Next;
}
export interface RetryOptions {
  readonly attempts?: number;
  readonly delay?: number;
  readonly backoff?: number;
  readonly onExhausted?: (exhaustion: RetryExhaustion) => unknown;
}
export interface RetryExhaustion {
  readonly retryExhausted: true;
  readonly lastError: unknown;
  readonly attempts: number;
}
export interface RetryNode {
  readonly type: 'Retry';
  readonly effect: Effect;
  readonly options: Readonly<RetryOptions>;
  readonly next: Next;
}
export interface ParallelOptions {
  readonly limit?: number;
  readonly settled?: boolean;
}
export interface ParallelNode {
  readonly type: 'Parallel';
  readonly effects: readonly Effect[];
  readonly next: Next;
  readonly options: Readonly<ParallelOptions>;
}
export type Outcome = SuccessNode | FailureNode;
export type Effect = SuccessNode | FailureNode | CommandNode | AskNode | RetryNode | ParallelNode;

export function Success<T>(value: T): SuccessNode<T> {
  return { type: 'Success', value };
}

export function Failure<E>(error: E): FailureNode<E> {
  return { type: 'Failure', error };
}

/** The next a Command or Retry gets when none is given. */
export const passOn: Next = ((r: unknown) => Success(r)) as Next;

/** Build and validate a Command without telling the tracer (effectPipe's rewiring uses this). */
export function makeCommand(cmd: unknown, next: unknown, meta: unknown): CommandNode {
  if (cmd instanceof Promise) {
    quiet(cmd);
    throw new EffectTypeError('Command expects a function, got a Promise.');
  }
  if (typeof cmd !== 'function') throw new EffectTypeError(`Command expects the function that does the I/O, got ${describeArg(cmd)}.`);
  let n: Next = passOn;
  if (next !== undefined && next !== null) {
    if (typeof next !== 'function') {
      // An object here is almost always meta passed one place too early.
      if (typeof next === 'object' && !Array.isArray(next) && !isEffect(next)) {
        throw new EffectTypeError("Command's second argument is next, and meta goes third: Command(fn, undefined, { name: 'chargeCard' }).");
      }
      throw new EffectTypeError(`Command's next must be a function, got ${describeArg(next)}.`);
    }
    n = next as Next;
  }
  return { type: 'Command', cmd: cmd as CommandFn, next: n, meta };
}

/**
 * Failure as flow code builds it (what `import { Failure } from 'pure-effect'` gives): with a tracer
 * installed, where it was built is noted, for the step whose next returned it. The runtime's own
 * Failures (a cancellation, a veto) use the plain one.
 */
export function FailureOfFlow<E>(error: E): FailureNode<E> {
  const node = Failure(error);
  currentTracer()?.created(node);
  return node;
}

export function Command(cmd: CommandFn, next?: Next | null, meta?: unknown): CommandNode {
  const node = makeCommand(cmd, next, meta);
  currentTracer()?.created(node);
  return node;
}

/** The identity used in hook names, trace `command` fields and replay matching (§2.2). */
export function commandName(c: unknown): string {
  const node = c as { type?: unknown; meta?: unknown; cmd?: unknown } | null | undefined;
  if (node?.type !== 'Command') throw new EffectTypeError(`commandName expects a Command, got ${describeArg(c)}.`);
  const meta = node.meta;
  if (typeof meta === 'object' && meta !== null) {
    const name = (meta as { name?: unknown }).name;
    if (typeof name === 'string' && name.length > 0) return name;
  }
  const fnName = (node.cmd as { name?: unknown } | null | undefined)?.name;
  return typeof fnName === 'string' && fnName.length > 0 ? fnName : 'anonymous';
}

export function Ask(next: (context: never) => unknown): AskNode {
  if (typeof next !== 'function') throw new EffectTypeError(`Ask expects a function that receives the context, got ${describeArg(next)}.`);
  const node: AskNode = { type: 'Ask', next: next as Next };
  currentTracer()?.created(node);
  return node;
}
