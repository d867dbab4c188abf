// Where a shared link points: the public address of the app (a team's host of the static build),
// never the address a person happened to serve it from. A link made on `http://127.0.0.1:4173`
// opens nothing in anyone else's browser, so the Share dialog, the post-mortem's step links and the
// CLI all build their links here, from the one address the person set (Settings, or the CLI's
// --app-url / TIMESCOPE_APP_URL), and say so when none is set and the page's own is local.
// Pure: no DOM, no settings store; callers pass the page's address and the setting.

export type AppAddressCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string };

/** Hosts that only the machine itself reaches: a link to one is a dead link for anyone else. */
export function isLocalAddress(href: string): boolean {
  let host: string;
  try {
    host = new URL(href).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The app's public address as typed, checked and normalised: an http(s) URL of the page, with no
 * user name or password (a link is forwarded, and would carry them), no query and no fragment (the
 * link's own go there). A last path segment without a dot is taken as a folder (`/timescope` ->
 * `/timescope/`), as static hosts serve it. '' is valid: no address set.
 */
export function checkAppAddress(text: string): AppAddressCheck {
  const typed = text.trim();
  if (typed === '') return { ok: true, url: '' };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, message: `"${typed.slice(0, 80)}" is not a URL: start it with https:// and the host, as in https://tools.example.com/timescope/.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: `The address must start with https:// (or http://), not ${url.protocol}//.` };
  if (url.username || url.password) return { ok: false, message: 'Leave out the user name and password: every link made from this address would carry them to whoever it is forwarded to.' };
  if (url.search) return { ok: false, message: `Leave out the query (${url.search.slice(0, 40)}): the app's address is the page alone, and links add their own.` };
  if (url.hash) return { ok: false, message: 'Leave out the # part: links put the incident there.' };
  const last = url.pathname.split('/').pop() ?? '';
  if (last !== '' && !last.includes('.')) url.pathname += '/';
  return { ok: true, url: url.href };
}

/** The page a link opens: the setting when one is set, else the page's own address (without its query and fragment). */
export function appBase(setting: string, pageHref: string): string {
  if (setting) return setting;
  const page = new URL(pageHref);
  return `${page.origin}${page.pathname}`;
}

/** The link to a fragment (`#incident=…`) or a query-and-fragment (`?capsule=…#key=…`) on the app at `base`. */
export function linkAt(base: string, tail: string): string {
  return `${base.replace(/[?#].*$/s, '')}${tail}`;
}

/** No address is set and the page's own is local: links made now open only on this machine. */
export const linksStayLocal = (setting: string, pageHref: string) => setting === '' && isLocalAddress(pageHref);
