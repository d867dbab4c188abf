// Which exported function is the flow to replay.
//
// A trace names its flow only by `flowName` ('checkout', 'split-shipment'), while the code exports
// `checkoutFlow` / `splitShipmentFlow`. So, in order:
//   1. an explicit name (CLI --export, or the person's pick), which must exist and be a function;
//   2. the export named exactly like the flowName, or its camelCase + 'Flow' (a default export by its
//      function's own name);
//   3. the only exported function whose name ends in 'Flow';
//   4. the only exported function at all (nothing to ask about);
//   5. otherwise the person picks among all exported functions.

import { isStub } from './stub';

export type ExportChoice =
  | { readonly kind: 'found'; readonly name: string; readonly how: 'explicit' | 'flow-name' | 'only-flow' | 'only-function' }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly string[] }
  | { readonly kind: 'none' }
  /** the explicit name is absent or not a function */
  | { readonly kind: 'bad-name'; readonly message: string };

/** 'split-shipment' -> 'splitShipmentFlow', 'checkout' -> 'checkoutFlow'. */
export function flowExportName(flowName: string): string {
  const words = flowName.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  return `${camel}Flow`;
}

/** The flow's name as the trace records it: `flowName`, else `context.flowName` (what recordEffect copies it from). */
export function traceFlowName(trace: unknown): string | undefined {
  if (typeof trace !== 'object' || trace === null || Array.isArray(trace)) return undefined;
  const t = trace as { flowName?: unknown; context?: { flowName?: unknown } | null };
  if (typeof t.flowName === 'string' && t.flowName) return t.flowName;
  const fromContext = t.context?.flowName;
  return typeof fromContext === 'string' && fromContext ? fromContext : undefined;
}

/** Exported functions by name, in export order; stand-ins re-exported from unloaded modules are not functions of the person's. */
export function exportedFunctions(exports: unknown): string[] {
  if (typeof exports === 'function' && !isStub(exports)) return ['default']; // `module.exports = flow`
  if (typeof exports !== 'object' || exports === null) return [];
  const names: string[] = [];
  for (const name of Object.keys(exports)) {
    let value: unknown;
    try {
      value = (exports as Record<string, unknown>)[name];
    } catch {
      continue; // a re-export getter reaching a stand-in
    }
    if (typeof value === 'function' && !isStub(value)) names.push(name);
  }
  return names;
}

/** The export by name (`default` for a module that is itself a function). */
export function exportNamed(exports: unknown, name: string): unknown {
  if (typeof exports === 'function') return name === 'default' ? exports : undefined;
  if (typeof exports !== 'object' || exports === null) return undefined;
  return Object.prototype.hasOwnProperty.call(exports, name) ? (exports as Record<string, unknown>)[name] : undefined;
}

export function chooseExport(
  exports: unknown,
  options: { readonly flowName?: string; readonly exportName?: string; readonly file?: string }
): ExportChoice {
  const functions = exportedFunctions(exports);
  const where = options.file ? `'${options.file}'` : 'the flow file';
  if (options.exportName !== undefined) {
    const name = options.exportName;
    if (functions.includes(name)) return { kind: 'found', name, how: 'explicit' };
    const list = functions.length ? `its exported functions are ${functions.join(', ')}` : 'it exports no functions';
    const value = exportNamed(exports, name);
    if (value === undefined) return { kind: 'bad-name', message: `${where} has no export named '${name}'; ${list}.` };
    return { kind: 'bad-name', message: `'${name}' in ${where} is not a function (it is ${typeof value}); ${list}.` };
  }
  if (functions.length === 0) return { kind: 'none' };
  if (options.flowName) {
    const exact = functions.find((n) => n === options.flowName);
    const camel = flowExportName(options.flowName);
    // `export default function checkoutFlow` is exported as 'default' but keeps its own name.
    const ownName = (n: string) => (exportNamed(exports, n) as { name?: unknown }).name;
    const named = exact ?? functions.find((n) => n === camel) ?? functions.find((n) => n === 'default' && [options.flowName, camel].includes(ownName(n) as string));
    if (named) return { kind: 'found', name: named, how: 'flow-name' };
  }
  const flows = functions.filter((n) => n.endsWith('Flow'));
  if (flows.length === 1) return { kind: 'found', name: flows[0]!, how: 'only-flow' };
  if (functions.length === 1) return { kind: 'found', name: functions[0]!, how: 'only-function' };
  return { kind: 'ambiguous', candidates: functions };
}

/** Loaded file names in the order to try them as the entry: flow.* first, then as given. */
export function entryOrder(names: readonly string[]): string[] {
  const base = (n: string) => n.slice(n.lastIndexOf('/') + 1).toLowerCase();
  const flowLike = names.filter((n) => base(n).startsWith('flow.'));
  return [...flowLike, ...names.filter((n) => !flowLike.includes(n))];
}
