// What a shared, frozen realm changes for ordinary code: the override mistake (an own property
// whose name a frozen prototype already has), writes to the built-ins themselves (by design), and
// source text that holds what the sandbox's source checks look for (`<!--`, `-->`, `import(`,
// `eval(`) in strings, templates, regexes and comments.
import { body, expr, mod, type Snippet } from './define';

/** [id, how to make an instance, the inherited property to give it an own value] */
const OVERRIDES: readonly (readonly [string, string, string])[] = [
  ['number-toString', 'new Number(1)', 'toString'],
  ['number-valueOf', 'new Number(1)', 'valueOf'],
  ['number-toFixed', 'new Number(1)', 'toFixed'],
  ['string-toString', 'new String("s")', 'toString'],
  ['string-valueOf', 'new String("s")', 'valueOf'],
  ['string-trim', 'new String("s")', 'trim'],
  ['boolean-toString', 'new Boolean(true)', 'toString'],
  ['array-constructor', '[]', 'constructor'],
  ['array-push', '[]', 'push'],
  ['array-toString', '[]', 'toString'],
  ['array-map', '[]', 'map'],
  ['array-join', '[]', 'join'],
  ['object-toString', '({})', 'toString'],
  ['object-valueOf', '({})', 'valueOf'],
  ['object-hasOwnProperty', '({})', 'hasOwnProperty'],
  ['object-constructor', '({})', 'constructor'],
  ['object-toJSON-absent', '({})', 'toJSON'],
  ['object-isPrototypeOf', '({})', 'isPrototypeOf'],
  ['object-propertyIsEnumerable', '({})', 'propertyIsEnumerable'],
  ['object-toLocaleString', '({})', 'toLocaleString'],
  ['map-set', 'new Map()', 'set'],
  ['map-get', 'new Map()', 'get'],
  ['map-has', 'new Map()', 'has'],
  ['set-add', 'new Set()', 'add'],
  ['weakmap-get', 'new WeakMap()', 'get'],
  ['promise-then', 'Promise.resolve()', 'then'],
  ['promise-catch', 'Promise.resolve()', 'catch'],
  ['date-toJSON', 'new Date(0)', 'toJSON'],
  ['date-getTime', 'new Date(0)', 'getTime'],
  ['date-toString', 'new Date(0)', 'toString'],
  ['regexp-exec', '/x/', 'exec'],
  ['regexp-test', '/x/', 'test'],
  ['regexp-toString', '/x/', 'toString'],
  ['error-name', 'new Error("e")', 'name'],
  ['error-toString', 'new Error("e")', 'toString'],
  ['typeerror-name', 'new TypeError("e")', 'name'],
  ['function-toString', '(function f() {})', 'toString'],
  ['function-call', '(function f() {})', 'call'],
  ['function-apply', '(function f() {})', 'apply'],
  ['function-bind', '(function f() {})', 'bind'],
  ['arraybuffer-slice', 'new ArrayBuffer(1)', 'slice'],
  ['uint8array-set', 'new Uint8Array(1)', 'set'],
  ['dataview-getUint8', 'new DataView(new ArrayBuffer(1))', 'getUint8'],
  ['generator-next', '(function* () {})()', 'next'],
  ['symbol-iterator-on-array', '[]', 'Symbol.iterator'],
  ['object-__proto__-assign-is-prototype-set', '({})', '__proto__']
];

const overrideMistake: Snippet[] = OVERRIDES.map(([id, make, prop]) => {
  const key = prop.startsWith('Symbol.') ? `[${prop}]` : `.${prop}`;
  const read = prop.startsWith('Symbol.') ? `typeof o[${prop}]` : `typeof o.${prop}`;
  return body(`override/${id}`, `  const o = ${make};\n  o${key} = function replaced() {\n    return "own";\n  };\n  return [${read}, Object.getOwnPropertyNames(o).includes(${JSON.stringify(prop)})];`);
});

