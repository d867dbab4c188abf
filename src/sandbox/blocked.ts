// Every way out of the sandbox that a flow's code might reach for (core/source/globals.ts lists
// them), and what it is told when it does: a SandboxError naming it, whose stack names the
// person's file and line.
//
// On a Compartment's global, a name that is a function in a browser (fetch, setTimeout, Function…)
// is a stand-in function that throws when called or constructed, so `typeof fetch` is "function"
// and `x instanceof Function` works, as there; any other (process, window…) is a property that
// throws when read, and `typeof` of it answers "undefined" (core/source/freeNames.ts). On a
// worker's own global (the second lock, worker/lockdown.ts) every name is a throwing property.
import { SandboxError } from '../core/source/refusals';
import { BLOCKED, blockedMessage } from '../core/source/globals';

export { SandboxError, BLOCKED, blockedMessage };

type Harden = <T>(value: T) => T;
const hardenIfLocked = <T>(value: T): T => {
  const harden = (globalThis as { harden?: Harden }).harden;
  return typeof harden === 'function' ? harden(value) : value;
};

/**
 * One refusing accessor and one stand-in per name, made once: a batch replay defines them on a
 * fresh Compartment for every trace. Shared between Compartments, so hardened once the realm is
 * locked (harden exists only then): flow code can reach them through Object.getOwnPropertyDescriptor.
 */
const refusers = new Map<string, () => never>();
function refuserFor(name: string): () => never {
  let refuse = refusers.get(name);
  if (!refuse) {
    refuse = (): never => {
      throw new SandboxError(blockedMessage(name));
    };
    if (typeof (globalThis as { harden?: unknown }).harden !== 'function') return refuse;
    refuse = hardenIfLocked(refuse);
    refusers.set(name, refuse);
  }
  return refuse;
}

const standIns = new Map<string, object>();
function standInFor(name: string): object {
  let fn = standIns.get(name);
  if (!fn) {
    // A function of that name that refuses to run; Function's keeps Function.prototype, so that
    // `f instanceof Function` is true of every function, as it is outside.
    const made = {
      [name]: function (): never {
        throw new SandboxError(blockedMessage(name));
      }
    }[name]!;
    if (name === 'Function') Object.defineProperty(made, 'prototype', { value: Function.prototype, writable: false });
    fn = hardenIfLocked(made);
    if (typeof (globalThis as { harden?: unknown }).harden === 'function') standIns.set(name, fn);
  }
  return fn;
}

/**
 * Define every blocked name on `target` so that flow code cannot redefine it: as a stand-in
 * function where `standIns` is set and a browser has a function of that name, else as a property
 * that throws when read or written.
 */
export function defineBlocked(target: object, names: readonly string[] = Object.keys(BLOCKED), options: { readonly standIns?: boolean } = {}): void {
  for (const name of names) {
    try {
      if (options.standIns && BLOCKED[name]?.callable) {
        Object.defineProperty(target, name, { value: standInFor(name), writable: false, configurable: false, enumerable: false });
      } else {
        const refuse = refuserFor(name);
        Object.defineProperty(target, name, { get: refuse, set: refuse, configurable: false, enumerable: false });
      }
    } catch {
      // already non-configurable here (a host global): the caller's second lock covers it
    }
  }
}
