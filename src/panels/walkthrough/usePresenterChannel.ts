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

  /** between pagehide and a pageshow from the back/forward cache: the audience was told we left */
  const gone = useRef(false);

  useEffect(() => {
    latest.current = state;
    if (!gone.current) channel.current?.postMessage(stateMessage(state));
  }, [state]);

  useEffect(() => {
    if (!broadcastSupported()) return;
    const ch = new BroadcastChannel(channelName(key));
    channel.current = ch;
    ch.onmessage = (e: MessageEvent) => {
      const got = readMessage(e.data);
      // A page being closed still runs its handlers for a moment after pagehide: an answer then
      // would reach the audience after 'left' and show the closed page's slide as live again.
      if (!got.ok || got.message.type !== 'hello' || gone.current) return;
      ch.postMessage(stateMessage(latest.current));
      setHeardAt(Date.now());
    };
    ch.postMessage(stateMessage(latest.current));
    const bye = () => ch.postMessage(left());
    const hide = () => {
      gone.current = true;
      bye();
    };
    // pagehide, not unload: it fires on close, reload and navigation, and keeps the page cacheable.
    window.addEventListener('pagehide', hide);
    // Back from the back/forward cache: the audience heard 'left', so say where we are again.
    const back = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      gone.current = false;
      ch.postMessage(stateMessage(latest.current));
    };
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', hide);
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
