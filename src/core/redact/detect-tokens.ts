// Detectors for credentials with a recognisable shape. Every regex here is
// linear on hostile input: a run of one character class is anchored by a
// literal prefix and a lookbehind that only passes at the run's start, so a
// 5 MB near-miss is scanned once per start, never once per character (see
// the timing test in detectors.test.ts).

import { regexSpans, wholeMatch, type Span } from './span';

/** Three base64url segments; the header must start `{"` (base64url `eyJ`), and is then decoded and checked for `alg`. */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;

/** A JWT header is a few dozen characters; a longer "header" is not worth decoding. */
const MAX_JWT_HEADER = 4096;

function decodeBase64Url(segment: string): string | undefined {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

export function hasJwtHeader(segment: string): boolean {
  if (segment.length > MAX_JWT_HEADER) return false;
  const json = decodeBase64Url(segment);
  if (json === undefined) return false;
  try {
    const header: unknown = JSON.parse(json);
    return typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

export function findJwts(text: string): Span[] {
  return regexSpans(JWT, text, (m) => (hasJwtHeader(m[0].slice(0, m[0].indexOf('.'))) ? wholeMatch(m) : undefined));
}

/**
 * `Bearer <token>` (RFC 6750's b64token); only the token is replaced, so the
 * text still reads `Bearer <bearer:…>`. Prose such as "Bearer authentication"
 * is left alone: a token needs a digit or a symbol, or 24+ characters.
 */
const BEARER = /(?<![A-Za-z0-9])bearer[ \t]{1,8}([A-Za-z0-9\-._~+/]{8,}=*)/dgi;
const TOKEN_LIKE = /[0-9\-._~+/=]/;

export function findBearerTokens(text: string): Span[] {
  return regexSpans(BEARER, text, (m) => {
    const token = m[1] as string;
    const at = m.indices?.[1];
    if (!at || !(token.length >= 24 || TOKEN_LIKE.test(token))) return undefined;
    return { start: at[0], end: at[1] };
  });
}

/** Stripe secret and restricted keys; publishable `pk_` keys are public by design. */
const STRIPE = /(?<![A-Za-z0-9])[sr]k_(?:live|test)_[A-Za-z0-9]{10,}/g;
/** AWS access key ids: long-term AKIA, temporary ASIA. */
const AWS = /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g;
/** GitHub classic tokens (ghp_, and the OAuth/user/server/refresh kinds gho_/ghu_/ghs_/ghr_) and fine-grained github_pat_. */
const GITHUB = /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g;
/** Slack bot, user, app, refresh and legacy tokens. */
const SLACK = /(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}/g;

export const findStripeKeys = (text: string) => regexSpans(STRIPE, text, wholeMatch);
export const findAwsKeyIds = (text: string) => regexSpans(AWS, text, wholeMatch);
export const findGithubTokens = (text: string) => regexSpans(GITHUB, text, wholeMatch);
export const findSlackTokens = (text: string) => regexSpans(SLACK, text, wholeMatch);
