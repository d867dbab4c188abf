// The override mistake, repaired wherever it costs nothing measurable.
//
// lockdown() freezes every intrinsic, and in JavaScript an assignment to a property that a frozen
// prototype holds as data throws, even on an object of one's own: `num.toString = …`,
// `arr.constructor = …`, `map.set = …` all pass in Node and throw in the sandbox. ses repairs this by
// turning such prototype properties into accessors whose setter defines the property on the object
// instead ('enablements'); its 'moderate' plan repairs a few names, 'severe' whole Object, Map, Set
// and typed-array prototypes.
//
// We repair every data property of every built-in prototype, before lockdown, by widening ses's
// 'severe' plan, except the few that V8's fast paths watch ("protectors"): made accessors, they
// send every `arr.map` through the generic species lookup (Array.prototype.constructor: +50% on an
// array-heavy loop), every regular expression off its fast path (RegExp.prototype.exec: +10-15%),
// and so on. Measured in one process per plan, median of 9 (.scratch, 2026-12-06): with these left
// as they are, array, regexp, await, iteration and call loops run as under 'moderate'. An
// assignment to one of those names is repaired where it is written instead (core/source/protectedNames.ts).
//
// ses's plan is a module-internal table, so it is reached by its file: it is the very module ses
// itself imports (one module per file, in Node, in Vite's build and in Vitest).
// @ts-expect-error ses's own table has no types, and is not in its package's exports map
import { severeEnablements } from '../../node_modules/ses/src/enablements.js';

/** Whole prototypes the widened plan repairs, by ses's intrinsic names, and how to find each here. */
function prototypes(): Record<string, object | undefined> {
  const proto = (v: object | undefined) => (v === undefined ? undefined : (Object.getPrototypeOf(v) as object));
  const arrayIterator = proto([][Symbol.iterator]());
  const g = globalThis as Record<string, unknown>;
  const of = (name: string) => (typeof g[name] === 'function' ? ((g[name] as { prototype: object }).prototype) : undefined);
  const errors = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError', 'AggregateError'];
  const typed = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Float16Array'];
  const plain = ['Array', 'Function', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise', 'Map', 'Set', 'WeakMap', 'WeakSet', 'ArrayBuffer', 'DataView', ...errors, ...typed];
  return {
    ...Object.fromEntries(plain.map((n) => [`%${n}Prototype%`, of(n)])),
    '%IteratorPrototype%': proto(arrayIterator),
    '%ArrayIteratorPrototype%': arrayIterator,
    '%MapIteratorPrototype%': proto(new Map()[Symbol.iterator]()),
    '%SetIteratorPrototype%': proto(new Set()[Symbol.iterator]()),
    '%StringIteratorPrototype%': proto(''[Symbol.iterator]())
  };
}

/** The properties left as data, for V8's fast paths: which prototype, and which keys. */
const LEFT_AS_DATA: Readonly<Record<string, readonly (string | symbol)[]>> = {
  '%ArrayPrototype%': ['constructor'],
  '%PromisePrototype%': ['constructor', 'then'],
  '%RegExpPrototype%': ['constructor', 'exec'],
  '%ArrayIteratorPrototype%': ['next'],
  '%MapIteratorPrototype%': ['next'],
  '%SetIteratorPrototype%': ['next'],
  '%StringIteratorPrototype%': ['next'],
  '%StringPrototype%': [Symbol.iterator],
  '%MapPrototype%': [Symbol.iterator],
  '%SetPrototype%': [Symbol.iterator]
};

let widened = false;

/** Widen ses's 'severe' plan; call before lockdown({ overrideTaming: 'severe' }). */
export function widenOverrides(): void {
  if (widened) return;
  widened = true;
  const plan = severeEnablements as Record<string, unknown>;
  for (const [name, proto] of Object.entries(prototypes())) {
    if (!proto) continue;
    const keep = LEFT_AS_DATA[name] ?? [];
    const keys = Reflect.ownKeys(proto).filter((k) => !keep.includes(k));
    plan[name] = Object.fromEntries(keys.map((k) => [k, true]));
  }
}

/** The names left as data here: core/source/protectedNames.ts must repair each where it is assigned. */
export const LEFT_AS_DATA_NAMES: ReadonlySet<string> = new Set(
  Object.values(LEFT_AS_DATA)
    .flat()
    .filter((k): k is string => typeof k === 'string')
);
