// The override mistake where the sandbox leaves it (sandbox/overrides.ts keeps these prototype
// properties as data, for V8's fast paths): an assignment such as `arr.constructor = C` or
// `it.next = f` would throw, as an assignment to a frozen prototype's property does. So the
// transpile step marks each assignment to one of these names (scope.ts), and the object is given
// the property of its own first, holding the inherited value, exactly as far as JavaScript's
// assignment would have made it one: `__pe$own(arr, "constructor").constructor = C`.

export const OWN_HOOK = '__pe$own';

/** Names a built-in prototype keeps as data in the sandbox (sandbox/overrides.ts checks it covers them). */
export const PROTECTED_NAMES: ReadonlySet<string> = new Set(['constructor', 'then', 'exec', 'next']);

let holders: ReadonlySet<object> | undefined;

/** The realm's own prototypes that keep such names as data. */
function intrinsicHolders(): ReadonlySet<object> {
  const proto = (v: object) => Object.getPrototypeOf(v) as object;
  holders ??= new Set<object>([
    Array.prototype,
    Promise.prototype,
    RegExp.prototype,
    proto([][Symbol.iterator]()),
    proto(new Map()[Symbol.iterator]()),
    proto(new Set()[Symbol.iterator]()),
    proto(''[Symbol.iterator]())
  ]);
  return holders;
}

/**
 * Before `target[key] = …`: when target would inherit key from a built-in prototype that lockdown
 * froze, give target an own data property with the inherited value, as an unfrozen prototype would
 * have let the assignment do. Anything else (own already, not extensible, a prototype the flow
 * froze itself, writable anyway outside the sandbox) is left to the assignment. Returns target.
 */
export function prepareOwn<T>(target: T, key: string): T {
  if ((typeof target !== 'object' && typeof target !== 'function') || target === null) return target;
  const t = target as object;
  if (Object.hasOwn(t, key) || !Object.isExtensible(t)) return target;
  let holder = Object.getPrototypeOf(t) as object | null;
  while (holder && !Object.hasOwn(holder, key)) holder = Object.getPrototypeOf(holder) as object | null;
  if (!holder || !intrinsicHolders().has(holder)) return target;
  const inherited = Object.getOwnPropertyDescriptor(holder, key);
  if (inherited && 'value' in inherited && inherited.writable === false) {
    Object.defineProperty(t, key, { value: inherited.value, writable: true, enumerable: true, configurable: true });
  }
  return target;
}
