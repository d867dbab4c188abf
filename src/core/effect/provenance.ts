// What a step received, and where that value came from, as the interpreter
// knows it: it calls every builder with its value (a pipeline step, a
// Command's next, a Parallel's or a Retry's next, onExhausted, the flow
// function), so it can say which builder made each node and what produced
// the value that builder was given. Plain data: it goes into the replay report.
//
// The rules, from the spec:
//   - the flow function is called with the flow's input (§7.1): producer `input`;
//   - a pipeline step is called with the value flowing at its place (§2.6): a
//     pure step passes its producer on, so the producer is the one of the
//     value that entered the pipeline;
//   - a Command's next is called with its answer (§3.2): producer `step`;
//   - a Parallel's next with the joined values (§2.5): producer `join`;
//   - a Retry passes on its attempt's (or fallback's) result (§2.4):
//     producer `retry-result`, `from` naming what produced that result;
//   - an attempt after the first re-runs the tree built before it (§2.4
//     "Everything inside is repeated"): a node built before attempt k began is
//     given the Retry's input again, producer `retry-restart`;
//   - onExhausted is called with the exhaustion object: producer `exhaustion`;
//   - an Ask passes the value flowing where it was built (it only reads the context).

export type Via =
  /** built by the flow function itself, called with the input */
  | { readonly kind: 'flow-input' }
  /** built by a pipeline step, called by effectPipe (index: its place in the pipe) */
  | { readonly kind: 'step'; readonly fn: string; readonly index: number }
  /** built by the next of the node at `path` (`of`: a Command's name, or 'Parallel' / 'Retry') */
  | { readonly kind: 'next'; readonly of: string; readonly path: string }
  /** built by a function of the flow's own that made a Parallel's branch, called with its own argument */
  | { readonly kind: 'branch-builder'; readonly fn: string; readonly branch: number }
  /** built by a Retry's onExhausted, called with the exhaustion object */
  | { readonly kind: 'onExhausted'; readonly retry: string };

export type Producer =
  | { readonly kind: 'input' }
  | { readonly kind: 'step'; readonly path: string; readonly command: string }
  | { readonly kind: 'join'; readonly path: string }
  | { readonly kind: 'retry-result'; readonly path: string; readonly from?: Producer }
  | { readonly kind: 'retry-restart'; readonly retry: string; readonly attempt: number }
  | { readonly kind: 'exhaustion'; readonly retry: string };

/** A builder's call: the value it was given, which builder it is, and what produced the value. */
export interface Origin {
  readonly value: unknown;
  readonly via: Via;
  readonly producer: Producer;
}

export const FLOW_INPUT: Via = { kind: 'flow-input' };
export const INPUT: Producer = { kind: 'input' };

/**
 * A pipeline step's via, one per name and place: a polling loop calls the same few steps
 * thousands of times, and each call would otherwise allocate its own. Frozen, as it is shared.
 * Bounded, for flows whose step names are made at run time.
 */
const stepVias = new Map<string, Via[]>();
const STEP_VIA_NAMES = 1024;

export function stepVia(fn: string, index: number): Via {
  let byIndex = stepVias.get(fn);
  if (!byIndex) {
    if (stepVias.size >= STEP_VIA_NAMES) return { kind: 'step', fn, index };
    stepVias.set(fn, (byIndex = []));
  }
  return (byIndex[index] ??= Object.freeze({ kind: 'step', fn, index }));
}
