// One trace file parsed in a worker of its own (parseOne.worker.ts): a big file never freezes the tab.
import type { OneParse } from './parseOne.protocol';
import { askOnce } from './askOnce';

export function parseOneInWorker(blob: Blob, name: string): Promise<OneParse> {
  const worker = new Worker(new URL('./parseOne.worker.ts', import.meta.url), { type: 'module', name: 'timescope-parse-one' });
  return askOnce(worker, { blob, name }, [], (message): OneParse => ({
    kind: 'error',
    problem: { message: `the trace reader stopped unexpectedly (${message})`, hint: 'Try the file again.' }
  }));
}
