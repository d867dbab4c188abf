// The detectors' names and order, apart from the detectors themselves (detectors.ts): the
// redaction rules are settings read when the page loads, and the finders bring ibantools, which
// only a share (or a redacted step link) needs.

export type DetectorId =
  | 'private-key'
  | 'jwt'
  | 'stripe-key'
  | 'aws-key'
  | 'github-token'
  | 'slack-token'
  | 'email'
  | 'card'
  | 'iban'
  | 'bearer';

/**
 * Most specific first: where two detectors claim overlapping text, the earlier
 * one wins (a PEM block's base64 is not a token, `Bearer eyJ…` is a jwt).
 */
export const DETECTOR_PRIORITY: readonly DetectorId[] = [
  'private-key',
  'jwt',
  'stripe-key',
  'aws-key',
  'github-token',
  'slack-token',
  'email',
  'card',
  'iban',
  'bearer'
];

export const isDetectorId = (id: string): id is DetectorId => (DETECTOR_PRIORITY as readonly string[]).includes(id);
