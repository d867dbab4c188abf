// A pipeline value as lines of text for the walkthrough's before/after, each
// line knowing whether it shows something the step changed, so the change
// stands out from across a room. Keys and paths are spelled as core/present/
// diff.ts spells them, so its change paths pick out the lines. Bounded: a
// huge value is printed only so far, and long values are cut to the lines
// around what changed.
import type { ValueChange } from '../present/diff';

export interface ValueLine {
  readonly text: string;
  /** this line shows a changed, added or removed part of the value */
  readonly changed: boolean;
  /** stands for lines left out */
  readonly gap?: true;
}

/** lines shown per value on a slide */
export const MAX_VALUE_LINES = 40;
/** lines printed before choosing which to show: past this a value is cut */
const MAX_PRINTED = 2000;
const MAX_DEPTH = 12;
const MAX_STRING = 100;
/** a folded container's line, before its last keys give way to … */
const MAX_INLINE = 48;
const CONTEXT = 1;

interface Printed {
  readonly text: string;
  readonly path: string;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

function join(base: string, key: string, array: boolean): string {
  if (array) return `${base}[${key}]`;
  return base ? `${base}.${key}` : key;
}

function scalar(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') {
    const text = JSON.stringify(value);
    return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING - 2)}…"` : text;
  }
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const isContainer = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `{ orderId: "ord_7Hq2", items: […], … }`: a container on one line, its own containers left folded. */
export function inline(value: Record<string, unknown>, max = MAX_INLINE): string {
  const array = Array.isArray(value);
  const keys = Object.keys(value);
  const body: string[] = [];
  let length = 0;
  // Key by key, stopping at the width: a folded array of 100,000 items costs a few.
  for (const k of keys) {
    const v = value[k];
    const shown = isContainer(v) ? (Array.isArray(v) ? '[…]' : '{…}') : scalar(v);
    const part = array ? shown : `${IDENT.test(k) ? k : JSON.stringify(k)}: ${shown}`;
    if (body.length && length + part.length > max) {
      body.push('…');
      break;
    }
    body.push(part);
    length += part.length + 2;
  }
  return array ? `[${body.join(', ')}]` : `{ ${body.join(', ')} }`;
}

/** A value in one short line for a sentence: scalars as JSON, containers folded. */
export function brief(value: unknown, max = MAX_INLINE): string {
  return isContainer(value) ? inline(value, max) : scalar(value);
}

/**
 * Prints `value`; a nested container is spread over lines only when `spread` says so (it holds a
 * change), and is folded onto one line otherwise, so what changed is not lost among what did not.
 */
function print(value: unknown, path: string, label: string, indent: string, comma: string, depth: number, spread: (path: string) => boolean, out: Printed[]): void {
  if (out.length >= MAX_PRINTED) return;
  if (!isContainer(value) || depth >= MAX_DEPTH) {
    out.push({ text: `${indent}${label}${isContainer(value) ? (Array.isArray(value) ? '[…]' : '{…}') : scalar(value)}${comma}`, path });
    return;
  }
  const array = Array.isArray(value);
  const [open, close] = array ? ['[', ']'] : ['{', '}'];
  const keys = Object.keys(value);
  if (keys.length === 0) {
    out.push({ text: `${indent}${label}${open}${close}${comma}`, path });
    return;
  }
  if (depth > 0 && !spread(path)) {
    out.push({ text: `${indent}${label}${inline(value)}${comma}`, path });
    return;
  }
  out.push({ text: `${indent}${label}${open}`, path });
  keys.forEach((key, i) => {
    const childLabel = array ? '' : `${IDENT.test(key) ? key : JSON.stringify(key)}: `;
    print(value[key], join(path, key, array), childLabel, `${indent}  `, i < keys.length - 1 ? ',' : '', depth + 1, spread, out);
  });
  if (out.length >= MAX_PRINTED) {
    out.push({ text: `${indent}  …`, path });
    return;
  }
  out.push({ text: `${indent}${close}${comma}`, path });
}

/** Whether `path` is `changed` itself or inside it. */
function within(path: string, changed: string): boolean {
  if (changed === '(value)' || path === changed) return true;
  return path.startsWith(changed) && (path[changed.length] === '.' || path[changed.length] === '[');
}

/**
 * `value` as lines, marking those the changes touch on this side: `side` 'before' marks changed
 * and removed paths, 'after' changed and added ones.
 */
export function valueLines(value: unknown, changes: readonly ValueChange[], side: 'before' | 'after', max = MAX_VALUE_LINES): ValueLine[] {
  const paths = changes.filter((c) => c.kind === 'changed' || c.kind === (side === 'before' ? 'removed' : 'added')).map((c) => c.path);
  // Spread a container that holds a change or is one; fold the rest.
  const spread = (path: string) => paths.some((c) => within(c, path) || within(path, c));
  const printed: Printed[] = [];
  print(value, '', '', '', '', 0, spread, printed);
  const lines = printed.map((p) => ({ text: p.text, changed: paths.some((c) => within(p.path, c)) }));
  return elide(lines, max);
}

/** At most `max` lines: the first, the last, and those around a change, with a gap line for each cut. */
export function elide(lines: readonly ValueLine[], max: number): ValueLine[] {
  if (lines.length <= max) return [...lines];
  const keep = new Set<number>([0, lines.length - 1]);
  lines.forEach((l, i) => {
    if (!l.changed) return;
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(lines.length - 1, i + CONTEXT); j++) keep.add(j);
  });
  // Nothing changed in view: the top of the value is the most telling part.
  if (keep.size === 2) for (let i = 1; i < max - 2; i++) keep.add(i);
  const chosen = [...keep].sort((a, b) => a - b);
  const end = lines.length - 1;
  const out: ValueLine[] = [];
  let previous = -1;
  const take = (i: number) => {
    if (i > previous + 1) out.push({ text: '…', changed: false, gap: true });
    out.push(lines[i]!);
    previous = i;
  };
  // The closing line always ends it, so room is kept for it and the gap before it.
  for (const i of chosen) {
    if (i === end || out.length >= max - 3) break;
    take(i);
  }
  take(end);
  return out;
}
