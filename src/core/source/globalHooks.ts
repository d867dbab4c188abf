// What freeNames.ts's rewritten code calls: a free name looked up on the global object the module
// sees, as JavaScript's own lookup of a name no scope declares goes on to the global object.
// Present (own or inherited, as `toString` is): its value. Absent, or one of ses's own names no
// host has: `ReferenceError: <name> is not defined`, thrown from the line that read it.
import { BLOCKED_ACCESSORS, HIDDEN } from './globals';
import { MODULE_NAME_PREFIX } from './moduleSyntax';

const missing = (name: string): boolean => HIDDEN.has(name);

function notDefined(name: string): never {
  throw new ReferenceError(`${name} is not defined`);
}

/** The three hooks, in WRAPPER_NAMES' order: read (`__pe$r`), typeof (`__pe$t`), write (`__pe$w`). */
export function globalHooks(global: object): readonly unknown[] {
  const g = global as Record<string, unknown>;
  // An ES module's own exports, module and require (renamed, moduleSyntax.ts) are no global's:
  // declared nowhere in the module, they are not defined, as in Node.
  const moduleName = (name: string) => name.startsWith(MODULE_NAME_PREFIX);
  const named = (name: string) => (moduleName(name) ? name.slice(MODULE_NAME_PREFIX.length) : name);
  const has = (name: string) => !moduleName(name) && !missing(name) && name in g;
  const read = (name: string): unknown => (has(name) ? g[name] : notDefined(named(name)));
  // `typeof window` answers "undefined" without reading a blocked accessor, which would throw.
  const typeOf = (name: string): unknown => (has(name) && !BLOCKED_ACCESSORS.has(name) ? g[name] : undefined);
  // `x = 1`, `x += 1`, `[x] = a`, `for (x of a)`: the property of the global, in strict mode, so an
  // undeclared name throws, and a read-only one throws TypeError as an assignment would.
  const write = new Proxy(Object.freeze(Object.create(null)) as object, {
    get: (_, name) => (typeof name === 'string' ? read(name) : undefined),
    set: (_, name, value) => {
      if (typeof name !== 'string' || !has(name)) notDefined(named(String(name)));
      g[name as string] = value;
      return true;
    }
  });
  return Object.freeze([Object.freeze(read), Object.freeze(typeOf), write]);
}
