// effectPipe (spec §2.6): an eager fold. Pure steps run while the flow is
// built, up to the first pending node; that node is copied with a wrapped
// `next` that resumes the fold when the interpreter calls it. A built tree is
// never mutated, so it can be run again.

import { describeArg } from './describe';
import { EffectTypeError, notEffectError } from './errors';
import { isEffect, type AnyNode } from './kinds';
import { commandName, makeCommand, Success, type Effect, type Next } from './nodes';
import { currentTracer } from './tracer';
import { stepVia } from './provenance';

type Step = (value: unknown) => unknown;

// The input a pipeline was called with, keyed on the exact root object it
// returned: runEffect hands it to onRun (§2.1). No node carries it as a field.
const pipeInputs = new WeakMap<object, unknown>();

export function pipeInputOf(effect: unknown): unknown {
  return typeof effect === 'object' && effect !== null ? pipeInputs.get(effect) : undefined;
}

export function effectPipe(...steps: Array<(value: never) => unknown>): (start?: unknown) => Effect {
  steps.forEach((s: unknown, i) => {
    if (typeof s !== 'function') {
      throw new EffectTypeError(`effectPipe's step ${i + 1} is ${describeArg(s)}; each step is a function that returns an Effect.`);
    }
  });
  const fns = steps as unknown as readonly Step[];
  return (start?: unknown): Effect => {
    const node = fold(fns, Success(start) as unknown as AnyNode, 0);
    // Always a fresh shallow copy, so two flows never share a WeakMap key (§2.1).
    const root: AnyNode = { ...node };
    currentTracer()?.inherit(node, root);
    pipeInputs.set(root, start);
    return root as unknown as Effect;
  };
}

/** What a bad `next` result is blamed on (§2.7). */
export function nextSource(node: AnyNode): string {
  switch (node.type) {
    case 'Command':
      return `The next of Command '${commandName(node)}'`;
    case 'Ask':
      return 'The next of an Ask';
    case 'Retry':
      return 'The next of a Retry';
    default:
      return 'The next of a Parallel';
  }
}

function fold(steps: readonly Step[], start: AnyNode, from: number): AnyNode {
  let node = start;
  let i = from;
  // A loop, not recursion: a long run of pure steps must not grow the stack.
  for (;;) {
    if (node.type === 'Failure') return node;
    const step = steps[i];
    // With no step left there is nothing to resume, so a pending node goes on
    // unwrapped. This is what keeps recursion through effectPipe linear: a
    // pipeline whose last step returns the next level (a polling loop) would
    // otherwise add one wrapper per level, and every level's next would run
    // through all the wrappers above it (§12 case 1).
    if (!step) {
      // A hand-built Command is still checked here, as the rebuild would (§2.6).
      if (node.type === 'Command') makeCommand(node.cmd, node.next, node.meta);
      return node;
    }
    if (node.type !== 'Success') return rewire(steps, node, i);
    const index = i;
    i += 1;
    const value = node.value;
    const t = currentTracer();
    let r: unknown;
    if (!t) r = step(value);
    else {
      // A pipeline step passes on the producer of the value it is given (provenance.ts).
      t.enter(value, stepVia(step.name || 'anonymous', index));
      try {
        r = step(value);
      } finally {
        t.leave();
      }
    }
    if (!isEffect(r)) throw notEffectError(`Step '${step.name || 'anonymous'}'`, r);
    t?.adopt(r, value);
    node = r;
  }
}

function rewire(steps: readonly Step[], node: AnyNode, i: number): AnyNode {
  const original = node.next as (v: unknown) => unknown;
  const wrapped = (v: unknown): unknown => {
    const r = original(v);
    currentTracer()?.nextReturned(r);
    if (!isEffect(r)) throw notEffectError(nextSource(node), r);
    return fold(steps, r, i);
  };
  // Rebuilding through makeCommand validates a hand-built Command here (§2.6).
  const copy: AnyNode =
    node.type === 'Command'
      ? (makeCommand(node.cmd, wrapped, node.meta) as unknown as AnyNode)
      : { ...node, next: wrapped as Next };
  currentTracer()?.inherit(node, copy);
  return copy;
}
