// The incident link: the whole payload in the URL's #fragment, which a browser never sends to a
// server. Format v1, as it will be read forever (link.test.ts keeps a frozen v1 link):
//
//   #incident=i1.<n>.<data>
//
//   i1      "incident, format v1": the payload's major version (payload.ts), read before anything
//           is inflated, so a link from a newer Timescope is named as such, not as garbage.
//   <n>     the length of <data> in characters. Chat apps and mail clients cut long links; with
//           the length, a cut link is called truncated, with how much of it arrived.
//   <data>  base64url without padding of: the CRC-32 of the payload's JSON as UTF-8 (4 bytes, big
//           endian), then those bytes compressed with deflate-raw (fflate, level 9). The CRC makes
//           a link whose characters changed in transit corrupt, instead of decoding to other data.
//
// Decoding never throws and never trusts the link: the inflate is streamed and stopped past a cap,
// and every failure says which of corrupt, truncated, unknown-version, too-big or invalid it is.
import { deflateSync } from 'fflate';
import { decodeBase64url, encodeBase64url } from './base64url';
import { crc32 } from './crc32';
import { inflateCapped } from './inflateCapped';
import { checkPayload, PAYLOAD_VERSION, type IncidentPayload } from './payload';
import { LINK_PARAM } from './recognize';
import { DEFAULT_LINK_LIMIT, LINK_LIMITS } from './linkLimits';

export { LINK_PARAM };

/** The most a link may inflate to before it is refused as too big (a zip bomb would be gigabytes). */
export const DEFAULT_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export { DEFAULT_LINK_LIMIT, LINK_LIMITS };

const CRC_BYTES = 4;

export type LinkProblemKind = 'corrupt' | 'truncated' | 'unknown-version' | 'too-big' | 'invalid';

export type LinkDecoded = { readonly ok: true; readonly payload: IncidentPayload } | { readonly ok: false; readonly kind: LinkProblemKind; readonly message: string };

/** The payload as a URL fragment, `#incident=i1.<n>.<data>`. */
export function encodeLink(payload: IncidentPayload): string {
  const json = new TextEncoder().encode(JSON.stringify(payload));
  const deflated = deflateSync(json, { level: 9 });
  const bytes = new Uint8Array(CRC_BYTES + deflated.length);
  new DataView(bytes.buffer).setUint32(0, crc32(json));
  bytes.set(deflated, CRC_BYTES);
  const data = encodeBase64url(bytes);
  return `#${LINK_PARAM}=i${PAYLOAD_VERSION}.${data.length}.${data}`;
}

