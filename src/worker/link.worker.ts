// Decodes one `#incident=` link off the UI thread. Inflating a hostile link up to the cap (64 MB of
// zeros fit in a 90 KB link) took the page's main thread 1.5 s, a frozen tab before "too big"; here
// the page answers throughout. The trace comes back as a Blob of its JSON, which crosses by
// reference and goes to the engine worker unread, as a capsule's does.
import { decodeLink } from '../core/share/link';
import type { LinkRequest, LinkResponse } from './link.protocol';

self.onmessage = (event: MessageEvent<LinkRequest>) => {
  let answer: LinkResponse;
  try {
    const decoded = decodeLink(event.data.text);
    if (!decoded.ok) answer = decoded;
    else {
      const { trace, ...rest } = decoded.payload;
      answer = { ok: true, incident: { ...rest, traceBlob: new Blob([JSON.stringify(trace)], { type: 'application/json' }) } };
    }
  } catch (error) {
    // A bug of ours, not the link's: still an answer, never silence.
    answer = { ok: false, kind: 'invalid', message: `The incident link could not be read (${error instanceof Error ? error.message : String(error)}).` };
  }
  (self as unknown as Worker).postMessage(answer);
};
