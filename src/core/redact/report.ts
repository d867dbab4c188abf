// What a redaction did, for the share preview (which values to highlight) and
// for the manifest (a shared file says it is redacted, and by which rules).
// It names rules and places, never a value.

import { formatPointer } from './paths';

export interface RedactionReport {
  /** every rule in effect, whether it fired or not: "which rules were applied" */
  readonly applied: readonly string[];
  /** the rules that replaced something, in `applied` order, with how many replacements each */
  readonly fired: readonly { readonly rule: string; readonly count: number }[];
  /** all replacements made */
  readonly replacements: number;
  /**
   * JSON pointers (RFC 6901) of the values and keys that changed, into the
   * output in its object form (a bare-array trace's entries are `/trace/<i>`
   * here too). A renamed key's pointer uses its new name.
   */
  readonly changedPaths: readonly string[];
  /** true when there were more than MAX_CHANGED_PATHS; the counts stay exact */
  readonly changedPathsTruncated: boolean;
}

/** A preview highlights places; past this many, the list only costs memory. */
export const MAX_CHANGED_PATHS = 10_000;

/** Where a value sits: a parent link, so a pointer is spelled out only for what changes. */
export interface Place {
  readonly parent: Place | undefined;
  readonly key: string;
}

/** The whole document; its pointer is the empty string. */
export const ROOT: Place = { parent: undefined, key: '' };

export const childPlace = (parent: Place, key: string): Place => ({ parent, key });

function pointerOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | undefined = place; at && at !== ROOT; at = at.parent) keys.push(at.key);
  return formatPointer(keys.reverse());
}

export class Tally {
  private readonly counts = new Map<string, number>();
  private readonly paths: string[] = [];
  private readonly seen = new Set<Place>();
  private truncated = false;
  private total = 0;

  /** One replacement by `rule` at `place`. */
  count(rule: string, place: Place): void {
    this.counts.set(rule, (this.counts.get(rule) ?? 0) + 1);
    this.total++;
    if (this.seen.has(place)) return; // several spans in one string are one changed path
    this.seen.add(place);
    if (this.paths.length < MAX_CHANGED_PATHS) this.paths.push(pointerOf(place));
    else this.truncated = true;
  }

  report(applied: readonly string[]): RedactionReport {
    const fired = applied.filter((rule) => this.counts.has(rule)).map((rule) => ({ rule, count: this.counts.get(rule) as number }));
    return { applied, fired, replacements: this.total, changedPaths: this.paths, changedPathsTruncated: this.truncated };
  }
}
