// Typed calls into the parse worker. One load at a time: starting a new one
// cancels the old by terminating its worker, so a stale result never lands.
import type { ParseResult } from '../core/trace/parse';
import type { ParsePhase, ParseRequest, ParseResponse } from './protocol';
import { singleFlight } from './singleFlight';

export interface ParseProgress {
  readonly phase: ParsePhase;
  readonly loaded: number;
  readonly total: number;
}

type Final = Exclude<ParseResponse, { type: 'progress' }>;

const channel = singleFlight<ParseRequest, Final>(
  () => new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'timescope-parse' }),
  'The trace reader'
);

export async function parseInWorker(blob: Blob, fileName: string, onProgress?: (p: ParseProgress) => void): Promise<ParseResult> {
  const answer = await channel.call((id) => ({ type: 'parse', id, blob, fileName }), {
    isAnswer: (m, id): m is Final => (m as ParseResponse | undefined)?.id === id && (m as ParseResponse).type !== 'progress',
    onOther: (m, id) => {
      const message = m as ParseResponse;
      if (message?.type === 'progress' && message.id === id) onProgress?.(message);
    }
  });
  if (answer.type === 'crashed') throw new Error(`The trace reader stopped unexpectedly: ${answer.message}`);
  return answer.result;
}
