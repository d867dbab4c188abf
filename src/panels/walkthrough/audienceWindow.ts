// Opening the audience window: this app again, at ?audience=<key> and
// nothing else, in a popup. It must run in the click's handler, or the
// browser blocks it as an unrequested popup.
import { AUDIENCE_PARAM } from '../../core/walkthrough/channel';

export function audienceUrl(key: string): string {
  const url = new URL(window.location.href);
  url.search = new URLSearchParams({ [AUDIENCE_PARAM]: key }).toString();
  url.hash = '';
  return url.href;
}

/** false when the browser refused to open it (a popup blocker). */
export function openAudienceWindow(key: string): boolean {
  // Named after the key: pressing again brings the same window forward instead of opening another.
  const opened = window.open(audienceUrl(key), `timescope-audience-${key.replace(/[^\w-]/g, '_')}`, 'popup,width=1280,height=800');
  if (!opened) return false;
  opened.focus();
  return true;
}
