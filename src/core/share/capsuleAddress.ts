// The link to an encrypted capsule (encrypted.ts):
//
//   <page>?capsule=<url of the hosted file, URI-encoded>#key=<43 characters of base64url>
//
// The file's address is in the query, since fetching it is the point; the key is in the #fragment,
// which a browser never sends to any server, so neither the host nor Timescope's own server sees it.
//
// Some mail gateways rewrite `#` as `%23`. The key then arrives inside the query, at the end of the
// value it followed (usually capsule's): `?capsule=https%3A%2F%2Fh%2Fc%23key%3Dabc` or
// `?capsule=https://h/c%23key=abc`. A fetch never sends a fragment, so a `#` inside the capsule's
// URL has no other meaning, and whatever follows it is read as fragment parameters.

import { CAPSULE_PARAM } from './recognize';

export { CAPSULE_PARAM };
export const KEY_PARAM = 'key';

export type CapsuleAddress =
  | { readonly capsuleUrl: string; readonly key: string }
  /** the link names a capsule but cannot open it; capsuleUrl when the link had one */
  | { readonly error: string; readonly capsuleUrl?: string };

/** The link for a capsule hosted at `capsuleUrl`, on the page at `page` (its origin and path are kept). */
export function capsuleLink(page: string, capsuleUrl: string, key: string): string {
  const at = new URL(page);
  return `${at.origin}${at.pathname}?${CAPSULE_PARAM}=${encodeURIComponent(capsuleUrl)}#${KEY_PARAM}=${key}`;
}

/** `#a=1&b=2`-style parameters after the first `#` in `text`, or undefined when it has none. */
function afterHash(text: string): URLSearchParams | undefined {
  const at = text.indexOf('#');
  return at < 0 ? undefined : new URLSearchParams(text.slice(at + 1));
}

/** The key from a `%23key=` that a gateway moved into the query's values. */
function keyFromQuery(params: URLSearchParams): string | null {
  for (const value of params.values()) {
    const key = afterHash(value)?.get(KEY_PARAM);
    if (key !== undefined && key !== null) return key;
  }
  return null;
}

/**
 * The capsule and its key from the page's address; undefined when the address names no capsule.
 * Checks only that both are there: whether the URL can be fetched and the key is well formed is
 * for the fetch and for decryptCapsule, which say so with their own messages.
 */
export function parseCapsuleAddress(href: string): CapsuleAddress | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  const raw = url.searchParams.get(CAPSULE_PARAM);
  if (raw === null) return undefined;
  const hashAt = raw.indexOf('#');
  const capsuleUrl = (hashAt < 0 ? raw : raw.slice(0, hashAt)).trim();
  if (capsuleUrl === '') return { error: `The link's ?${CAPSULE_PARAM}= is empty: it should name the address where the encrypted capsule is hosted. Ask for the whole link.` };
  const key = new URLSearchParams(url.hash.slice(1)).get(KEY_PARAM) ?? keyFromQuery(url.searchParams);
  if (key === null) {
    return {
      capsuleUrl,
      error: `The link has no #${KEY_PARAM}=…: the key that decrypts the capsule is the part after #, and it did not arrive. Ask for the whole link.`
    };
  }
  const cleaned = key.replace(/\s+/g, '');
  if (cleaned === '') return { capsuleUrl, error: `The link's #${KEY_PARAM}= is empty: the key did not arrive. Ask for the whole link.` };
  return { capsuleUrl, key: cleaned };
}

/**
 * The address without the capsule and its key: ?capsule= goes (with any `%23key=` a gateway left in
 * it or in another value), and key= leaves the fragment. Every other parameter stays, such as #step=.
 */
export function addressWithoutCapsule(href: string): string {
  const url = new URL(href);
  const query = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (name === CAPSULE_PARAM) continue;
    const hashAt = value.indexOf('#');
    query.append(name, hashAt >= 0 && afterHash(value)?.has(KEY_PARAM) ? value.slice(0, hashAt) : value);
  }
  url.search = query.toString();
  const fragment = new URLSearchParams(url.hash.slice(1));
  if (fragment.has(KEY_PARAM)) {
    fragment.delete(KEY_PARAM);
    url.hash = fragment.toString();
  }
  return url.href;
}

/**
 * The key in what the person pasted: the key alone, or a whole link (as the CLI's --key takes it),
 * also with its # rewritten as %23. Whitespace is dropped; decryptCapsule judges the rest.
 */
export function keyInText(text: string): string {
  const flat = text.replace(/\s+/g, '');
  const at = /(?:^|[#&?]|%23)key(?:=|%3D)([^&#%]*)/i.exec(flat);
  return at ? at[1]! : flat;
}
