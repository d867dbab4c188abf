// Revived errors remember the stored form they came from, so Timescope's
// report can give back exactly what was recorded (a WeakMap: nothing is added
// to the error itself).

const storedOf = new WeakMap<object, unknown>();

export function rememberStored<T>(revived: T, stored: unknown): T {
  if (typeof revived === 'object' && revived !== null) storedOf.set(revived, stored);
  return revived;
}

export function recordedForm(e: object): { readonly found: boolean; readonly stored?: unknown } {
  return storedOf.has(e) ? { found: true, stored: storedOf.get(e) } : { found: false };
}
