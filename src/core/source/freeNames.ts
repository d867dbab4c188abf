// Free names made to behave as JavaScript does, in a sandbox whose `with`-based scope cannot
// (scope.ts says why). Each free reference to a name the sandbox's global may lack is rewritten to
// ask the module's hooks (loader.ts makes them per Compartment, over its global object):
//
//   totl            ->  __pe$r("totl")          reads it, or throws ReferenceError: totl is not defined
//   totl(a)         ->  __pe$r("totl")(a)       the same, called with `this` undefined as before
//   typeof totl     ->  typeof __pe$t("totl")   its value, or undefined: typeof never throws
//   totl = 1        ->  __pe$w.totl = 1         sets it, or throws (module code is strict)
//   { totl }        ->  { totl: __pe$r("totl") }
//
// Only text is inserted, so lines never move and align.ts maps columns back as for sucrase's own
// changes. A name the sandbox always has (globals.ts) is left alone: no cost where the answer is
// certain. `typeof` of a blocked accessor (`typeof window`) asks the hook too, which answers
// undefined without reading it.
import type { Insertion } from './instrument';
import type { FreeReference, ScopeFacts } from './scope';
import { OWN_HOOK } from './protectedNames';
import { BLOCKED_ACCESSORS, KNOWN_GLOBALS } from './globals';

export const READ_HOOK = '__pe$r';
export const TYPEOF_HOOK = '__pe$t';
export const WRITE_HOOK = '__pe$w';

/** Inside every other insertion at the same place: the name's own rewrite wraps just the name. */
const INNERMOST_START = -2;
const INNERMOST_END = Infinity;

function needsHook(ref: FreeReference): boolean {
  if (ref.use === 'typeof') return !KNOWN_GLOBALS.has(ref.name) || BLOCKED_ACCESSORS.has(ref.name);
  return !KNOWN_GLOBALS.has(ref.name);
}

export function freeNameInsertions(free: readonly FreeReference[]): Insertion[] {
  const out: Insertion[] = [];
  for (const ref of free) {
    if (!needsHook(ref)) continue;
    const around = (before: string, after: string) => {
      out.push({ at: ref.start, text: before, first: INNERMOST_START });
      if (after) out.push({ at: ref.end, text: after, first: INNERMOST_END });
    };
    switch (ref.use) {
      case 'read':
      case 'call':
        around(`${READ_HOOK}("`, '")');
        break;
      case 'shorthand':
        around(`${ref.name}: ${READ_HOOK}("`, '")');
        break;
      case 'typeof':
        around(`${TYPEOF_HOOK}("`, '")');
        break;
      case 'write':
        around(`${WRITE_HOOK}.`, '');
        break;
      case 'shorthand-write':
        around(`${ref.name}: ${WRITE_HOOK}.`, '');
        break;
    }
  }
  return out;
}

/** `a.next = f` -> `__pe$own(a, "next").next = f` (protectedNames.ts), around whatever the object became. */
export function ownInsertions(owned: ScopeFacts['owned']): Insertion[] {
  return owned.flatMap(({ start, end, name }) => [
    { at: start, text: `${OWN_HOOK}(`, first: -1.5 },
    { at: end, text: `, ${JSON.stringify(name)})`, first: 1e15 }
  ]);
}
