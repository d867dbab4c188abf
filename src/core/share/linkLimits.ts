// How long an incident link may grow before the places people paste it break it. Apart from
// link.ts so the settings (loaded with the page) read the default without loading the link's
// encoder, fflate and the payload's schemas with it.

/** Link lengths, in characters, past which the places people paste links start to break them. */
export const LINK_LIMITS = [
  { name: 'Teams and Outlook', chars: 2_000 },
  { name: 'a Slack unfurl', chars: 4_000 },
  { name: 'GitHub', chars: 8_000 }
] as const;

/**
 * The default for the "longest link to offer" setting (stores/settingsStore), in characters (a
 * link is ASCII, so bytes too); past it the app offers the capsule. GitHub's limit, the longest of
 * the usual places: about the 8 KB the issue names, and a link that fits works in most of them.
 */
export const DEFAULT_LINK_LIMIT = LINK_LIMITS[2].chars;
