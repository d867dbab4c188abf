// runEffect (spec §3.1) and the sequence loop every sequence runs (§3.2).

import { describeArg, describeConfig } from './describe';
import { notEffectError, quiet } from './errors';
import { globalHooks, HOOK_NAMES, mergeHooks, type Hooks, type OnStep } from './hooks';
import { cancelled, isIoFault, isSuccess, type StepResult } from './internal';
import { isEffect, type AnyNode } from './kinds';
import { commandName, Failure, type CommandNode, type Outcome, type ParallelNode, type RetryNode } from './nodes';
import { nextSource, pipeInputOf } from './pipe';
import { currentTracer } from './tracer';
import type { Producer, Via } from './provenance';
import { runCommand } from './command';
import { runRetry } from './runRetry';
import { runParallel } from './runParallel';

export interface CallConfig extends Hooks {
  readonly inherit?: boolean;
}

/** Settings only the replay engine uses. */
export interface RunInternals {
  /** Retry waits take one 0 ms timer turn (§6.9). */
  readonly fastRetry?: boolean;
}

/** One run's state, handed to the parts that run Commands, Retries and Parallels. */
export interface Run {
  readonly context: unknown;
  readonly onStep: OnStep | undefined;
  readonly onBeforeCommand: ((command: CommandNode, context: unknown) => Promise<void>) | undefined;
  readonly fastRetry: boolean;
  /** `held`, given while tracing: set to what produced the value of a Success the sequence ends in. */
  sequence(start: unknown, signal: AbortSignal | undefined, prefix: string, held?: HeldResult): Promise<StepResult>;
}

/**
 * What produced the value a Retry's attempt (or fallback) ended with, for the Retry to pass on
 * (provenance.ts, `retry-result`). A Retry returns the first Success at once, so the last attempt
 * to set it is the one whose value goes on. One per traced Retry: no map, no key strings.
 */
export interface HeldResult {
  producer?: Producer | undefined;
}

function callConfigProblem(c: unknown): string | undefined {
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return `runEffect's callConfig must be an object, got ${describeConfig(c)}.`;
  const rec = c as Record<string, unknown>;
  const known: readonly string[] = [...HOOK_NAMES, 'inherit'];
  const unknownKey = Object.keys(rec).find((k) => !known.includes(k));
  if (unknownKey !== undefined) {
    return `runEffect's callConfig has no option named '${unknownKey}'; its options are onStep, onRun, onBeforeCommand and inherit.`;
  }
  for (const h of HOOK_NAMES) {
    const v = rec[h];
    if (v !== undefined && typeof v !== 'function') return `callConfig.${h} must be a function, got ${describeArg(v)}.`;
  }
  if (rec.inherit !== undefined && typeof rec.inherit !== 'boolean') {
    return `callConfig.inherit must be true or false, got ${describeArg(rec.inherit)}.`;
  }
  return undefined;
}

/** Run a flow. Never throws synchronously: every refusal is a rejection. */
export function runEffect(effect: unknown, context?: unknown, callConfig?: CallConfig): Promise<Outcome> {
  return runWith(effect, context, callConfig, {});
}

export async function runWith(effect: unknown, context: unknown, callConfig: unknown, internals: RunInternals): Promise<Outcome> {
  // Only undefined defaults: a null context is passed through as it is.
  const ctx = context === undefined ? {} : context;
  const config = callConfig === undefined ? {} : callConfig;
  const problem = callConfigProblem(config);
  if (problem) throw new TypeError(problem);
  const local = config as CallConfig;
  const hooks = mergeHooks([...(local.inherit === false ? [] : globalHooks()), local]);
  const run: Run = {
    context: ctx,
    onStep: hooks.onStep,
    onBeforeCommand: hooks.onBeforeCommand,
    fastRetry: internals.fastRetry === true,
    sequence: (start, signal, prefix, held) => runSequence(run, start, signal, prefix, held)
  };
  const op = async (): Promise<Outcome> => {
    const out = await runSequence(run, effect, undefined, '');
    return isIoFault(out) ? Failure(out.error) : out;
  };
  if (!hooks.onRun) return op();
  const flowName = (ctx as { flowName?: unknown } | null | undefined)?.flowName || '';
  return (await hooks.onRun(effect, op, flowName, pipeInputOf(effect))) as Outcome;
}

