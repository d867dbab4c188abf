// The search worker's messages. The steps' searchable part crosses once per
// trace, in slices; then each query carries only its text and the status
// bytes (notes and replay change without the trace changing), and the
// answer is the match indices in a transferred buffer.
import type { SearchStep } from '../core/filter/corpus';

export type SearchRequest =
  /** a new trace: forget the old corpus; `total` steps will follow in 'steps' slices */
  | { readonly type: 'trace'; readonly trace: number; readonly total: number }
  | { readonly type: 'steps'; readonly trace: number; readonly steps: readonly SearchStep[] }
  /** a newer query makes the worker drop an older one between chunks */
  | { readonly type: 'query'; readonly id: number; readonly trace: number; readonly text: string; readonly status: Uint8Array };

export type SearchResponse =
  | { readonly type: 'matches'; readonly id: number; readonly matches: Int32Array; readonly ms: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
