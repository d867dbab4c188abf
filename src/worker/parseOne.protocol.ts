// The one-file parse worker's answer (parseOne.worker.ts).
import type { TraceProblem } from '../core/trace/errors';
import type { RecordedModel } from '../core/trace/model';

export type OneParse =
  | { readonly kind: 'trace'; readonly model: RecordedModel }
  /** a file of several traces: how many, for the message */
  | { readonly kind: 'collection'; readonly count: number }
  | { readonly kind: 'error'; readonly problem: TraceProblem };
