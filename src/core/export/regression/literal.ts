// Writing data as JavaScript source for a generated test file. Everything that comes from a trace, a
// title or a path the person typed goes through here, so nothing in it can end a string, open a
// comment or run: strings are JSON-escaped, and U+2028/U+2029 (legal in JSON, a line break to some
// older JavaScript tools) are escaped too.

/** A string as a double-quoted JavaScript literal. */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** `{ "__proto__": v }` in a literal sets the prototype; a computed key makes the own property JSON.parse makes. */
function keyLiteral(key: string): string {
  return key === '__proto__' ? `[${stringLiteral(key)}]` : stringLiteral(key);
}

function numberLiteral(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  return Object.is(n, -0) ? '-0' : String(n);
}

/**
 * `value` as a JavaScript expression that evaluates to an equal value, indented like
 * `JSON.stringify(value, null, 2)`. Unlike JSON it keeps an own key whose value is `undefined`
 * (a path-less trace entry's `error: undefined` means that it threw, spec §5). Plain data only:
 * anything with a `toJSON` is written as what that returns, and functions and symbols are refused.
 */
export function jsLiteral(value: unknown, indent = ''): string {
  const ancestors: object[] = [];
  const write = (v: unknown, pad: string): string => {
    if (v === undefined) return 'undefined';
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string':
        return stringLiteral(v);
      case 'number':
        return numberLiteral(v);
      case 'boolean':
        return String(v);
      case 'bigint':
        return `${v}n`;
      case 'function':
      case 'symbol':
        throw new TypeError(`A ${typeof v} cannot be written into a test file as data.`);
    }
    const o = v as { toJSON?: unknown };
    if (typeof o.toJSON === 'function') return write((o.toJSON as () => unknown)(), pad);
    if (ancestors.includes(o)) throw new TypeError('A value that contains itself cannot be written into a test file as data.');
    ancestors.push(o);
    try {
      const inner = `${pad}  `;
      if (Array.isArray(o)) {
        if (o.length === 0) return '[]';
        return `[\n${Array.from(o, (item) => inner + write(item, inner)).join(',\n')}\n${pad}]`;
      }
      const keys = Object.keys(o);
      if (keys.length === 0) return '{}';
      const rec = o as Record<string, unknown>;
      return `{\n${keys.map((k) => `${inner}${keyLiteral(k)}: ${write(rec[k], inner)}`).join(',\n')}\n${pad}}`;
    } finally {
      ancestors.pop();
    }
  };
  return write(value, indent);
}
