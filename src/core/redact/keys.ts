// Matching object keys against key rules.
//
// Why two ways: a long name is specific enough to find inside a key
// (`email` in `userEmail`, `email_address`, `emailaddress`), while a short one
// is not (`pan` is in `company` and `expand`, `card` in `discard`), so short
// names must be a whole word of the key. Over-redaction is the safe side: a
// `secretary` or `microphone` key is caught by `secret`/`phone`, the preview
// shows it, and the person can switch the rule to 'word' or 'exact'.

import type { KeyMatch, KeyRule } from './rules';

/** Names of this many letters or more use 'contains' unless the rule says otherwise. */
const CONTAINS_FROM = 5;

const normalize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** `userEmail` → user, email; `HTTPAuthorization` → http, authorization; `card_pan2` → card, pan. */
function wordsOf(key: string): string[] {
  return key.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g)?.map((w) => w.toLowerCase()) ?? [];
}

export interface CompiledKeyRule {
  readonly rule: KeyRule;
  readonly match: KeyMatch;
  readonly normalized: string;
  /** the rule name's own words, for 'word' matching of multi-word names like `apiKey` */
  readonly words: readonly string[];
}

export function compileKeyRules(rules: readonly KeyRule[]): CompiledKeyRule[] {
  return rules
    .map((rule) => {
      const normalized = normalize(rule.name);
      const match = rule.match ?? (normalized.length >= CONTAINS_FROM ? 'contains' : 'word');
      return { rule, match, normalized, words: wordsOf(rule.name) };
    })
    .filter((compiled) => compiled.normalized !== '');
}

const sameWord = (keyWord: string, ruleWord: string) => keyWord === ruleWord || keyWord === `${ruleWord}s`;

/** Whether the rule's words appear one after another among the key's words (the last may be plural). */
function hasWordRun(keyWords: readonly string[], ruleWords: readonly string[]): boolean {
  if (ruleWords.length === 0) return false;
  for (let start = 0; start + ruleWords.length <= keyWords.length; start++) {
    let all = true;
    for (let k = 0; k < ruleWords.length && all; k++) {
      const keyWord = keyWords[start + k] as string;
      const ruleWord = ruleWords[k] as string;
      all = k === ruleWords.length - 1 ? sameWord(keyWord, ruleWord) : keyWord === ruleWord;
    }
    if (all) return true;
  }
  return false;
}

interface KeyForms {
  readonly normalized: string;
  /** split on first use: most keys are settled by the cheaper forms */
  words: string[] | undefined;
  readonly raw: string;
}

function matches(compiled: CompiledKeyRule, key: KeyForms): boolean {
  if (key.normalized === compiled.normalized) return true;
  switch (compiled.match) {
    case 'exact':
      return false;
    case 'contains':
      return key.normalized.includes(compiled.normalized);
    case 'word':
      key.words ??= wordsOf(key.raw);
      return hasWordRun(key.words, compiled.words);
  }
}

/** Field names are short; a longer key is data (an id, a sentence), so only its head is compared and a hostile key costs no more than a short one. */
const KEY_HEAD = 256;

/** The first rule, in list order, that matches the key; undefined when none does. */
export function matchKey(rules: readonly CompiledKeyRule[], key: string): KeyRule | undefined {
  if (rules.length === 0) return undefined;
  const raw = key.slice(0, KEY_HEAD);
  const forms: KeyForms = { raw, normalized: normalize(raw), words: undefined };
  return rules.find((compiled) => matches(compiled, forms))?.rule;
}
