// The walkthrough channel's name and the audience window's address (protocol.ts says what travels
// on it). Apart from the messages' zod schemas: the page reads the address on every load to know
// whether it is an audience window, and must not load zod to find out.

const CHANNEL_PREFIX = 'timescope.walkthrough';
/** the address parameter that makes a page an audience window */
export const AUDIENCE_PARAM = 'audience';
export const MAX_PRESENTER_NAME = 60;
const MAX_KEY = 300;

/** The key of one presenter's channel: the trace and the tab. */
export const audienceKey = (traceId: string, tabId: string): string => `${traceId}~${tabId}`;

// Not versioned: a presenter and an audience of two Timescope versions should meet and say so.
export const channelName = (key: string): string => `${CHANNEL_PREFIX}:${key}`;

/** The key in an audience window's address, when it is one a presenter could have made. */
export function audienceKeyOf(search: string): string | undefined {
  const key = new URLSearchParams(search).get(AUDIENCE_PARAM);
  // No control characters: the key names a channel and nothing a presenter makes has one.
  if (key === null || key.length === 0 || key.length > MAX_KEY || [...key].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  return key;
}
