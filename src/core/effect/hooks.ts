// Hook layers (spec §3.4): configureEffect installs global layers; runEffect's
// callConfig sits inside them unless `inherit: false`. onStep and onRun nest
// (earlier layers outside); onBeforeCommand hooks run one after another.

import { describeArg, describeConfig } from './describe';
import type { CommandNode } from './nodes';

export type StepOp = () => Promise<unknown>;
export type OnStep = (name: string, type: 'Command' | 'Parallel', op: StepOp, path: string) => unknown;
export type OnRun = (effect: unknown, op: () => Promise<unknown>, flowName: unknown, initialInput: unknown) => unknown;
export type OnBeforeCommand = (command: CommandNode, context: never) => unknown;

export interface Hooks {
  readonly onStep?: OnStep;
  readonly onRun?: OnRun;
  readonly onBeforeCommand?: OnBeforeCommand;
}

export interface MergedHooks {
  readonly onStep: OnStep | undefined;
  readonly onRun: OnRun | undefined;
  readonly onBeforeCommand: ((command: CommandNode, context: unknown) => Promise<void>) | undefined;
}

export const HOOK_NAMES = ['onStep', 'onRun', 'onBeforeCommand'] as const;

const layers: Array<readonly Hooks[]> = [];

/** A snapshot of the global layers, outermost first. */
export function globalHooks(): Hooks[] {
  return layers.flat();
}

/** The TypeError message for a bad configureEffect argument, if any. */
function configProblem(c: unknown): string | undefined {
  if (typeof c !== 'object' || c === null || Array.isArray(c)) {
    return `configureEffect expects configuration objects, got ${describeConfig(c)}.`;
  }
  const rec = c as Record<string, unknown>;
  const unknownKey = Object.keys(rec).find((k) => !(HOOK_NAMES as readonly string[]).includes(k));
  if (unknownKey !== undefined) {
    return `configureEffect has no option named '${unknownKey}'; its options are onStep, onRun and onBeforeCommand.`;
  }
  for (const h of HOOK_NAMES) {
    const v = rec[h];
    if (v !== undefined && typeof v !== 'function') return `configureEffect's ${h} must be a function, got ${describeArg(v)}.`;
  }
  return undefined;
}

/**
 * Add one global layer; the returned function removes that layer only. With
 * no arguments every layer is cleared; with only undefined arguments nothing
 * changes. Every argument is checked before anything is installed.
 */
export function configureEffect(...configs: Array<Hooks | undefined>): () => void {
  if (configs.length === 0) {
    layers.length = 0;
    return () => undefined;
  }
  const given: unknown[] = configs.filter((c) => c !== undefined);
  if (given.length === 0) return () => undefined;
  for (const c of given) {
    const problem = configProblem(c);
    if (problem) throw new TypeError(problem);
  }
  const layer: readonly Hooks[] = given.map((c) => {
    const h = c as Hooks;
    return { onStep: h.onStep, onRun: h.onRun, onBeforeCommand: h.onBeforeCommand };
  });
  layers.push(layer);
  return () => {
    const at = layers.indexOf(layer);
    if (at >= 0) layers.splice(at, 1);
  };
}

export function mergeHooks(list: readonly Hooks[]): MergedHooks {
  const steps = list.flatMap((h) => (h.onStep ? [h.onStep] : []));
  const runs = list.flatMap((h) => (h.onRun ? [h.onRun] : []));
  const befores = list.flatMap((h) => (h.onBeforeCommand ? [h.onBeforeCommand] : []));

  const onStep: OnStep | undefined =
    steps.length === 0
      ? undefined
      : steps.length === 1
        ? steps[0]
        : (name, type, op, path) => {
          // Each layer's op calls the next layer in; every layer sees the original path.
          const call = (i: number): unknown => {
            const hook = steps[i] as OnStep;
            return i === steps.length - 1 ? hook(name, type, op, path) : hook(name, type, async () => call(i + 1), path);
          };
          return call(0);
        };

  const onRun: OnRun | undefined =
    runs.length === 0
      ? undefined
      : (effect, op, flowName, initialInput) => {
          const call = (i: number): unknown => {
            const hook = runs[i] as OnRun;
            return i === runs.length - 1
              ? hook(effect, op, flowName, initialInput)
              : hook(effect, async () => call(i + 1), flowName, initialInput);
          };
          return call(0);
        };

  // Undefined when there is none, so a run without hooks calls no function for it per Command.
  const onBeforeCommand =
    befores.length === 0
      ? undefined
      : async (command: CommandNode, context: unknown): Promise<void> => {
          for (const h of befores) await (h as (c: CommandNode, ctx: unknown) => unknown)(command, context);
        };

  return { onStep, onRun, onBeforeCommand };
}
