// Command name -> where it is defined in the flow's source, for the source pane's highlight and gutter.
//
// A trace only knows a Command by the name `commandName` gave it (spec §2.2): `meta.name` when set,
// else the function's own name, else 'anonymous'. So the place to show is, in priority order:
//   1. the function's declaration: `const cmdX = ...` (let/var), `function cmdX` / `async function cmdX`,
//      then, weaker, an object property or method holding a function (`cmdX: () => ...`, `cmdX() {}`);
//   2. the `Command(` call whose meta object (third argument, or any object under a `meta` key) says
//      `name: 'x'`;
//   3. the `Command(` call whose first argument is the identifier (or member chain ending in) `cmdX`.
// Files are searched in the order given within each rule, so a rule-1 hit in a later file still
// beats a rule-2 hit in an earlier one.
//
// Each file is tokenized once (lex.ts, scan.ts) into an index of every candidate name, so `locateAll` costs
// one pass per file plus one lookup per name, whatever the trace's length. Indexes are cached by
// file text, so the editor can call this on every change without rescanning unchanged files.

import { indexFile, type FileIndex, type LocationHow } from './scan';

export type { LocationHow } from './scan';

export interface SourceFile {
  readonly name: string;
  readonly text: string;
}

export interface SourceLocation {
  readonly file: string;
  /** 1-based */
  readonly line: number;
  /** 1-based, in UTF-16 code units (as Monaco counts) */
  readonly column: number;
  readonly how: LocationHow;
}

export interface CallSite {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Rule order: declarations, then function-valued members, then meta names, then Command(name). */
const RULES = ['decl', 'member', 'meta', 'call'] as const;

// Indexes by file text. Bounded so a long editing session does not keep every revision alive.
const cache = new Map<string, FileIndex>();
const CACHE_LIMIT = 64;

function indexOf(text: string): FileIndex {
  let found = cache.get(text);
  if (!found) {
    found = indexFile(text);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(text, found);
  }
  return found;
}

/** The name to search for, or undefined when a name cannot point at one place. */
function searchName(name: string): string | undefined {
  // `fn.bind(x)` is traced as 'bound fn'; an inline arrow as 'anonymous', which matches any of them.
  const bare = name.replace(/^(?:bound )+/, '');
  return bare === '' || bare === 'anonymous' ? undefined : bare;
}

function find(indexes: readonly FileIndex[], files: readonly SourceFile[], name: string): SourceLocation | undefined {
  const bare = searchName(name);
  if (bare === undefined) return undefined;
  for (const rule of RULES) {
    for (let f = 0; f < files.length; f++) {
      const hit = (indexes[f] as FileIndex)[rule].get(bare);
      if (hit) return { file: (files[f] as SourceFile).name, ...hit };
    }
  }
  return undefined;
}

/** Where the Command traced as `name` is defined; undefined for 'anonymous' or when nothing matches. */
export function locate(files: readonly SourceFile[], name: string): SourceLocation | undefined {
  return find(files.map((f) => indexOf(f.text)), files, name);
}

/**
 * `locate` for many names at once: one pass per file, then one lookup per name. Pass distinct names
 * (a trace's command index), not one per step. Names that cannot be located are absent.
 */
export function locateAll(files: readonly SourceFile[], names: Iterable<string>): Record<string, SourceLocation> {
  const indexes = files.map((f) => indexOf(f.text));
  const out: Record<string, SourceLocation> = {};
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(out, name)) continue;
    const at = find(indexes, files, name);
    if (at) out[name] = at;
  }
  return out;
}

/**
 * The `Command(` call that runs the Command traced as `name`, when it is on another line than its
 * definition (`const cmdX = ...` a line or more above `return Command(cmdX, ...)`). Undefined when the
 * definition is the call itself (meta, call) or no call passes the name. Prefers the definition's file.
 */
export function findCommandCallLine(files: readonly SourceFile[], name: string): CallSite | undefined {
  const def = locate(files, name);
  const bare = searchName(name);
  if (!def || bare === undefined || def.how === 'meta' || def.how === 'call') return undefined;
  const ordered = [...files].sort((a, b) => Number(b.name === def.file) - Number(a.name === def.file));
  for (const file of ordered) {
    const hit = indexOf(file.text).call.get(bare);
    if (!hit) continue;
    if (file.name === def.file && hit.line === def.line) return undefined;
    return { file: file.name, line: hit.line, column: hit.column };
  }
  return undefined;
}
