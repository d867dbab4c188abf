// Random small programs for the differential's properties (fast-check): statements over a few
// names, some declared (let, const, var, function, parameters, destructuring, catch bindings) and
// some declared nowhere, in nested blocks and closures, read, assigned, called and asked typeof of.
// Every expression's value is pushed to a log that run() returns, so a program's outcome is the
// log, or the first throw.
import fc from 'fast-check';

const NAMES = ['a', 'b', 'c'] as const;
/** declared nowhere in any program */
const UNDECLARED = ['u', 'w'] as const;

const name = fc.constantFrom(...NAMES);
const anyName = fc.constantFrom(...NAMES, ...UNDECLARED);

const leaf = fc.oneof(
  fc.integer({ min: -3, max: 9 }).map(String),
  anyName,
  anyName.map((n) => `typeof ${n}`),
  anyName.map((n) => `(typeof ${n} === "undefined" ? "none" : ${n})`),
  anyName.map((n) => `(() => ${n})()`),
  fc.constantFrom('undefined', 'null', '"s"', '[]', '{}')
);

const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(tie('e'), fc.constantFrom('+', '===', '??', '||', '&&'), tie('e')).map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(name, tie('e')).map(([n, e]) => `((${n}) => ${e})(${JSON.stringify(n)})`),
    tie('e').map((e) => `[${e}]`)
  )
})).e;

const statement: fc.Arbitrary<string> = fc.letrec<{ s: string; block: string }>((tie) => ({
  s: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    expression.map((e) => `log.push(${e});`),
    fc.tuple(fc.constantFrom('let', 'const', 'var'), name, expression).map(([k, n, e]) => `${k} ${n} = ${e};`),
    fc.tuple(anyName, expression).map(([n, e]) => `${n} = ${e};`),
    fc.tuple(name, expression).map(([n, e]) => `function ${n}() { return ${e}; }`),
    fc.tuple(name, name, expression).map(([x, y, e]) => `const [${x}, ${y} = ${e}] = [${e}];`),
    fc.tuple(name, name, expression).map(([x, y, e]) => `let { ${x}, k: ${y} = ${e} } = { ${x}: ${e} };`),
    fc.tuple(name, expression).map(([n, e]) => `try { throw ${e}; } catch (${n}) { log.push(typeof ${n}); }`),
    fc.tuple(name, expression).map(([n, e]) => `for (let ${n} = 0; ${n} < 2; ${n}++) log.push(${e});`),
    tie('block'),
    tie('block').map((b) => `log.push((() => { ${b} return log.length; })());`)
  ),
  block: fc.array(tie('s'), { minLength: 0, maxLength: 3 }).map((ss) => `{ ${ss.join(' ')} }`)
})).s;

const statements = fc.array(statement, { minLength: 1, maxLength: 5 });

/** A program whose statements are run()'s body. */
export const functionProgram = statements.map((ss) => `export function run() {\n  const log = [];\n${ss.map((s) => `  ${s}`).join('\n')}\n  return log;\n}\n`);

/** A program whose statements are the module's top level; run() returns what they logged. */
export const moduleProgram = statements.map((ss) => `const log = [];\n${ss.join('\n')}\nexport function run() {\n  return log;\n}\n`);

/** Built-ins over random data: strings and numbers through the methods people format with. */
export const stringProgram = fc.string({ unit: 'binary', maxLength: 12 }).map(
  (s) => `const s = ${JSON.stringify(s)};
export function run() {
  return [s.length, [...s].length, s.toUpperCase(), s.toLowerCase(), s.normalize("NFC"), s.trim(), s.split(""), s.at(-1), s.codePointAt(0),
    s.padStart(14, "*"), s.replace(/[a-z]/g, "#"), JSON.stringify(s), JSON.parse(JSON.stringify(s)) === s, s.isWellFormed?.(), [s, "m", "Z"].sort()];
}
`
);

export const numberProgram = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0.5, 1.005, 1e21, -0, 2 ** 53, 123.456)).map(
  (d) => `const d = ${Object.is(d, -0) ? '-0' : Number.isNaN(d) ? 'NaN' : d === Infinity ? 'Infinity' : d === -Infinity ? '-Infinity' : String(d)};
export function run() {
  const f = (g) => { try { return g(); } catch (e) { return e.constructor.name; } };
  return [String(d), JSON.stringify(d), f(() => d.toFixed(2)), f(() => d.toPrecision(5)), f(() => d.toExponential(3)), f(() => d.toString(36)),
    Math.round(d), Math.trunc(d), Math.sign(d), Number.isInteger(d), parseFloat(String(d)) === d, d | 0, d >>> 0, Math.fround(d)];
}
`
);

export const jsonProgram = fc.jsonValue({ maxDepth: 3 }).map(
  (v) => `const v = ${JSON.stringify(v)};
export function run() {
  const text = JSON.stringify(v);
  return [text, JSON.stringify(v, null, 1), JSON.parse(text), typeof v === "object" && v !== null ? Object.keys(v) : typeof v, structuredClone(v)];
}
`
);
