// IBANs, compact (`GB82WEST12345698765432`) or printed in groups of four
// (`GB82 WEST 1234 5698 7654 32`). The regex only proposes candidates; the
// ibantools library decides, with its per-country length and BBAN format
// table and the mod-97 check (see detectors.ts for why a library here).
//
// The two shapes are separate alternatives so no character can be read two
// ways: four characters after each space, or one compact run, with bounded
// counts, which keeps the regex linear on hostile input.

import { electronicFormatIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { regexSpans, wholeMatch, type Span } from './span';

const IBAN = /(?<![A-Za-z0-9])[A-Za-z]{2}[0-9]{2}(?:[A-Za-z0-9]{11,30}|(?: [A-Za-z0-9]{4}){2,7}(?: [A-Za-z0-9]{1,4})?)(?![A-Za-z0-9])/g;

/**
 * Country, length, BBAN format and mod-97 must hold. A failed national
 * check digit alone does not clear a candidate: the number still names an
 * account, and issue 9 asks for what passes mod-97.
 */
export function isIban(candidate: string): boolean {
  const compact = electronicFormatIBAN(candidate);
  if (!compact) return false;
  const { valid, errorCodes } = validateIBAN(compact);
  return valid || errorCodes.every((code) => code === ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
}

export function findIbans(text: string): Span[] {
  return regexSpans(IBAN, text, (m) => (isIban(m[0]) ? wholeMatch(m) : undefined));
}