/** The whole link's length in characters (it is ASCII, so also its bytes): the page's address plus the fragment. */
export function linkSize(fragment: string, pageUrl = ''): number {
  return pageUrl.replace(/#.*$/s, '').length + fragment.length;
}

/** The limits in LINK_LIMITS that a link of this size passes. */
export function limitsPassed(size: number): (typeof LINK_LIMITS)[number][] {
  return LINK_LIMITS.filter((l) => size > l.chars);
}

const fail = (kind: LinkProblemKind, message: string): LinkDecoded => ({ ok: false, kind, message });

/**
 * The `i1.<n>.<data>` token in what the person pasted: a whole URL, a fragment, or the token
 * alone. Whitespace is dropped first (mail clients wrap long links), and `%23` is read as `#`
 * (some mail gateways rewrite it).
 */
function findToken(text: string): string | undefined {
  const flat = text.replace(/\s+/g, '');
  const at = /(?:^|[#&?]|%23)incident=([^&#]*)/.exec(flat);
  if (at) return at[1];
  return /^i\d/.test(flat) ? flat : undefined;
}

/**
 * A link to one step of a shared incident: the incident link plus `&step=N` (1-based, as `#step=`),
 * which wins over the step inside the payload. So the post-mortem's timeline links every row to its
 * step with one encoded (and redacted) payload, instead of one per row.
 */
export const stepLinkOf = (link: string, stepIndex: number) => `${link}&step=${stepIndex + 1}`;

/** The step a link names with `&step=N`, as an index; undefined when it names none. */
export function linkStep(text: string): number | undefined {
  const at = /(?:incident=[^&#]*)(?:&[^&#]*)*?&step=(\d{1,9})(?:[&#]|$)/.exec(text.replace(/\s+/g, ''));
  if (!at) return undefined;
  const n = Number(at[1]);
  return n >= 1 ? n - 1 : undefined;
}

/**
 * The address that opens the link in `href` again, for the address bar once it is open: the page
 * (origin and path) plus `#incident=<token>` as the sender made it, and nothing else of the address
 * it arrived with (a query, a gateway's %23, other fragment parameters). So a copied address bar
 * forwards exactly what the sender's redaction left. Undefined when `href` holds no link.
 */
export function linkAddress(href: string): string | undefined {
  const token = findToken(href);
  if (token === undefined) return undefined;
  try {
    const page = new URL(href.replace(/\s+/g, '').split(/#|%23/i)[0]!);
    return `${page.origin}${page.pathname}#${LINK_PARAM}=${token}`;
  } catch {
    return undefined;
  }
}

/** Decode a link, a fragment or a bare token. Never throws. */
export function decodeLink(text: string, options: { maxBytes?: number } = {}): LinkDecoded {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  const token = findToken(text);
  if (token === undefined) return fail('corrupt', `This is not a Timescope incident link: it has no #${LINK_PARAM}= part.`);
  const header = /^i(\d+)\.(\d+)\.(.*)$/s.exec(token);
  if (!header) {
    // `i1.` or `i1.24` with nothing after: cut off inside the header.
    if (/^i\d*(\.\d*)?$/.test(token)) return fail('truncated', 'The incident link was cut off before its data began. Ask for the whole link, or for the capsule (.zip).');
    return fail('corrupt', `The incident link is damaged: it should start "i${PAYLOAD_VERSION}.<length>." after #${LINK_PARAM}=, and starts ${JSON.stringify(token.slice(0, 12))}.`);
  }
  const version = Number(header[1]);
  if (version > PAYLOAD_VERSION) return fail('unknown-version', `This incident link was made by a newer Timescope (format v${version}); this one reads up to v${PAYLOAD_VERSION}. Update Timescope to open it.`);
  if (version < 1) return fail('corrupt', `The incident link is damaged: it says format v${version}, which never existed.`);
  const declared = Number(header[2]);
  const data = header[3]!;
  if (data.length < declared) {
    const percent = Math.floor((data.length / declared) * 100);
    return fail(
      'truncated',
      `The incident link was cut off: ${data.length} of its ${declared} characters of data arrived (${percent}%). ` +
        'Chat apps and mail clients cut long links; ask for the whole link, or for the capsule (.zip).'
    );
  }
  if (data.length > declared) return fail('corrupt', `The incident link is damaged: it has ${data.length - declared} more characters of data than the ${declared} it declares.`);

  const decoded = decodeBase64url(data);
  if (!decoded.ok) return fail('corrupt', `The incident link is damaged: ${decoded.message}.`);
  const bytes = decoded.bytes;
  if (bytes.length <= CRC_BYTES) return fail('corrupt', 'The incident link is damaged: its data is too short to hold an incident.');
  const expectedCrc = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  const inflated = inflateCapped(bytes.subarray(CRC_BYTES), maxBytes);
  if (!inflated.ok) {
    if (inflated.kind === 'too-big') {
      return fail(
        'too-big',
        `The incident link was not opened: its data ${inflated.detail}, the most Timescope unpacks from a link. ` +
          'A link that large is most likely made to exhaust memory (a "zip bomb"); a genuine incident that big travels as a capsule (.zip).'
      );
    }
    // The length matched, so data that ends early was altered, not cut off.
    return fail('corrupt', `The incident link is damaged: its compressed data ${inflated.detail}${inflated.kind === 'truncated' ? ', though the link arrived whole' : ''}.`);
  }
  if (crc32(inflated.bytes) !== expectedCrc) return fail('corrupt', 'The incident link is damaged: its data does not match its checksum, so characters were changed on the way.');

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated.bytes));
  } catch (e) {
    return fail('invalid', `The incident link holds no valid incident: its data is not JSON text (${e instanceof Error ? e.message : String(e)}).`);
  }
  const checked = checkPayload(json);
  if (checked.ok) return checked;
  return fail(checked.kind, checked.kind === 'unknown-version' ? `This incident link was ${checked.message}` : `The incident link holds no valid incident: ${checked.message}.`);
}

