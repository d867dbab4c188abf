// Stand-ins for the imports we cannot (and must not) load: 'pg', 'stripe', './services' when the
// person did not load services.ts, node built-ins… A replay never does I/O, and a Command's function,
// the only code that should reach these, never runs during replay. So importing a stand-in always
// works, and only using it throws, with a message that says which import and what was touched.

const stubs = new WeakSet<object>();

/** True for a stand-in or anything reached through one (so export pickers can ignore them). */
export function isStub(value: unknown): boolean {
  return (typeof value === 'function' || typeof value === 'object') && value !== null && stubs.has(value);
}

/** The error a stand-in throws; its stack's first user frame is the line that touched it. */
export class StandInError extends Error {
  readonly specifier: string;
  readonly touched: string;
  constructor(message: string, specifier: string, touched: string) {
    super(message);
    this.name = 'StandInError';
    this.specifier = specifier;
    this.touched = touched;
  }
}

type Use = 'get' | 'call' | 'new' | 'set';

function describeUse(specifier: string, path: readonly string[], use: Use): string {
  const from = `'${specifier}'`;
  const isDefault = path[0] === 'default';
  const rest = isDefault ? path.slice(1) : path;
  const code = rest.join('.');
  if (isDefault && rest.length === 0) {
    if (use === 'call') return `called the default import of ${from}`;
    if (use === 'new') return `used \`new\` on the default import of ${from}`;
    return `touched the default import of ${from}`;
  }
  if (rest.length === 0) return `${use === 'new' ? 'used `new` on' : use === 'call' ? 'called' : 'touched'} the module ${from}`;
  const where = isDefault ? `on the default import of ${from}` : `from ${from}`;
  if (use === 'call') return `called \`${code}()\` ${where}`;
  if (use === 'new') return `used \`new ${code}()\` ${where}`;
  if (use === 'set') return `assigned to \`${code}\` ${where}`;
  return `touched \`${code}\` ${where}`;
}

function touched(specifier: string, path: readonly string[], use: Use): StandInError {
  const relative = specifier.startsWith('.') || specifier.startsWith('/');
  const message =
    `The flow ${describeUse(specifier, path, use)} outside a Command. ` +
    "Timescope replays without I/O: imports other than 'pure-effect' and the loaded source files are stand-ins, " +
    "and only a Command's own function may use them (it never runs during replay)." +
    (relative ? ` If '${specifier}' holds pure code the flow needs, load that file too.` : '');
  return new StandInError(message, specifier, path.join('.'));
}

/** The stand-in for `require(specifier)`. */
export function createModuleStub(specifier: string): unknown {
  return stubAt(specifier, []);
}

function stubAt(specifier: string, path: readonly string[]): unknown {
  // A plain function target, so that `new stub()` reaches the construct trap instead of a TypeError.
  const target = function standIn() {};
  const proxy = new Proxy(target, {
    get(_t, prop) {
      // Symbols (toPrimitive, iterator, inspection hooks) and `then` read as absent: awaiting a stand-in
      // or printing it must not throw. `__esModule` is true on the module itself so sucrase's interop
      // helpers hand it over untouched instead of copying (and so touching) its keys.
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      if (prop === '__esModule') return path.length === 0 ? true : undefined;
      // Taking a named import (`_services.db`) is not using it; reading a property of it is.
      if (path.length === 0) return stubAt(specifier, [prop]);
      // sucrase compiles a call of an imported function `f(x)` as `_mod.f.call(void 0, x)`.
      if (prop === 'call' || prop === 'apply') {
        return () => {
          throw touched(specifier, path, 'call');
        };
      }
      throw touched(specifier, [...path, prop], 'get');
    },
    apply() {
      throw touched(specifier, path, 'call');
    },
    construct() {
      throw touched(specifier, path, 'new');
    },
    set(_t, prop) {
      throw touched(specifier, [...path, String(prop)], 'set');
    },
    defineProperty(_t, prop) {
      throw touched(specifier, [...path, String(prop)], 'set');
    },
    deleteProperty(_t, prop) {
      throw touched(specifier, [...path, String(prop)], 'set');
    }
  });
  stubs.add(proxy);
  return proxy;
}
