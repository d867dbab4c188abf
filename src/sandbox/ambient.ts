// The clock and randomness flow code gets in the sandbox: Date, Math, performance and crypto that
// behave as the host's do, note every read that depends on when or by chance (core/source/ambient.ts
// says why), and answer from the replay's fixed clock or seed when it has one. Made once per worker
// from the host's own, before any flow code runs, and hardened: a batch worker's Compartments
// share them, so nothing one trace's flow does to them reaches the next.
import { ambientSettings, noteAmbient, seededRandom } from '../core/source/ambient';

const RealDate = Date;
const realNow = Date.now.bind(Date);

function clockNow(api: string): number {
  noteAmbient('clock', api);
  return ambientSettings().clock ?? realNow();
}

/**
 * Date as the host's, whose instances are the host's Date objects (same prototype), except that
 * reading the current time (`Date()`, `new Date()`, `Date.now()`) is noted and may be fixed.
 * ses's Date.prototype.constructor is its own shared Date, so `d.constructor === Date` is false in
 * the sandbox, as it was before (a difference by design, README).
 */
function makeDate(): DateConstructor {
  function Date(this: unknown, ...args: unknown[]): unknown {
    if (new.target === undefined) return new RealDate(clockNow('Date()')).toString();
    if (args.length === 0) return Reflect.construct(RealDate, [clockNow('new Date()')], new.target);
    return Reflect.construct(RealDate, args, new.target);
  }
  Object.defineProperties(Date, {
    length: { value: 7 },
    prototype: { value: RealDate.prototype, writable: false, enumerable: false, configurable: false },
    now: { value: function now() { return clockNow('Date.now()'); }, writable: true, enumerable: false, configurable: true },
    parse: { value: RealDate.parse, writable: true, enumerable: false, configurable: true },
    UTC: { value: RealDate.UTC, writable: true, enumerable: false, configurable: true }
  });
  return Date as unknown as DateConstructor;
}

/** Math as the host's, with random() noted and seeded when the replay has a seed. */
function makeMath(): Math {
  const math = Object.create(Object.prototype) as Record<string | symbol, unknown>;
  // Math's own properties as they are outside a lockdown (hardening freezes the copy afterwards).
  for (const key of Reflect.ownKeys(Math)) if (key !== 'random') Object.defineProperty(math, key, { ...Object.getOwnPropertyDescriptor(Math, key)!, ...(typeof (Math as unknown as Record<string | symbol, unknown>)[key] === 'function' ? { writable: true, configurable: true } : {}) });
  const realRandom = Math.random.bind(Math);
  Object.defineProperty(math, 'random', {
    value: function random() {
      noteAmbient('random', 'Math.random()');
      return seededRandom() ?? realRandom();
    },
    writable: true,
    enumerable: false,
    configurable: true
  });
  return math as unknown as Math;
}

interface HostCrypto {
  getRandomValues<T extends ArrayBufferView | null>(array: T): T;
  /** only in a secure context: a sandboxed frame's worker has none */
  randomUUID?(): string;
}

/** performance with now() and timeOrigin only: both are the clock. */
function makePerformance(host: { now(): number; timeOrigin?: number } | undefined): object {
  const origin = host?.timeOrigin ?? realNow();
  return {
    now() {
      noteAmbient('clock', 'performance.now()');
      return ambientSettings().clock !== undefined ? 0 : (host?.now() ?? realNow() - origin);
    },
    get timeOrigin() {
      noteAmbient('clock', 'performance.timeOrigin');
      return ambientSettings().clock ?? origin;
    }
  };
}

/** Bytes from the seeded generator, or the host's. */
function fill<T extends ArrayBufferView | null>(array: T, host: HostCrypto | undefined): T {
  if (array === null || !ArrayBuffer.isView(array)) throw new TypeError("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.");
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const first = seededRandom();
  if (first === undefined && host) return host.getRandomValues(array);
  bytes[0] = Math.floor((first ?? Math.random()) * 256);
  for (let i = 1; i < bytes.length; i++) bytes[i] = Math.floor((seededRandom() ?? Math.random()) * 256);
  return array;
}

/** crypto with getRandomValues() and randomUUID(), both randomness; subtle is not offered. */
function makeCrypto(host: HostCrypto | undefined): object {
  return {
    getRandomValues<T extends ArrayBufferView | null>(array: T): T {
      noteAmbient('random', 'crypto.getRandomValues()');
      return fill(array, host);
    },
    randomUUID(): string {
      noteAmbient('random', 'crypto.randomUUID()');
      if (ambientSettings().seed === undefined && host?.randomUUID) return host.randomUUID();
      return uuidOf(fill(new Uint8Array(16), undefined));
    }
  };
}

function uuidOf(b: Uint8Array): string {
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Date, Math, performance and crypto for flow code; call once per worker, then harden. */
export function ambientEndowments(): Record<string, unknown> {
  const g = globalThis as { performance?: { now(): number; timeOrigin?: number }; crypto?: HostCrypto };
  const hostPerformance = g.performance && typeof g.performance.now === 'function' ? { now: g.performance.now.bind(g.performance), timeOrigin: g.performance.timeOrigin } : undefined;
  const c = g.crypto;
  const hostCrypto: HostCrypto | undefined =
    c && typeof c.getRandomValues === 'function'
      ? { getRandomValues: c.getRandomValues.bind(c), ...(typeof c.randomUUID === 'function' ? { randomUUID: c.randomUUID.bind(c) } : {}) }
      : undefined;
  return { Date: makeDate(), Math: makeMath(), performance: makePerformance(hostPerformance), crypto: makeCrypto(hostCrypto) };
}
