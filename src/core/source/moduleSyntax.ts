// What only a parse of the person's own text can tell (transpile.ts reads sucrase's output
// otherwise): whether a file is an ES module, and how to mend valid code sucrase cannot read.
// Both parse again, so transpile asks only when the answer matters.
import { parse } from '@babel/parser';
import { pluginsFor } from './syntaxError';
import type { AnyNode } from './instrument';

/** errorRecovery: read past what a module may not hold (a function declared twice), to know it is one. */
function parseAs(file: string, text: string, sourceType: 'module' | 'unambiguous', errorRecovery = false): ReturnType<typeof parse> | undefined {
  try {
    return parse(text, { sourceType, plugins: pluginsFor(file), allowReturnOutsideFunction: true, allowUndeclaredExports: true, attachComment: false, errorRecovery });
  } catch {
    return undefined;
  }
}

/**
 * An ES module, as Node runs it: a .mjs/.mts file, or any file with import or export (sucrase makes
 * each CommonJS, where `this` at the top is the exports and a function may be declared twice).
 */
export function isModuleSource(file: string, text: string): boolean {
  if (/\.m[jt]s$/i.test(file)) return true;
  if (/\.c[jt]s$/i.test(file)) return false;
  return parseAs(file, text, 'unambiguous', true)?.program.sourceType === 'module';
}

/**
 * For a text sucrase 3.35 rejected: whether it is valid code all the same (babel reads it), and if
 * so the text with what sucrase cannot read written another way with the same meaning, when there
 * is any: a `yield` with no operand before `)`, `]` or `,` (`f(yield)`, `[yield]`) becomes
 * `yield void 0`.
 */
export function repairForSucrase(file: string, text: string): { readonly valid: boolean; readonly repaired?: string } {
  const ast = parseAs(file, text, 'module');
  if (!ast) return { valid: false };
  const at: number[] = [];
  const visit = (node: AnyNode): void => {
    if (node.type === 'YieldExpression' && !node.delegate && !node.argument) at.push(node.end);
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'extra' || key.endsWith('Comments')) continue;
      const child = node[key];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as AnyNode).type === 'string') visit(c as AnyNode);
    }
  };
  visit(ast.program as unknown as AnyNode);
  if (at.length === 0) return { valid: true };
  let out = text;
  for (const end of at.sort((a, b) => b - a)) out = `${out.slice(0, end)} void 0${out.slice(end)}`;
  return { valid: true, repaired: out };
}
