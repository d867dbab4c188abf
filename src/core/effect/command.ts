// Running one Command (spec §3.3): the veto, the cancellation check, onStep
// and its op, and the rules that tell an I/O fault from a bug.

import { cancelled, IoFault, isCut, isHarness, type StepResult } from './internal';
import { commandName, Failure, Success, type CommandNode } from './nodes';
import type { Run } from './run';
import { currentTracer } from './tracer';

/** One call of a Command's op, as the hook made it. */
interface OpCall {
  settled: boolean;
  ok: boolean;
  /** the value it resolved to, or what it rejected with */
  value: unknown;
  promise: Promise<unknown>;
}

export async function runCommand(run: Run, node: CommandNode, signal: AbortSignal | undefined, path: string): Promise<StepResult> {
  const name = commandName(node);
  currentTracer()?.started(node, path);
  try {
    // With no hook, still one turn of the microtask queue, as the awaited hook chain takes:
    // it decides how Parallel branches interleave, so it must not change.
    if (run.onBeforeCommand) await run.onBeforeCommand(node, run.context);
    else await undefined;
  } catch (e) {
    if (isHarness(e)) throw e;
    // A veto is an abort: a Failure, never retried, and no trace entry.
    return Failure(e);
  }
  if (signal?.aborted) return cancelled();

  // What op did: `succeeded` for any call; `last` is read when the hook returns undefined.
  const state = { succeeded: false, last: undefined as OpCall | undefined };
  const op = (): Promise<unknown> => {
    const call: OpCall = { settled: false, ok: false, value: undefined, promise: Promise.resolve() };
    call.promise = invoke(node, signal).then(
      (v) => {
        Object.assign(call, { settled: true, ok: true, value: v });
        state.succeeded = true;
        return v;
      },
      (e: unknown) => {
        Object.assign(call, { settled: true, ok: false, value: e });
        throw e;
      }
    );
    // Handled here too: a hook that never awaits op must not leave an unhandled rejection.
    call.promise.catch(() => undefined);
    state.last = call;
    return call.promise;
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

  const last = state.last;
  if (returned === undefined && last) {
    // A hook that called op and returned undefined passes on what op did:
    // the library waits for an op still running (§3.3 rule 5), and op's
    // rejection is the step's I/O fault (§12 case 2).
    const waited = !last.settled;
    if (waited) await last.promise.catch(() => undefined);
    if (!last.ok) {
      if (isHarness(last.value)) throw last.value;
      return new IoFault(last.value);
    }
    if (last.value !== undefined) {
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
