// Format-preserving stand-ins: a redaction that keeps what a flow reads of a value and nothing else,
// for when the plain token (`<email:3f9a1c>`) would make the flow fail another way (an email check,
// a Luhn check, an id's prefix). Keyed and stable as the tokens are: the stand-in is derived from
// the same HMAC, so one value is one stand-in everywhere in the incident.
//   email   keeps its domain:                    grace@example.org  -> u3f9a1c@example.org
//   card    keeps its length and Luhn validity (and its first six digits, the BIN, when asked)
//   id      keeps its prefix (up to the last _ or -): cus_Ly81 -> cus_3f9a1c
//   number  keeps its sign and its number of digits (a JSON number stays a number)
import type { Pseudonymize } from './pseudonym';

export type StandInKind = 'email' | 'card' | 'id' | 'number';
export const STAND_IN_KINDS: readonly StandInKind[] = ['email', 'card', 'id', 'number'];

export interface StandInOptions {
  /** token types (a rule's type, a detector's id) to give a stand-in, and which kind; others keep their token */
  readonly types: Readonly<Record<string, StandInKind>>;
  /** cards keep their first six digits (the issuer), as a flow routing by card brand needs */
  readonly keepBin?: boolean;
}

/** The hex of a token `<type:hex>`, made longer by hashing it again when more is needed. */
const hexOf = (token: string) => /:([0-9a-f]+)>$/.exec(token)?.[1] ?? '0';

/** Digits from hex, as many as asked (stable: the same hex, the same digits). */
function digitsFrom(hex: string, count: number): string {
  let out = '';
  for (let i = 0; out.length < count; i++) out += (parseInt(hex[i % hex.length]!, 16) + Math.floor(i / hex.length)) % 10;
  return out;
}

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `body` + it Luhn-valid. */
function luhnDigit(body: string): string {
  for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return String(d);
  return '0';
}

function email(value: string, hex: string): string {
  const at = value.lastIndexOf('@');
  // Leading and trailing spaces are kept too: a flow that trims them reads the same.
  const lead = /^\s*/.exec(value)![0];
  const trail = /\s*$/.exec(value)![0];
  const domain = at >= 0 ? value.slice(at + 1).trim() : 'example.invalid';
  return `${lead}u${hex}@${domain}${trail}`;
}

function card(value: string, hex: string, keepBin: boolean): string {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length < 2) return value;
  const keep = keepBin ? digits.slice(0, Math.min(6, digits.length - 1)) : '';
  const body = keep + digitsFrom(hex, digits.length - 1 - keep.length);
  const whole = luhnValid(digits) ? body + luhnDigit(body) : body + ((Number(luhnDigit(body)) + 1) % 10);
  // The separators stay where they were: 4242 4242 … keeps its spaces.
  let i = 0;
  return value.replace(/[0-9]/g, () => whole[i++]!);
}

function id(value: string, hex: string): string {
  const cut = Math.max(value.lastIndexOf('_'), value.lastIndexOf('-'));
  return `${cut >= 0 ? value.slice(0, cut + 1) : ''}${hex}`;
}

function number(value: string, hex: string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  const sign = n < 0 ? '-' : '';
  const whole = String(Math.trunc(Math.abs(n)));
  if (whole === '0') return value;
  // The same number of digits, never a leading zero: the same magnitude.
  const digits = digitsFrom(hex, whole.length).split('');
  if (digits[0] === '0') digits[0] = '1';
  return `${sign}${digits.join('')}`;
}

/** `base`'s tokens, with format-preserving stand-ins for the types `options` names. */
export function withStandIns(base: Pseudonymize, options: StandInOptions): Pseudonymize {
  return async (type, value) => {
    const token = await base(type, value);
    const kind = Object.hasOwn(options.types, type) ? options.types[type] : undefined;
    if (!kind) return token;
    const hex = hexOf(token);
    switch (kind) {
      case 'email':
        return email(value, hex);
      case 'card':
        return card(value, hex, options.keepBin === true);
      case 'id':
        return id(value, hex);
      case 'number':
        return number(value, hex);
    }
  };
}

/** Which stand-in keeps what a flow reads of a value of this token type, or undefined when none fits. */
export function standInFor(type: string, sample: unknown): StandInKind | undefined {
  if (type === 'email' || (typeof sample === 'string' && /^\s*[^@\s]+@[^@\s]+\s*$/.test(sample))) return 'email';
  if (type === 'card' || type === 'pan') return 'card';
  if (typeof sample === 'number') return 'number';
  if (typeof sample === 'string' && /^[A-Za-z]+[_-]/.test(sample)) return 'id';
  return undefined;
}
