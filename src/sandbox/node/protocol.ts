// What the CLI's sandbox worker is sent and answers (worker_threads messages).
import type { FlowSourceRequest } from '../../core/source/runFlow';

/** The request, with the trace as the JSON text it was read as (cheap to send, parsed in the worker). */
export type SandboxRequest = Omit<FlowSourceRequest, 'trace'> & { readonly traceText: string };

export type SandboxMessage =
  | { readonly type: 'ready' }
  /** the RunResult as JSON text, made by the sandbox's frozen JSON */
  | { readonly type: 'done'; readonly json: string }
  | { readonly type: 'failed'; readonly message: string };
