// Payment card numbers: 13 to 19 digits passing the Luhn check, written plain
// (`4242424242424242`) or in groups split by single spaces or dashes
// (`4242 4242 4242 4242`, Amex `3782 822463 10005`).
//
// A hand-written scan, not a regex: digits and separators are read once into
// groups, and a number is looked for in runs of whole groups, so
// `order 12 4242 4242 4242 4242` still finds the card after `12`, while a
// 20-digit id is never cut into a 16-digit "card". Linear in the text.

import type { Span } from './span';

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
/** A group in a grouped number: cards print in groups of 4, Amex 4-6-5, some 19-digit cards end in 3. */
const MIN_GROUP = 3;
const MAX_GROUP = 6;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSeparator = (c: number) => c === 32 || c === 45;

interface Group {
  readonly start: number;
  readonly end: number;
}

/** The Luhn check on a string of digits. */
export const passesLuhn = (digits: string) => groupsPassLuhn(digits, [{ start: 0, end: digits.length }], 0, 0);

const groupFits = (g: Group) => g.end - g.start >= MIN_GROUP && g.end - g.start <= MAX_GROUP;

/** Luhn over the digits of groups first..last, read in place: this runs for every group of a long run. */
function groupsPassLuhn(text: string, groups: readonly Group[], first: number, last: number): boolean {
  let sum = 0;
  let double = false;
  for (let g = last; g >= first; g--) {
    const { start, end } = groups[g] as Group;
    for (let i = end - 1; i >= start; i--, double = !double) {
      let d = text.charCodeAt(i) - 48;
      if (double && (d *= 2) > 9) d -= 9;
      sum += d;
    }
  }
  return sum % 10 === 0;
}

/** The last group of the longest run of whole groups from `first` that is a card number, or undefined. */
function cardFrom(groups: readonly Group[], first: number, runStartsClean: boolean, runEndsClean: boolean, text: string): number | undefined {
  if (first === 0 && !runStartsClean) return undefined;
  let digits = 0;
  let found: number | undefined;
  for (let last = first; last < groups.length; last++) {
    const g = groups[last] as Group;
    // One plain number, or groups of card-like sizes: not `12` + three groups, not a 12-digit id + 4.
    if (last > first && !(groupFits(g) && groupFits(groups[first] as Group))) break;
    digits += g.end - g.start;
    if (digits > MAX_DIGITS) break;
    const endsClean = last < groups.length - 1 || runEndsClean;
    if (digits >= MIN_DIGITS && endsClean && groupsPassLuhn(text, groups, first, last)) found = last;
  }
  return found;
}

/** Card numbers in one run of digit groups (a group being digits, the run joined by single separators). */
function cardsInRun(text: string, groups: readonly Group[], spans: Span[]): void {
  const first = groups[0] as Group;
  const last = groups[groups.length - 1] as Group;
  // Glued to a letter (a hex id, `ord4242…`), the run's outer edge is not a number's edge.
  const startsClean = first.start === 0 || !isAlnum(text.charCodeAt(first.start - 1));
  const endsClean = last.end === text.length || !isAlnum(text.charCodeAt(last.end));
  for (let i = 0; i < groups.length; ) {
    const end = cardFrom(groups, i, startsClean, endsClean, text);
    if (end === undefined) {
      i++;
      continue;
    }
    spans.push({ start: (groups[i] as Group).start, end: (groups[end] as Group).end });
    i = end + 1;
  }
}

export function findCards(text: string): Span[] {
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const groups: Group[] = [];
    for (;;) {
      const start = i;
      while (i < text.length && isDigit(text.charCodeAt(i))) i++;
      groups.push({ start, end: i });
      if (i + 1 < text.length && isSeparator(text.charCodeAt(i)) && isDigit(text.charCodeAt(i + 1))) i++;
      else break;
    }
    cardsInRun(text, groups, spans);
  }
  return spans;
}
