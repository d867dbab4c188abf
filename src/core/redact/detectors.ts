// The value detectors, and finding their spans inside any string
// ("contact ada@example.com today" → only the address is replaced).
//
// Library decision (issue 9: "use a well-kept library where one runs in the
// browser"):
// - IBAN: ibantools (MIT/MPL-2.0, no dependencies, ESM with types, released
//   through 2026, ~1.3M downloads a month). Mod-97 is ten lines, but telling
//   an IBAN from any alphanumeric id needs each country's length and BBAN
//   format, a table of ~100 countries that changes; the library keeps it.
// - Card numbers: our own Luhn (eight lines). Luhn packages (luhn, fast-luhn)
//   only check a given string; the real work is finding digit groups in text.
// - Email: our own scan. Validators (validator.js isEmail) check a whole
//   string; we need spans, in linear time.
// - Secret formats (JWT, bearer, Stripe, AWS, GitHub, Slack, PEM): our own
//   patterns, in the shapes gitleaks and secretlint document. secretlint is a
//   Node linter (file sources, a rule runtime and dependencies such as debug)
//   reporting findings, not a browser span finder; @arcjet/redact ships a
//   WASM engine; redact-pii and @hackylabs/deep-redact are generic replacers
//   without these formats' validation (JWT header, Luhn, mod-97). Each of our
//   patterns is a few lines and is tested for linear time on hostile input.

import { findCards } from './detect-card';
import { findEmails } from './detect-email';
import { findIbans } from './detect-iban';
import { findPrivateKeys } from './detect-pem';
import {
  findAwsKeyIds,
  findBearerTokens,
  findGithubTokens,
  findJwts,
  findSlackTokens,
  findStripeKeys
} from './detect-tokens';
import { mergeSpans, type Span } from './span';
import { DETECTOR_PRIORITY, isDetectorId, type DetectorId } from './detectorIds';

export { DETECTOR_PRIORITY, isDetectorId, type DetectorId };

const FINDERS: Readonly<Record<DetectorId, (text: string) => Span[]>> = {
  'private-key': findPrivateKeys,
  jwt: findJwts,
  'stripe-key': findStripeKeys,
  'aws-key': findAwsKeyIds,
  'github-token': findGithubTokens,
  'slack-token': findSlackTokens,
  email: findEmails,
  card: findCards,
  iban: findIbans,
  bearer: findBearerTokens
};

export interface DetectedSpan extends Span {
  readonly detector: DetectorId;
}

/** The non-overlapping spans the enabled detectors find, in text order. */
export function detectSpans(text: string, enabled: ReadonlySet<DetectorId>): DetectedSpan[] {
  let accepted: DetectedSpan[] = [];
  for (const detector of DETECTOR_PRIORITY) {
    if (!enabled.has(detector)) continue;
    const found = FINDERS[detector](text);
    if (found.length > 0) accepted = mergeSpans(accepted, found.map((span) => ({ ...span, detector })));
  }
  return accepted;
}