const overrideMore: Snippet[] = [
  body('override/class-instance-assigns-toString-in-constructor', '  class A {\n    constructor() {\n      this.toString = () => "mine";\n    }\n  }\n  return String(new A());'),
  body('override/object-create-from-frozen-proto-assign', '  const o = Object.create(Array.prototype);\n  o.push = 1;\n  return o.push;'),
  body('override/inherited-from-user-frozen-proto', '  const proto = Object.freeze({ x: 1 });\n  const o = Object.create(proto);\n  o.x = 2;\n  return o.x;'),
  body('override/defineProperty-works-anyway', '  const n = new Number(1);\n  Object.defineProperty(n, "toString", { value: () => "defined" });\n  return String(n);'),
  body('override/spread-copy-then-assign', '  const o = { ...{ toString: () => "spread" } };\n  o.toString = () => "assigned";\n  return String(o);'),
  body('override/error-name-assign', '  const e = new Error("m");\n  e.name = "RenamedError";\n  return String(e);'),
  body('override/error-message-assign-on-subclass', '  class E extends TypeError {}\n  const e = new E("m");\n  e.name = "E";\n  return String(e);'),
  body('override/object-literal-assigns-constructor', '  const o = {};\n  o.constructor = "plain";\n  return o.constructor;'),
  body('override/array-length-is-own', '  const a = [1, 2];\n  a.length = 0;\n  return a;'),
  body('override/function-name-is-nonwritable-own', '  function f() {}\n  f.name = "renamed";\n  return f.name;'),
  body('override/function-prototype-assign', '  function F() {}\n  F.prototype = { made: true };\n  return new F().made;'),
  body('override/arguments-toString-assign', '  function f() {\n    arguments.toString = () => "args";\n    return String(arguments);\n  }\n  return f();'),
  body('override/mixin-assign-methods', '  const target = [];\n  Object.assign(target, { push() { return "mixed"; } });\n  return target.push();')
];

const frozenIntrinsics: Snippet[] = [
  body('frozen/array-prototype-push-assign', '  Array.prototype.push = function () {\n    return 0;\n  };\n  return [].push(1);'),
  body('frozen/array-prototype-add-method', '  Array.prototype.last = function () {\n    return this[this.length - 1];\n  };\n  return [1, 2].last();'),
  body('frozen/object-prototype-add', '  Object.prototype.polluted = 1;\n  return ({}).polluted;'),
  body('frozen/string-prototype-add', '  String.prototype.shout = function () {\n    return this.toUpperCase() + "!";\n  };\n  return "a".shout();'),
  body('frozen/math-assign', '  Math.double = (x) => x * 2;\n  return Math.double(2);'),
  body('frozen/json-assign', '  JSON.parse = () => "patched";\n  return JSON.parse("1");'),
  body('frozen/promise-prototype-assign', '  Promise.prototype.then = function () {};\n  return 1;'),
  body('frozen/define-on-intrinsic', '  Object.defineProperty(Array.prototype, "extra", { value: 1 });\n  return [].extra;'),
  body('frozen/delete-intrinsic-method', '  delete Array.prototype.map;\n  return typeof [].map;'),
  body('frozen/setPrototypeOf-intrinsic', '  Object.setPrototypeOf(Array.prototype, null);\n  return 1;'),
  body('frozen/date-prototype-assign', '  Date.prototype.getTime = () => 0;\n  return new Date(5).getTime();'),
  body('frozen/error-stackTraceLimit-assign', '  Error.stackTraceLimit = 1;\n  return Error.stackTraceLimit;'),
  body('frozen/builtin-method-descriptor', '  const d = Object.getOwnPropertyDescriptor(Array.prototype, "map");\n  return [d.writable, d.configurable];'),
  body('frozen/index-on-array-prototype', '  Array.prototype[0] = "inherited";\n  return [][0];'),
  body('frozen/symbol-registry-still-works', '  return Symbol.for("frozen-realm") === Symbol.for("frozen-realm");')
];

