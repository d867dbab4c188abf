// What to redact, as plain data: it is edited in the share dialog, saved as a
// setting, and listed in a shared file's manifest ("which rules were applied"),
// so it holds no functions and no values, only names, detector ids and paths.

import { DETECTOR_PRIORITY, type DetectorId } from './detectorIds';

/**
 * How a key rule's name is compared with an object key (see keys.ts).
 * - 'contains': the key, lowercased with everything but letters and digits
 *   removed, contains the name so normalized (`userEmail`, `email_address`).
 * - 'word': the name is one of the key's words, split at camelCase, `_`, `-`,
 *   `.` and spaces, a plural `s` allowed (`card_pan` yes, `company` no).
 * - 'exact': the whole normalized key equals the normalized name.
 */
export type KeyMatch = 'contains' | 'word' | 'exact';

export interface KeyRule {
  /** the key name as the person typed it, e.g. `cardNumber` */
  readonly name: string;
  /** how to compare; when absent, names of 5+ letters use 'contains' and shorter ones 'word' */
  readonly match?: KeyMatch;
  /** the token's type, `<type:…>`; when absent, the name itself */
  readonly type?: string;
}

// "Redact this field everywhere": a JSON pointer (RFC 6901) into the raw
// trace object, where a segment `*` matches any one key or array index. A
// literal `*` key is written `~2` (our addition to RFC 6901's `~0` and `~1`).
// The inspector builds one from a clicked value with `pathRuleFor` (paths.ts):
//   /trace/*/result/customer/email   the field in every entry's result
//   /trace/3/error/message           one entry's error message
//   /initialInput/email              the input's field
// A bare-array trace is addressed as if it were `{trace: [...]}`, so a rule
// means the same whichever form the file has.
export interface PathRule {
  readonly pointer: string;
  /** the token's type; when absent, the last key of the pointer */
  readonly type?: string;
}

export interface RedactionRules {
  readonly keys: readonly KeyRule[];
  readonly detectors: readonly DetectorId[];
  readonly paths: readonly PathRule[];
}

/** The defaults issue 9 names. Card-like keys share the `card` type so one number is one token whichever key holds it. */
export const DEFAULT_KEY_RULES: readonly KeyRule[] = [
  { name: 'email' },
  { name: 'password' },
  { name: 'secret' },
  { name: 'token' },
  { name: 'authorization' },
  { name: 'cookie' },
  { name: 'card', type: 'card' },
  { name: 'cardNumber', type: 'card' },
  { name: 'pan', type: 'card' },
  { name: 'cvv' },
  { name: 'iban', type: 'iban' },
  { name: 'ssn' },
  { name: 'phone' },
  { name: 'apiKey' }
];

/** Every detector is on by default. */
export const ALL_DETECTORS: readonly DetectorId[] = DETECTOR_PRIORITY;

export const DEFAULT_RULES: RedactionRules = { keys: DEFAULT_KEY_RULES, detectors: ALL_DETECTORS, paths: [] };

/** The ids a report counts under; they name rules, never values. */
export const keyRuleId = (rule: KeyRule) => `key:${rule.name}`;
export const detectorRuleId = (id: DetectorId) => `detector:${id}`;
export const pathRuleId = (rule: PathRule) => `path:${rule.pointer}`;

/** Every rule in effect, for the manifest's "which rules were applied". */
export function ruleIds(rules: RedactionRules): string[] {
  return [...rules.keys.map(keyRuleId), ...rules.detectors.map(detectorRuleId), ...rules.paths.map(pathRuleId)];
}
