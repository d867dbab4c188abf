// The leaf values of a replay's result that a regression test can assert, named by the keys that
// lead to them. Values are in the report's stored form (src/core/replay/report.ts): an Error is
// `{__error: true, name, message, …}`, while replayEffect's real result holds an Error there. So a
// stored error is walked as the Error the test will see: `name`, `message` and its own keys, with
// `__errors` read as the `errors` property it revives to (spec §4.8), and the storage markers left out.

export type LeafPath = readonly (string | number)[];

export interface LeafChoice {
  /** keys and array indices from the value's root to the leaf; [] is the value itself */
  readonly keys: LeafPath;
  /** how the person reads and types it: `receipt.status`, `items[2].sku`, `["a-b"]`; '' for the value itself */
  readonly label: string;
  /** the leaf as stored: a string, number, boolean or null, or an empty array or object */
  readonly value: unknown;
  /** the leaf as short text, for recognising it */
  readonly preview: string;
}

const PREVIEW = 40;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Keys of a stored error that are storage, not properties of the Error the replay gives back. */
const STORAGE_KEYS = new Set(['__error', '__enumerable', 'stack']);

export function isStoredError(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && (v as { __error?: unknown }).__error === true;
}

/** The children of a value, by the key the test reads them with. */
function childrenOf(v: object): [string | number, unknown][] {
  if (Array.isArray(v)) return v.map((item, i) => [i, item]);
  const rec = v as Record<string, unknown>;
  if (!isStoredError(v)) return Object.keys(rec).map((k) => [k, rec[k]]);
  return Object.keys(rec)
    .filter((k) => !STORAGE_KEYS.has(k))
    .map((k) => (k === '__errors' ? ['errors', rec[k]] : [k, rec[k]]));
}

function isLeaf(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  return childrenOf(v).length === 0;
}

export function labelOf(keys: LeafPath): string {
  let out = '';
  for (const k of keys) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (IDENTIFIER.test(k)) out += out === '' ? k : `.${k}`;
    else out += `[${JSON.stringify(k)}]`;
  }
  return out;
}

function previewOf(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text;
}

export interface LeafOptions {
  /** at most this many leaves (default 200) */
  readonly limit?: number;
  /** only the first items of each array (default 10): asserting a few says as much as asserting all */
  readonly perArray?: number;
}

/** The leaves of `value`, depth-first in document order; a primitive value is its own leaf (keys []). */
export function valueLeaves(value: unknown, options: LeafOptions = {}): LeafChoice[] {
  const limit = options.limit ?? 200;
  const perArray = options.perArray ?? 10;
  const out: LeafChoice[] = [];
  const walk = (v: unknown, keys: (string | number)[]) => {
    if (out.length >= limit || v === undefined) return;
    if (isLeaf(v)) {
      out.push({ keys: [...keys], label: labelOf(keys), value: v, preview: previewOf(v) });
      return;
    }
    const children = childrenOf(v as object);
    for (const [k, child] of Array.isArray(v) ? children.slice(0, perArray) : children) walk(child, [...keys, k]);
  };
  walk(value, []);
  return out;
}

/** The stored value at `keys`, read as the test will read it (numeric keys and `errors` included). */
export function leafAt(value: unknown, keys: LeafPath): { found: true; value: unknown } | { found: false } {
  let v = value;
  for (const k of keys) {
    if (typeof v !== 'object' || v === null) return { found: false };
    const child = childrenOf(v).find(([key]) => String(key) === String(k));
    if (!child) return { found: false };
    v = child[1];
  }
  return { found: true, value: v };
}

function sameLeaf(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  return Array.isArray(a) === Array.isArray(b) && isLeaf(a) && isLeaf(b);
}

/**
 * The leaves of `after` that are not in `before` or hold another value there: what the fixed code
 * computed differently. Every array item counts here, so a change at items[40] is found.
 */
export function changedLeaves(before: unknown, after: unknown, limit = 200): LeafChoice[] {
  return valueLeaves(after, { limit: Number.MAX_SAFE_INTEGER, perArray: Number.MAX_SAFE_INTEGER })
    .filter((leaf) => {
      const was = leafAt(before, leaf.keys);
      return !was.found || !sameLeaf(was.value, leaf.value);
    })
    .slice(0, limit);
}

/** The property access for `keys` after an expression: `.receipt.status`, `[0]`, `["a-b"]`. */
export function accessorOf(keys: LeafPath): string {
  return keys.map((k) => (typeof k === 'number' ? `[${k}]` : IDENTIFIER.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join('');
}

/**
 * A path as the person types it (`receipt.status`, `items[0].sku`, `items.0.sku`, `meta["a.b"]`),
 * read back into keys; '' is the value itself.
 */
export function parseLeafPath(text: string): { ok: true; keys: LeafPath } | { ok: false; message: string } {
  const keys: (string | number)[] = [];
  let i = 0;
  const bad = (why: string) => ({ ok: false as const, message: `'${text}' is not a path to a value: ${why}` });
  while (i < text.length) {
    if (text[i] === '[') {
      const close = text.indexOf(']', text[i + 1] === '"' ? closingQuote(text, i + 1) : i);
      if (close < 0) return bad(`the [ at ${i + 1} is not closed`);
      const inside = text.slice(i + 1, close);
      if (/^\d+$/.test(inside)) keys.push(Number(inside));
      else if (inside.startsWith('"')) {
        try {
          keys.push(String(JSON.parse(inside)));
        } catch {
          return bad(`${inside} is not a quoted key`);
        }
      } else return bad(`write an index as [2] and a key as ["${inside}"]`);
      i = close + 1;
    } else {
      if (keys.length > 0) {
        if (text[i] !== '.') return bad(`expected . or [ at ${i + 1}`);
        i += 1;
      }
      const name = /^[^.[\]]*/.exec(text.slice(i))![0];
      if (!IDENTIFIER.test(name) && !/^\d+$/.test(name)) return bad(name ? `write the key ${JSON.stringify(name)} as [${JSON.stringify(name)}]` : `a key is missing at ${i + 1}`);
      keys.push(name);
      i += name.length;
    }
  }
  return { ok: true, keys };
}

/** The index just past the closing quote of a JSON string that opens at `start`, or the text's length. */
function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
