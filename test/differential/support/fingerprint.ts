// A fingerprint of a realm's globals and built-ins (JavaScript source, for plain Node's and plain
// Chromium's runners): every own property of the global object, of each standard constructor or
// namespace, of its prototype and of the iterator and generator prototypes, by identity. A snippet
// after which it differs changed the world the next snippet would run in.
export const FINGERPRINT_SOURCE = String.raw`
function fingerprint() {
  const out = [];
  const seen = new Set();
  const visit = (o) => {
    if ((typeof o !== 'object' && typeof o !== 'function') || o === null || seen.has(o)) return;
    seen.add(o);
    for (const k of Reflect.ownKeys(o)) {
      const d = Reflect.getOwnPropertyDescriptor(o, k);
      out.push(k, d.value, d.get, d.set, d.writable, d.enumerable, d.configurable);
    }
    out.push(Reflect.isExtensible(o), Reflect.getPrototypeOf(o));
  };
  visit(globalThis);
  for (const k of Reflect.ownKeys(globalThis)) {
    const d = Reflect.getOwnPropertyDescriptor(globalThis, k);
    if (typeof k === 'string' && /^[A-Z]/.test(k) && d && 'value' in d) {
      visit(d.value);
      if (typeof d.value === 'function') visit(d.value.prototype);
    }
  }
  const gen = Reflect.getPrototypeOf(function* () {});
  visit(gen);
  visit(gen.prototype);
  visit(Reflect.getPrototypeOf(gen.prototype));
  visit(Reflect.getPrototypeOf(async function () {}));
  visit(Reflect.getPrototypeOf([][Symbol.iterator]()));
  visit(Reflect.getPrototypeOf(''[Symbol.iterator]()));
  visit(Reflect.getPrototypeOf(new Map()[Symbol.iterator]()));
  visit(Reflect.getPrototypeOf(new Set()[Symbol.iterator]()));
  visit(Reflect.getPrototypeOf(Int8Array));
  visit(Reflect.getPrototypeOf(Int8Array.prototype));
  return out;
}
function sameFingerprint(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
`;
