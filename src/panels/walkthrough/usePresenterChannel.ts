// The presenter's side of the audience channel: it posts the slide whenever
// it changes and answers every hello with it (a window that just opened, or
// reloaded, catches up at once), and says 'left' when the walkthrough closes
// or the page goes away, so the audience never shows a frozen slide as live.
import { useEffect, useRef, useState } from 'react';
import { channelName, left, readMessage, stateMessage, type StateMessage } from '../../core/walkthrough/protocol';

/** an audience that said hello this recently counts as connected (it says hello every 2 s) */
const CONNECTED_MS = 6000;

export const broadcastSupported = () => typeof BroadcastChannel !== 'undefined';

export function usePresenterChannel(key: string, state: Omit<StateMessage, 'v' | 'type'>): { readonly connected: boolean } {
  const channel = useRef<BroadcastChannel | undefined>(undefined);
  const latest = useRef(state);
  const [heardAt, setHeardAt] = useState<number | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    latest.current = state;
    channel.current?.postMessage(stateMessage(state));
  }, [state]);

  useEffect(() => {
    if (!broadcastSupported()) return;
    const ch = new BroadcastChannel(channelName(key));
    channel.current = ch;
    ch.onmessage = (e: MessageEvent) => {
      const got = readMessage(e.data);
      if (!got.ok || got.message.type !== 'hello') return;
      ch.postMessage(stateMessage(latest.current));
      setHeardAt(Date.now());
    };
    ch.postMessage(stateMessage(latest.current));
    const bye = () => ch.postMessage(left());
    // pagehide, not unload: it fires on close, reload and navigation, and keeps the page cacheable.
    window.addEventListener('pagehide', bye);
    // Back from the back/forward cache: the audience heard 'left', so say where we are again.
    const back = (e: PageTransitionEvent) => e.persisted && ch.postMessage(stateMessage(latest.current));
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', bye);
      window.removeEventListener('pageshow', back);
      bye();
      ch.close();
      channel.current = undefined;
    };
  }, [key]);

  // Re-reads the clock so "connected" goes away when the audience window is closed.
  useEffect(() => {
    if (heardAt === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 2000);
    return () => window.clearInterval(timer);
  }, [heardAt]);

  return { connected: heardAt !== undefined && Math.max(now, heardAt) - heardAt < CONNECTED_MS };
}
