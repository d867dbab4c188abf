// How a snippet's outcome is written down, the same way on every side: in plain Node, in plain
// Chromium, and inside the sandbox (where it is flow code itself, a module of the replayed flow).
// So it is JavaScript source text, not a TypeScript function: each side evaluates this very text.
//
// A value is JSON with markers for what JSON cannot say: {"$":"undefined"}, {"$":"NaN"},
// {"$":"-0"}, {"$":"Infinity"}, {"$":"bigint","v":"1"}, {"$":"symbol","d":"desc"},
// {"$":"function","name":"f"}, array holes, Map/Set/Date/RegExp/boxed primitives/typed arrays,
// errors (constructor name + message), cycles; an object of another prototype than
// Object.prototype carries "$proto": its constructor's name.
//
// An outcome is {"ok":<value>} or {"threw":"<constructor name>","message":"…"} (for an Error) or
// {"threw":"value","v":<value>} (for anything else thrown).
//
// The code reads only what it must, each read guarded, and uses no global a snippet could have
// changed after this module was evaluated (it keeps its own references from load time), and does
// not name `Function`, which the sandbox blocks.

export const SERIALIZE_SOURCE = String.raw`
const $stringify = JSON.stringify;
const $String = String;
const $isArray = Array.isArray;
const $keys = Object.keys;
const $getProto = Object.getPrototypeOf;
const $getDesc = Object.getOwnPropertyDescriptor;
const $toString = Object.prototype.toString;
const $ObjectProto = Object.prototype;
const $apply = Reflect.apply;
const $is = Object.is;
const tagOf = (v) => $apply($toString, v, []);
const q = (s) => $stringify($String(s));

function ctorName(v) {
  try {
    const proto = $getProto(v);
    if (proto === null) return 'null';
    // read, not its descriptor: the sandbox's override taming makes some \`constructor\`s accessors
    const c = proto.constructor;
    return typeof c === 'function' ? $String(c.name) : '?';
  } catch (e) {
    return '?';
  }
}

function ser(v, seen, depth) {
  if (v === undefined) return '{"$":"undefined"}';
  if (v === null) return 'null';
  const t = typeof v;
  if (t === 'number') {
    if (v !== v) return '{"$":"NaN"}';
    if ($is(v, -0)) return '{"$":"-0"}';
    if (v === Infinity) return '{"$":"Infinity"}';
    if (v === -Infinity) return '{"$":"-Infinity"}';
    return $String(v);
  }
  if (t === 'string') return $stringify(v);
  if (t === 'boolean') return v ? 'true' : 'false';
  if (t === 'bigint') return '{"$":"bigint","v":' + q(v) + '}';
  if (t === 'symbol') return '{"$":"symbol","d":' + q(v.description) + '}';
  if (t === 'function') {
    let name = '?';
    try {
      name = $String(v.name);
    } catch (e) {}
    return '{"$":"function","name":' + q(name) + '}';
  }
  if (seen.indexOf(v) >= 0) return '{"$":"cycle"}';
  if (depth > 8) return '{"$":"deep"}';
  seen.push(v);
  try {
    return serObject(v, seen, depth + 1);
  } catch (e) {
    return '{"$":"unreadable"}';
  } finally {
    seen.pop();
  }
}

function serObject(v, seen, depth) {
  const tag = tagOf(v);
  if ($isArray(v)) {
    const parts = [];
    for (let i = 0; i < v.length && i < 1000; i++) parts.push(i in v ? ser(v[i], seen, depth) : '{"$":"hole"}');
    return '[' + parts.join(',') + ']';
  }
  if (tag === '[object Error]') return '{"$":"error","ctor":' + q(ctorName(v)) + ',"message":' + q(v.message) + '}';
  if (tag === '[object Date]') {
    const time = v.getTime();
    return '{"$":"Date","v":' + (time !== time ? '"Invalid"' : q(v.toISOString())) + '}';
  }
  if (tag === '[object RegExp]') return '{"$":"RegExp","v":' + q(v.source + '/' + v.flags) + '}';
  if (tag === '[object Map]') {
    const parts = [];
    v.forEach((value, key) => parts.push('[' + ser(key, seen, depth) + ',' + ser(value, seen, depth) + ']'));
    return '{"$":"Map","v":[' + parts.join(',') + ']}';
  }
  if (tag === '[object Set]') {
    const parts = [];
    v.forEach((value) => parts.push(ser(value, seen, depth)));
    return '{"$":"Set","v":[' + parts.join(',') + ']}';
  }
  if (tag === '[object Number]' || tag === '[object String]' || tag === '[object Boolean]' || tag === '[object BigInt]' || tag === '[object Symbol]') {
    return '{"$":"boxed","v":' + ser(v.valueOf(), seen, depth) + '}';
  }
  if (/^\[object (Int8|Uint8|Uint8Clamped|Int16|Uint16|Int32|Uint32|Float32|Float64|BigInt64|BigUint64)Array\]$/.test(tag)) {
    const parts = [];
    for (let i = 0; i < v.length && i < 1000; i++) parts.push(ser(v[i], seen, depth));
    return '{"$":' + q(tag.slice(8, -1)) + ',"v":[' + parts.join(',') + ']}';
  }
  if (tag === '[object ArrayBuffer]') return '{"$":"ArrayBuffer","bytes":' + v.byteLength + '}';
  if (tag === '[object Promise]' || tag === '[object WeakMap]' || tag === '[object WeakSet]' || tag === '[object WeakRef]' || tag === '[object Generator]') {
    return '{"$":' + q(tag.slice(8, -1)) + '}';
  }
  const proto = $getProto(v);
  const parts = [];
  if (proto !== $ObjectProto) parts.push('"$proto":' + q(proto === null ? 'null' : ctorName(v)));
  const keys = $keys(v);
  for (let i = 0; i < keys.length && i < 200; i++) {
    const k = keys[i];
    parts.push($stringify(k) + ':' + ser(v[k], seen, depth));
  }
  return '{' + parts.join(',') + '}';
}

/** The outcome of run(): ok is false when it threw (or its promise rejected) with v. */
export function outcomeText(ok, v) {
  try {
    if (ok) return '{"ok":' + ser(v, [], 0) + '}';
    if (v !== null && typeof v === 'object' && tagOf(v) === '[object Error]') {
      let message;
      try {
        message = $String(v.message);
      } catch (e) {
        message = '?';
      }
      return '{"threw":' + q(ctorName(v)) + ',"message":' + q(message) + '}';
    }
    return '{"threw":"value","v":' + ser(v, [], 0) + '}';
  } catch (e) {
    return '{"threw":"unserializable"}';
  }
}

export function serialize(v) {
  return ser(v, [], 0);
}
`;
