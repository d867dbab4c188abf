// Typed calls into the parse worker. One load at a time: starting a new one
// cancels the old by terminating its worker, so a stale result never lands.
import type { ParseResult } from '../core/trace/parse';
import type { ParsePhase, ParseRequest, ParseResponse } from './protocol';
import type { TraceStep } from '../core/trace/model';
import { singleFlight } from './singleFlight';

export interface ParseProgress {
  readonly phase: ParsePhase;
  readonly loaded: number;
  readonly total: number;
}

type Final = Extract<ParseResponse, { type: 'done' | 'crashed' }>;

const channel = singleFlight<ParseRequest, Final>(
  () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'timescope-parse' }),
  'The trace reader'
);

export async function parseInWorker(blob: Blob, fileName: string, onProgress?: (p: ParseProgress) => void): Promise<ParseResult> {
  const slices: (readonly TraceStep[])[] = [];
  const answer = await channel.call((id) => ({ type: 'parse', id, blob, fileName }), {
    isAnswer: (m, id): m is Final => {
      const message = m as ParseResponse | undefined;
      return message?.id === id && (message.type === 'done' || message.type === 'crashed');
    },
    onOther: (m, id) => {
      const message = m as ParseResponse;
      if (message?.id !== id) return;
      if (message.type === 'progress') onProgress?.(message);
      else if (message.type === 'steps') slices.push(message.steps);
    }
  });
  if (answer.type === 'crashed') throw new Error(`The trace reader stopped unexpectedly: ${answer.message}`);
  const { result } = answer;
  return result.kind === 'trace' ? { kind: 'trace', model: { ...result.model, steps: slices.flat() } } : result;
}