async function runSequence(run: Run, start: unknown, signal: AbortSignal | undefined, prefix: string, held?: HeldResult): Promise<StepResult> {
  let node: unknown = start;
  let source = 'The flow';
  let k = 0;
  // With a tracer: what produced the value flowing now, for the Retry that may pass it on.
  let flowing: Producer | undefined;
  for (;;) {
    if (!isEffect(node)) {
      quiet(node);
      throw notEffectError(source, node);
    }
    if (node.type === 'Success' || node.type === 'Failure') {
      if (held && node.type === 'Success') held.producer = flowing;
      return node as unknown as Outcome;
    }
    if (signal?.aborted) return cancelled();
    source = nextSource(node);
    if (node.type === 'Ask') {
      node = callAskNext(node, run.context);
      continue;
    }
    const path = prefix + String(k);
    k += 1;
    let out: StepResult;
    let retried: HeldResult | undefined;
    if (node.type === 'Command') out = await runCommand(run, node as unknown as CommandNode, signal, path);
    else if (node.type === 'Retry') out = await runRetry(run, node as unknown as RetryNode, signal, path, currentTracer() ? (retried = {}) : undefined);
    else out = await runParallel(run, node as unknown as ParallelNode, signal, path);
    if (!isSuccess(out)) return out;
    const t = currentTracer();
    if (t) flowing = producerOfNext(node, path, retried);
    const stepNode = node;
    node = callNext(node, out.value, path, flowing);
    if (t && stepNode.type !== 'Retry' && isEffect(node) && node.type === 'Failure') t.ledToFailure(path, node);
  }
}

/** What produced the value a node's next is called with (provenance.ts). */
function producerOfNext(node: AnyNode, path: string, retried: HeldResult | undefined): Producer {
  if (node.type === 'Command') return { kind: 'step', path, command: commandName(node as unknown as CommandNode) };
  if (node.type === 'Parallel') return { kind: 'join', path: `${path}p` };
  const from = retried?.producer;
  return from ? { kind: 'retry-result', path, from } : { kind: 'retry-result', path };
}

function viaOfNext(node: AnyNode, path: string, producer: Producer | undefined): Via {
  // The Command's name is its producer's, worked out once per step.
  if (node.type === 'Command') return { kind: 'next', of: producer?.kind === 'step' ? producer.command : commandName(node as unknown as CommandNode), path };
  return node.type === 'Parallel' ? { kind: 'next', of: 'Parallel', path: `${path}p` } : { kind: 'next', of: 'Retry', path };
}

function callAskNext(node: AnyNode, context: unknown): unknown {
  const next = node.next as (c: unknown) => unknown;
  const t = currentTracer();
  if (!t) return next(context);
  t.enterAsk(node);
  try {
    return next(context);
  } finally {
    t.leave();
  }
}

/** Call a step's next; with a tracer, note what it was given and what it passed on. */
function callNext(node: AnyNode, value: unknown, path: string, producer: Producer | undefined): unknown {
  const next = node.next as (v: unknown) => unknown;
  const t = currentTracer();
  if (!t) return next(value);
  // A Retry's next only hands its result on: the value a Retry passes has no step of its own to note.
  const noted = node.type !== 'Retry';
  if (noted) t.expectNext(path);
  try {
    let r: unknown;
    t.enter(value, viaOfNext(node, path, producer), producer);
    try {
      r = next(value);
    } finally {
      t.leave();
    }
    if (noted) t.nextReturned(r);
    return r;
  } finally {
    if (noted) t.endNext();
  }
}
