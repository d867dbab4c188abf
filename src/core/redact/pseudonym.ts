// Stable keyed pseudonyms: the same value always becomes the same typed token,
// `<email:3f2a1c>`, so equality between steps stays visible after redaction.
//
// Keyed, because an unkeyed hash of an email can be reversed by hashing
// candidate addresses. The key is a per-incident secret made in the browser
// (`generateSecret`); it is never part of a redacted trace or report, so the
// people who receive a shared link cannot test guesses against its tokens.
//
// Token format: `<type:hex>`, hex being the first 6 hex digits (24 bits) of
// HMAC-SHA256(secret, value). Short, because links have size limits (2,000
// characters in Teams). 24 bits means two of 100 distinct values share a
// prefix with odds of about 1 in 3,400 (5,000 values: even odds), and a shared
// prefix would show two values as equal, the one thing a pseudonym must not
// do. So a pseudonymizer remembers which value holds each prefix and gives a
// later, different value a longer one (8, 10, … hex digits): within one
// incident no two values share a token. The order of first use then decides
// who keeps the short form, which only matters across pseudonymizers.
//
// The hex depends on the value only, not the type, so one value caught by two
// rules (`<token:…>` and `<jwt:…>`) still shows the same digits. Values are
// compared in a form chosen by type: emails ignore case and surrounding
// spaces, card numbers and IBANs their grouping, phone numbers their spacing.

export type Pseudonymize = (type: string, value: string) => Promise<string>;

export interface PseudonymOptions {
  /** hex digits in a token before any widening; 6 to 64, default 6 */
  readonly hexLength?: number;
}

const DEFAULT_HEX = 6;
const SECRET_BYTES = 32;

/** A fresh per-incident secret; keep it in the browser, never in what is shared. */
export function generateSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
}

/** A token's type: letters, digits, `_` and `-`, at most 32 characters, so a rule's name cannot break the `<type:hex>` shape. */
export function tokenType(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  return cleaned === '' ? 'redacted' : cleaned;
}

const TOKEN = /^<[A-Za-z0-9_-]{1,32}:[0-9a-f]{6,64}>$/;

/** Whether a string is already a pseudonym, so redacting twice changes nothing. */
export const isToken = (text: string) => text.length <= 100 && TOKEN.test(text);

/** The form a value is compared in, by type. */
export function comparableForm(type: string, value: string): string {
  switch (type) {
    case 'email':
      return value.trim().toLowerCase();
    case 'card':
      return value.replace(/[^0-9]/g, '');
    case 'iban':
      return value.replace(/[\s-]/g, '').toUpperCase();
    case 'phone':
      return value.replace(/[^0-9+]/g, '');
    default:
      return value;
  }
}

function hexOf(buffer: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function createPseudonymizer(secret: Uint8Array<ArrayBuffer>, options: PseudonymOptions = {}): Pseudonymize {
  if (!globalThis.crypto?.subtle) {
    throw new Error('Redaction needs WebCrypto (crypto.subtle), which browsers give only to pages served over https or from localhost.');
  }
  const hexLength = Math.min(64, Math.max(DEFAULT_HEX, Math.floor(options.hexLength ?? DEFAULT_HEX)));
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  /** comparable form → its hex; a promise, so two lookups of one new value compute it once */
  const hexFor = new Map<string, Promise<string>>();
  /** hex prefix handed out → the comparable form that holds it */
  const holder = new Map<string, string>();

  function claim(comparable: string, fullHex: string): string {
    for (let length = hexLength; length < 64; length += 2) {
      const prefix = fullHex.slice(0, length);
      const held = holder.get(prefix);
      if (held === undefined) holder.set(prefix, comparable);
      if (held === undefined || held === comparable) return prefix;
    }
    return fullHex;
  }

  return (type, value) => {
    const comparable = comparableForm(type, value);
    let hex = hexFor.get(comparable);
    if (!hex) {
      hex = key
        .then((k) => crypto.subtle.sign('HMAC', k, encoder.encode(comparable)))
        .then((mac) => claim(comparable, hexOf(mac)));
      hexFor.set(comparable, hex);
    }
    return hex.then((h) => `<${tokenType(type)}:${h}>`);
  };
}
