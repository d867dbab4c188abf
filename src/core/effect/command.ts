// Running one Command (spec §3.3): the veto, the cancellation check, onStep
// and its op, and the rules that tell an I/O fault from a bug.

import { cancelled, IoFault, isCut, isHarness, type StepResult } from './internal';
import { commandName, Failure, Success, type CommandNode } from './nodes';
import type { Run } from './run';
import { currentTracer } from './tracer';

export async function runCommand(run: Run, node: CommandNode, signal: AbortSignal | undefined, path: string): Promise<StepResult> {
  const name = commandName(node);
  currentTracer()?.started(node, path);
  try {
    await run.onBeforeCommand(node, run.context);
  } catch (e) {
    if (isHarness(e)) throw e;
    // A veto is an abort: a Failure, never retried, and no trace entry.
    return Failure(e);
  }
  if (signal?.aborted) return cancelled();

  const state = { running: 0, succeeded: false, value: undefined as unknown, last: undefined as Promise<unknown> | undefined };
  const op = (): Promise<unknown> => {
    state.running += 1;
    const p = invoke(node, signal).then(
      (v) => {
        state.running -= 1;
        state.succeeded = true;
        state.value = v;
        return v;
      },
      (e: unknown) => {
        state.running -= 1;
        throw e;
      }
    );
    state.last = p;
    return p;
  };

  let returned: unknown;
  try {
    returned = run.onStep ? await run.onStep(name, 'Command', op, path) : await op();
  } catch (e) {
    if (isCut(e)) return cancelled();
    // After op succeeded, a throw is the hook's own bug, not the I/O's.
    if (isHarness(e) || state.succeeded) throw e;
    return new IoFault(e);
  }

  if (returned === undefined) {
    let waited = false;
    if (state.running > 0 && state.last) {
      waited = true;
      // The hook did not wait; op's own failure is not the hook's answer, so it is swallowed here.
      await state.last.catch(() => undefined);
    }
    if (state.succeeded && state.value !== undefined) {
      throw new TypeError(
        `An onStep hook called op for '${name}' at path '${path}' and returned undefined${waited ? ' before op had finished' : ''}, ` +
          'although the Command returned a value. A hook has to await op() and return what it returns.'
      );
    }
  }
  // The hook's value, not necessarily op's: this is how replay answers a step.
  return Success(returned);
}

/** Call the Command's function; the signal goes only to a function that declares a parameter, inside a Parallel (§2.5). */
function invoke(node: CommandNode, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    const fn = node.cmd as (...args: unknown[]) => unknown;
    return Promise.resolve(signal && fn.length > 0 ? fn(signal) : fn());
  } catch (e) {
    return Promise.reject(e);
  }
}
