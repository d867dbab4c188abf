// Decodes an incident link in a worker of its own (link.worker.ts), so a link made to inflate to
// the cap never freezes the tab. One worker per link, ended once it has answered.
import type { LinkRequest, LinkResponse } from './link.protocol';
import { askOnce } from './askOnce';

export function decodeLinkInWorker(text: string): Promise<LinkResponse> {
  const worker = new Worker(new URL('./link.worker.ts', import.meta.url), { type: 'module', name: 'timescope-link' });
  return askOnce<LinkRequest, LinkResponse>(worker, { text }, [], (message) => ({
    ok: false,
    kind: 'invalid',
    message: `The incident link reader stopped unexpectedly (${message}).`
  }));
}
