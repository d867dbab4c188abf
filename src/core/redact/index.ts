// Redaction before anything leaves the browser (issue 9): rules as data,
// value detectors, keyed pseudonyms, and applying them to a trace or a text.

export { DEFAULT_KEY_RULES, DEFAULT_RULES, ALL_DETECTORS, ruleIds } from './rules';
export type { KeyMatch, KeyRule, PathRule, RedactionRules } from './rules';
export { detectSpans, isDetectorId, type DetectedSpan, type DetectorId } from './detectors';
export { createPseudonymizer, generateSecret, isToken, type Pseudonymize, type PseudonymOptions } from './pseudonym';
export { pathRuleFor, parsePointer, formatPointer, type ValueLocation } from './paths';
export { MAX_CHANGED_PATHS, type RedactionReport } from './report';
export { redactTrace, redactText, type Redacted } from './trace';
export { listFields, type FieldChoice } from './fields';
