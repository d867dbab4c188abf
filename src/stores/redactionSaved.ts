// The saved redaction rules as read back from local storage: checked field by field by hand, not
// with zod, because the rules load with the page (the inspector shows the incident's redacted
// fields) and zod would bring ~27 KB gzip to its first paint (issue 11). Anything that does not fit
// makes the whole value unreadable, and the store then starts from its defaults.
import type { KeyMatch, KeyRule, PathRule } from '../core/redact/rules';
import type { DetectorId } from '../core/redact/detectorIds';
import { STAND_IN_KINDS, type StandInKind } from '../core/redact/standIn';

export interface Saved {
  readonly keys: readonly KeyRule[];
  readonly detectors: readonly DetectorId[];
  readonly paths: Readonly<Record<string, readonly PathRule[]>>;
  /** per incident: token types given a format-preserving stand-in instead of a token (the Share dialog's repro fix) */
  readonly standIns: Readonly<Record<string, Readonly<Record<string, StandInKind>>>>;
}

const MATCHES: readonly string[] = ['contains', 'word', 'exact'] satisfies KeyMatch[];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const listOf = <T>(v: unknown, max: number, read: (item: unknown) => T | undefined): T[] | undefined => {
  if (!Array.isArray(v) || v.length > max) return undefined;
  const out: T[] = [];
  for (const item of v) {
    const r = read(item);
    if (r === undefined) return undefined;
    out.push(r);
  }
  return out;
};

/** Only the fields a rule has, as the rule was written (no `undefined` added for an absent one). */
function keyRule(v: unknown): KeyRule | undefined {
  if (!isRecord(v) || !isText(v.name, 100) || v.name.length < 1) return undefined;
  if (v.match !== undefined && !(typeof v.match === 'string' && MATCHES.includes(v.match))) return undefined;
  if (v.type !== undefined && !isText(v.type, 32)) return undefined;
  return { name: v.name, ...(v.match !== undefined ? { match: v.match as KeyMatch } : {}), ...(v.type !== undefined ? { type: v.type } : {}) };
}

function pathRule(v: unknown): PathRule | undefined {
  if (!isRecord(v) || !isText(v.pointer, 2000) || !v.pointer.startsWith('/')) return undefined;
  if (v.type !== undefined && !isText(v.type, 32)) return undefined;
  return { pointer: v.pointer, ...(v.type !== undefined ? { type: v.type } : {}) };
}

/** One incident's stand-ins: token type → kind; an unknown kind (a newer version's) is dropped alone. */
function standInsOf(v: unknown): Record<string, StandInKind> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, StandInKind> = {};
  for (const [type, kind] of Object.entries(v)) {
    if (type === '__proto__' || type.length > 32) continue;
    if (typeof kind === 'string' && (STAND_IN_KINDS as readonly string[]).includes(kind)) out[type] = kind as StandInKind;
  }
  return out;
}

/**
 * The saved value, or undefined when it is not one this version wrote. Detector ids are kept as
 * strings here; the store drops those it does not know (a newer version's).
 */
export function readSaved(value: unknown): (Omit<Saved, 'detectors'> & { readonly detectors: readonly string[] }) | undefined {
  if (!isRecord(value) || value.v !== 1) return undefined;
  const keys = listOf(value.keys, 500, keyRule);
  const detectors = listOf(value.detectors, 50, (d) => (typeof d === 'string' ? d : undefined));
  if (!keys || !detectors || !isRecord(value.paths)) return undefined;
  const paths: [string, PathRule[]][] = [];
  for (const [traceId, list] of Object.entries(value.paths)) {
    // No trace's identity is "__proto__"; skipped, as zod's record skipped it, rather than refusing all.
    if (traceId === '__proto__') continue;
    const rules = listOf(list, 500, pathRule);
    if (!rules) return undefined;
    paths.push([traceId, rules]);
  }
  // Stand-ins came after v1's first release: absent means none; a broken entry costs only its incident.
  const standIns: [string, Record<string, StandInKind>][] = [];
  for (const [traceId, kinds] of Object.entries(isRecord(value.standIns) ? value.standIns : {})) {
    const read = traceId === '__proto__' ? undefined : standInsOf(kinds);
    if (read && Object.keys(read).length) standIns.push([traceId, read]);
  }
  return { keys, detectors, paths: Object.fromEntries(paths), standIns: Object.fromEntries(standIns) };
}
