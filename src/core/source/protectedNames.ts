// The override mistake, repaired where it is written.
//
// lockdown() freezes every built-in prototype, and in JavaScript an assignment to a property that a
// frozen prototype holds as data throws, even on an object of one's own: `num.toString = …`,
// `arr.constructor = …`, `err.name = …` pass in Node and throw in the sandbox. ses repairs some of
// this by turning prototype properties into accessors whose setter defines the property on the
// object instead; its 'severe' plan (realm.ts) does so for all of Object's, Map's, Set's and the
// typed arrays' prototypes. Doing the same for every built-in prototype cost ~11 ms at every
// sandbox's start (lockdown 13-15 ms became 24-26 ms, median of 3 runs each, 2026-12-06), and on
// Array.prototype.constructor or RegExp.prototype.exec it took V8's fast paths away (+50% on an
// array-heavy loop, +10-15% on regular expressions).
//
// So the transpile step marks each assignment to a name some built-in prototype holds as data
// (scope.ts: `a.name = …`, `a["name"] = …`, `a.next++`, `[a.next] = …`), and the object is first given
// the property of its own, holding the inherited value, exactly as JavaScript's assignment would
// have made it one: `__pe$own(arr, "constructor").constructor = C`. A computed key that is not a
// literal, Object.assign() and Reflect.set() onto such a name of an array, a number, a function or
// an error still throw: the README lists it among the differences by design.

export const OWN_HOOK = '__pe$own';

/** The built-in prototypes of this realm: the holders whose data properties an assignment may shadow. */
function builtInPrototypes(): object[] {
  const g = globalThis as Record<string, unknown>;
  const proto = (v: object) => Object.getPrototypeOf(v) as object;
  const constructors = ['Object', 'Function', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'ArrayBuffer', 'DataView',
    'Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'AggregateError',
    'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
  const arrayIterator = proto([][Symbol.iterator]());
  const typedArray = proto(Int8Array.prototype);
  const generator = proto(function* () {}.prototype);
  return [
    ...constructors.map((n) => (typeof g[n] === 'function' ? ((g[n] as { prototype: object }).prototype) : undefined)).filter((p): p is object => !!p),
    typedArray,
    arrayIterator,
    proto(arrayIterator),
    proto(new Map()[Symbol.iterator]()),
    proto(new Set()[Symbol.iterator]()),
    proto(''[Symbol.iterator]()),
    generator,
    proto(generator)
  ];
}

let holders: ReadonlySet<object> | undefined;
let names: ReadonlySet<string> | undefined;

function intrinsicHolders(): ReadonlySet<object> {
  holders ??= new Set(builtInPrototypes());
  return holders;
}

/** A name some built-in prototype holds as a data property (`toString`, `constructor`, `name`, `set`…). */
export function isProtectedName(name: string): boolean {
  if (!names) {
    const all = new Set<string>();
    for (const p of intrinsicHolders()) {
      for (const key of Object.getOwnPropertyNames(p)) if ('value' in Object.getOwnPropertyDescriptor(p, key)!) all.add(key);
    }
    names = all;
  }
  return names.has(name);
}

/**
 * Before `target[key] = …`: when target would inherit key from a built-in prototype that lockdown
 * froze, give target an own data property with the inherited value, as an unfrozen prototype would
 * have let the assignment do. Anything else (own already, not extensible, a prototype the flow
 * froze itself, an accessor, writable anyway outside the sandbox) is left to the assignment.
 * Returns target.
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
