// The few things about babel's tree that placing logpoints needs (place.ts, commandFns.ts).

export type Node = { readonly type: string; readonly start: number; readonly end: number; readonly loc: { start: { line: number }; end: { line: number } } } & Record<string, unknown>;

export const isStatement = (n: Node) => /Statement$|Declaration$/.test(n.type) && n.type !== 'ExportSpecifier';
export const isFunction = (n: Node | undefined): boolean => !!n && (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration');

/** The function a statement declares, when the line is its head: `function f(…) {`, `const f = (…) => …`. */
export function declaredFunction(s: Node): Node | undefined {
  const inner = s.type === 'ExportNamedDeclaration' || s.type === 'ExportDefaultDeclaration' ? (s.declaration as Node | undefined) : s;
  if (!inner) return undefined;
  if (inner.type === 'FunctionDeclaration' || isFunction(inner)) return inner;
  if (inner.type === 'VariableDeclaration') {
    const decls = inner.declarations as Node[];
    const init = decls.length === 1 ? (decls[0]!.init as Node | undefined) : undefined;
    if (isFunction(init) && init!.loc.start.line === s.loc.start.line) return init;
  }
  return undefined;
}

