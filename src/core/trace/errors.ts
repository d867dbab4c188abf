// Every way a trace can be unusable, as a message that names what is wrong
// and where. The UI shows `message`, then `hint`; never a stack.

export interface TraceLocation {
  /** 1-based line and column in the text (JSON syntax errors, JSONL lines) */
  readonly line?: number;
  readonly column?: number;
  /** 0-based index of the offending entry in the `trace` array */
  readonly entry?: number;
  /** the JSONL line (1-based) the trace came from */
  readonly jsonlLine?: number;
}

export interface TraceProblem {
  /** e.g. "entry 17: `command` must be a string" or "line 3, column 18: unexpected end of JSON" */
  readonly message: string;
  /** what to do about it */
  readonly hint: string;
  readonly where?: TraceLocation;
}

export class TraceParseError extends Error {
  override readonly name = 'TraceParseError';
  constructor(readonly problem: TraceProblem) {
    super(problem.message);
  }
}

export function traceProblem(message: string, hint: string, where?: TraceLocation): TraceParseError {
  return new TraceParseError(where ? { message, hint, where } : { message, hint });
}
