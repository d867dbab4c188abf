// The audience window's side: it says hello until a presenter answers and
// then every 2 s (the presenter answers each with the slide), and follows
// every valid state it hears. It says the presenter has left when told so,
// or when no answer came for a while (their tab crashed or lost its network
// of windows), instead of showing the last slide as if it were still live.
import { useEffect, useState } from 'react';
import { channelName, hello, readMessage, type StateMessage } from '../../core/walkthrough/protocol';

const HELLO_MS = 2000;
/** no answer for this long: the presenter is gone */
const QUIET_MS = 8000;

export type AudienceStatus =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'following'; readonly state: StateMessage }
  | { readonly kind: 'left'; readonly state: StateMessage | undefined; readonly quiet: boolean }
  /** a Timescope of another version is presenting: its slides cannot be read */
  | { readonly kind: 'version' }
  | { readonly kind: 'unsupported' };

const UNSUPPORTED: AudienceStatus = { kind: 'unsupported' };
const WAITING: AudienceStatus = { kind: 'waiting' };

export function useAudienceChannel(key: string): AudienceStatus {
  const [status, setStatus] = useState<AudienceStatus>(() => (typeof BroadcastChannel === 'undefined' ? UNSUPPORTED : WAITING));

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(channelName(key));
    let heardAt = 0;
    ch.onmessage = (e: MessageEvent) => {
      const got = readMessage(e.data);
      if (!got.ok) {
        if (got.reason === 'version') setStatus({ kind: 'version' });
        return;
      }
      const m = got.message;
      if (m.type === 'state') {
        heardAt = Date.now();
        setStatus({ kind: 'following', state: m });
      } else if (m.type === 'left') {
        setStatus((s) => ({ kind: 'left', state: s.kind === 'following' ? s.state : s.kind === 'left' ? s.state : undefined, quiet: false }));
      }
    };
    ch.postMessage(hello());
    const timer = window.setInterval(() => {
      ch.postMessage(hello());
      if (heardAt && Date.now() - heardAt > QUIET_MS) {
        setStatus((s) => (s.kind === 'following' ? { kind: 'left', state: s.state, quiet: true } : s));
      }
    }, HELLO_MS);
    return () => {
      window.clearInterval(timer);
      ch.close();
    };
  }, [key]);

  return status;
}
