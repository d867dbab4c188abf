// Telling a shared incident apart from anything else by the page's address or a file's first bytes,
// with no dependencies: the code that opens one (link.ts, capsule.ts, encrypted.ts, with fflate and
// zod) is loaded only once these say there is one to open, so a page or a trace that is none never
// pays for it. The formats themselves are described where they are read.

/** The fragment's parameter of an incident link: `#incident=…` (link.ts). */
export const LINK_PARAM = 'incident';

/** The query parameter of an encrypted capsule's link: `?capsule=<url>#key=…` (capsuleAddress.ts). */
export const CAPSULE_PARAM = 'capsule';

/** An encrypted capsule's first four bytes, "TSEC" (encrypted.ts). */
export const ENCRYPTED_MAGIC: readonly number[] = [0x54, 0x53, 0x45, 0x43];

/** The first line of an encrypted capsule in its text form (armorCapsule). */
export const ARMOR_BEGIN = '-----BEGIN TIMESCOPE ENCRYPTED CAPSULE-----';

/** A zip starts with a local file header, `PK\x03\x04`. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export const startsWithMagic = (bytes: Uint8Array) => ENCRYPTED_MAGIC.every((b, i) => bytes[i] === b);

/** The file starts as an encrypted capsule does (either form): for telling a dropped one apart. */
export function looksEncrypted(head: Uint8Array): boolean {
  return startsWithMagic(head) || new TextDecoder().decode(head.subarray(0, ARMOR_BEGIN.length + 8)).replace(/^\uFEFF/, '').trimStart().startsWith(ARMOR_BEGIN);
}

/**
 * The first bytes (512 are plenty) are a plain capsule's: a zip whose first entry is manifest.json
 * (buildCapsule writes it first), so even a cut-short capsule is told apart from other zips, such as
 * a Playwright trace, which the trace parser names.
 */
export function looksLikeCapsule(head: Uint8Array): boolean {
  return isZip(head) && new TextDecoder().decode(head).includes('manifest.json');
}

/** The address carries an incident link, also with its `#` rewritten as `%23` by a mail gateway. */
export function hasIncidentLink(href: string): boolean {
  return href.replace(/%23/gi, '#').includes(`${LINK_PARAM}=`);
}

/** The address names an encrypted capsule (whether it can open it is for parseCapsuleAddress to say). */
export function hasCapsuleLink(href: string): boolean {
  return new URL(href).searchParams.has(CAPSULE_PARAM);
}