const sourceText: Snippet[] = [
  mod('source/html-open-comment-in-string', 'const s = "<!-- not a comment -->";\nexport function run() {\n  return s.length;\n}'),
  mod('source/html-open-comment-in-single-quoted-string', "const s = '<!--';\nexport function run() {\n  return s;\n}"),
  mod('source/html-close-comment-in-string', 'const s = "-->";\nexport function run() {\n  return s;\n}'),
  mod('source/html-comment-in-template', 'const t = `<!-- ${1 + 1} -->`;\nexport function run() {\n  return t;\n}'),
  mod('source/html-comment-in-regex', 'const r = /<!--(.*?)-->/;\nexport function run() {\n  return r.exec("a<!--b-->c")[1];\n}'),
  mod('source/html-comment-in-line-comment', '// the markup starts with <!-- and ends with -->\nexport function run() {\n  return "comment";\n}'),
  mod('source/html-comment-in-block-comment', '/* <!-- --> */\nexport function run() {\n  return "block";\n}'),
  mod('source/html-close-after-decrement', 'export function run() {\n  let a = 3;\n  const b = a-->1;\n  return [a, b];\n}'),
  mod('source/html-open-as-less-than-not-decrement', 'export function run() {\n  let a = 1, b = 2;\n  return a<!--b;\n}'),
  mod('source/import-call-in-string', 'const s = "import(\'x\')";\nexport function run() {\n  return s;\n}'),
  mod('source/import-call-in-template', 'const t = `import(${"x"})`;\nexport function run() {\n  return t;\n}'),
  mod('source/import-call-in-comment', '// a dynamic import("./x") would load code\nexport function run() {\n  return 1;\n}'),
  mod('source/import-call-in-regex', 'const r = /import\\(/;\nexport function run() {\n  return r.test("import(");\n}'),
  mod('source/import-as-property-name-call', 'const o = { import(x) { return x; } };\nexport function run() {\n  return o.import(5);\n}'),
  mod('source/eval-call-in-string', 'const s = "eval(code)";\nexport function run() {\n  return s;\n}'),
  mod('source/eval-call-in-comment', '// never eval(input)\nexport function run() {\n  return 2;\n}'),
  mod('source/eval-call-in-template', 'const t = `eval(${1})`;\nexport function run() {\n  return t;\n}'),
  mod('source/eval-as-method-call', 'const o = { eval(x) { return x * 2; } };\nexport function run() {\n  return o.eval(4);\n}'),
  mod('source/eval-direct-call', 'export function run() {\n  return eval("1 + 1");\n}'),
  mod('source/import-dynamic-call', 'export function run() {\n  return import("./other.js").then(() => "loaded", (e) => e.constructor.name);\n}'),
  mod('source/import-meta-url-type', 'export function run() {\n  return typeof import.meta.url;\n}'),
  mod('source/html-comment-in-jsx-like-string', 'const html = "<div><!-- x --></div>";\nexport function run() {\n  return html.replace(/<!--.*?-->/g, "");\n}'),
  mod('source/less-than-comparison-jsx-ambiguity', 'export function run() {\n  const a = 1, b = 2, c = 3;\n  return a < b > c;\n}'),
  mod('source/generic-like-arrow', 'export function run() {\n  const f = (x) => x;\n  return f(1) < 2;\n}'),
  mod('source/sourceURL-comment-is-harmless', 'export function run() {\n  return 1;\n}\n//# sourceURL=elsewhere.js'),
  mod('source/unicode-line-separator-in-string', 'export function run() {\n  return "a\u2028b".length;\n}'),
  mod('source/bom-free-zero-width-in-identifier', 'export function run() {\n  const a\u200c = 1;\n  return a\u200c;\n}')
];

const taming: Snippet[] = [
  expr('taming/number-toLocaleString', '(1234.5).toLocaleString("en-US")'),
  expr('taming/date-toLocaleString-utc', 'new Date(0).toLocaleString("en-US", { timeZone: "UTC" })'),
  expr('taming/localeCompare-case', '"a".localeCompare("B")'),
  expr('taming/array-toLocaleString', '[1234.5, new Date(0)].toLocaleString("en-US", { timeZone: "UTC" })'),
  expr('taming/error-stack-names-run', '(() => { try { null.f(); } catch (e) { return /\\bat run\\b/.test(String(e.stack)); } })()'),
  expr('taming/function-toString-source-kept', '(function kept(a) { return a + 1; }).toString()'),
  expr('taming/regexp-legacy-input', '(() => { /a/.test("xa"); return typeof RegExp.input; })()'),
  expr('taming/date-constructor-no-args-works', 'typeof new Date().getTime()'),
  expr('taming/math-random-not-constant', 'Math.random() !== Math.random()'),
  expr('taming/error-prepareStackTrace-absent', 'typeof Error.prepareStackTrace'),
  expr('taming/object-getOwnPropertyNames-Error', 'Object.getOwnPropertyNames(Error).sort()')
];

export const realm: Snippet[] = [...overrideMistake, ...overrideMore, ...frozenIntrinsics, ...sourceText, ...taming];
