// JSON pointers for path rules and for the report (format in rules.ts):
// RFC 6901 (`~0` is `~`, `~1` is `/`), plus `*` for any one key or index and
// `~2` for a literal `*` key.

import type { PathRule } from './rules';

/** The `*` segment. A symbol, so no key, not even the string '*', can equal it. */
export const ANY: unique symbol = Symbol('any key');
export type PointerSegment = string | typeof ANY;

export function escapeSegment(key: string): string {
  const escaped = key.replace(/~/g, '~0').replace(/\//g, '~1');
  return escaped === '*' ? '~2' : escaped;
}

function unescapeSegment(segment: string): PointerSegment {
  if (segment === '*') return ANY;
  return segment.replace(/~[0-2]/g, (e) => (e === '~0' ? '~' : e === '~1' ? '/' : '*'));
}

/** The segments of a pointer; undefined unless it starts with `/` (the empty pointer, the whole trace, is no field). */
export function parsePointer(pointer: string): PointerSegment[] | undefined {
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapeSegment);
}

export function formatPointer(keys: readonly (string | number)[]): string {
  return keys.map((k) => `/${escapeSegment(String(k))}`).join('');
}

/** Where a clicked value is, as the inspector knows it. */
export interface ValueLocation {
  readonly field: 'initialInput' | 'context' | 'result' | 'error';
  /** the entry's index in `trace`, for `result` and `error` */
  readonly entry?: number;
  /** keys and array indices from the field down to the value */
  readonly keys: readonly (string | number)[];
}

/**
 * The rule for "Redact this field everywhere": every entry's same field, and
 * every element of the arrays on the way (a clicked `items[2].email` means
 * every item's email). With `everywhere: false`, only that one value.
 */
export function pathRuleFor(location: ValueLocation, everywhere = true): PathRule {
  const inner = location.keys.map((k) => (everywhere && typeof k === 'number' ? '*' : escapeSegment(String(k))));
  const head =
    location.field === 'initialInput' || location.field === 'context'
      ? [location.field]
      : ['trace', everywhere || location.entry === undefined ? '*' : String(location.entry), location.field];
  return { pointer: '/' + [...head, ...inner].join('/') };
}

/** How far each path rule has matched on the way down to a value. */
export interface PathProgress {
  readonly rule: number;
  readonly matched: number;
}

export interface CompiledPathRule {
  readonly rule: PathRule;
  readonly segments: readonly PointerSegment[];
  /** the token's type: the rule's, else the pointer's last segment that is a name, not an index or `*` */
  readonly type: string;
}

function defaultType(segments: readonly PointerSegment[]): string {
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i];
    if (typeof s === 'string' && !/^[0-9]+$/.test(s)) return s;
  }
  return 'field';
}

/** Rules whose pointer does not parse are dropped: they could match nothing. */
export function compilePathRules(rules: readonly PathRule[]): CompiledPathRule[] {
  const compiled: CompiledPathRule[] = [];
  for (const rule of rules) {
    const segments = parsePointer(rule.pointer);
    if (segments) compiled.push({ rule, segments, type: rule.type ?? defaultType(segments) });
  }
  return compiled;
}

/** Every rule at the trace's root. */
export const startProgress = (rules: readonly CompiledPathRule[]): PathProgress[] => rules.map((_, rule) => ({ rule, matched: 0 }));

/** The progress one level down, at `key`; rules that stop matching drop out, so a value with no rule above it carries an empty list. */
export function stepProgress(rules: readonly CompiledPathRule[], progress: readonly PathProgress[], key: string): PathProgress[] {
  if (progress.length === 0) return progress as PathProgress[];
  const next: PathProgress[] = [];
  for (const p of progress) {
    const segments = (rules[p.rule] as CompiledPathRule).segments;
    const want = segments[p.matched];
    if (want === ANY || want === key) next.push({ rule: p.rule, matched: p.matched + 1 });
  }
  return next;
}

/** The first rule that has matched all the way to this value. */
export function completedRule(rules: readonly CompiledPathRule[], progress: readonly PathProgress[]): CompiledPathRule | undefined {
  for (const p of progress) {
    const compiled = rules[p.rule] as CompiledPathRule;
    if (p.matched === compiled.segments.length) return compiled;
  }
  return undefined;
}
