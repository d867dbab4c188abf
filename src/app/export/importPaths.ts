// Where the person's tests import each flow from, remembered per flow name,
// so the second export of a checkout incident needs no typing.
const key = (flowName: string | undefined) => `timescope.testImport.${flowName ?? '(unnamed)'}`;

export function rememberedImportPath(flowName: string | undefined): string | undefined {
  try {
    return localStorage.getItem(key(flowName)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberImportPath(flowName: string | undefined, path: string): void {
  try {
    localStorage.setItem(key(flowName), path);
  } catch {
    // storage off: typed again next time
  }
}
