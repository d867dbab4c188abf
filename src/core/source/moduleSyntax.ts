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
  const ast = parseAs(file, text, 'unambiguous', true);
  // babel gives up on a few things a module may not hold (`a<!--b`): then a line that starts with
  // import or export says it, as it does to a person reading the file
  return ast ? ast.program.sourceType === 'module' : /^\s*(?:import|export)\b/m.test(text);
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

/** What an ES module's own `exports`, `module` and `require` are renamed to (freeNames.ts and align.ts read it back). */
export const MODULE_NAME_PREFIX = '__pe$u$';
const WRAPPER_WORDS = /\b(?:exports|module|require)\b/;
const RENAMED = new Set(['exports', 'module', 'require']);

/** A name that is no binding or reference: a property's or member's key, an import's or export's outside name, a label. */
function isKeyOrLabel(parent: AnyNode, key: string): boolean {
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return key === 'property' && !parent.computed;
    case 'ObjectProperty':
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'ClassProperty':
    case 'ClassAccessorProperty':
      return key === 'key' && !parent.computed;
    case 'ImportSpecifier':
      return key === 'imported';
    case 'ExportSpecifier':
      return key === 'exported';
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return key === 'label';
    case 'MetaProperty':
      return true;
    default:
      return false;
  }
}

/**
 * The person's text as sucrase should see it:
 * - a leading `#!` line (which Node skips) as a comment;
 * - in an ES module, its own `exports`, `module` and `require` renamed (`__pe$u$module`): there
 *   they are ordinary names, free or declared (`const module = …`), where sucrase's CommonJS
 *   output and the loader's wrapper use them as the module's own, so `const module` would not
 *   compile and `typeof require` would be "function". Lines and every other name stay.
 */
export function prepareModuleText(file: string, text: string): string {
  const out = text.startsWith('#!') ? `//${text.slice(2)}` : text;
  if (!WRAPPER_WORDS.test(out) || !isModuleSource(file, out)) return out;
  const ast = parseAs(file, out, 'module', true);
  if (!ast) return out;
  const edits: { at: number; end: number; text: string }[] = [];
  const visit = (node: AnyNode, parent: AnyNode | undefined, key: string): void => {
    if (node.type.startsWith('TS')) return; // types, and declare module: gone after sucrase
    if (node.type === 'ObjectProperty' && node.shorthand) {
      // `{ module }` or `{ module = d }`: the property keeps its name, the value is the renamed one
      const value = node.value as AnyNode;
      const id = value.type === 'AssignmentPattern' ? (value.left as AnyNode) : value;
      if (id.type === 'Identifier' && RENAMED.has(id.name as string)) edits.push({ at: node.start, end: node.start, text: `${id.name as string}: ` });
    }
    if (node.type === 'Identifier' && RENAMED.has(node.name as string) && !(parent && isKeyOrLabel(parent, key))) {
      const name = node.name as string;
      // `import { module }` / `export { module }`: the outside name stays
      const outside = parent?.type === 'ImportSpecifier' ? (parent.imported as AnyNode) : parent?.type === 'ExportSpecifier' ? (parent.exported as AnyNode) : undefined;
      if (outside?.start === node.start && parent!.type === 'ImportSpecifier') edits.push({ at: node.start, end: node.start, text: `${name} as ` });
      if (outside?.start === node.start && parent!.type === 'ExportSpecifier') edits.push({ at: node.end, end: node.end, text: ` as ${name}` });
      edits.push({ at: node.start, end: node.end, text: `${MODULE_NAME_PREFIX}${name}` });
    }
    for (const k of Object.keys(node)) {
      if (k === 'loc' || k === 'extra' || k.endsWith('Comments') || k === 'type') continue;
      const child = node[k];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as AnyNode).type === 'string') visit(c as AnyNode, node, k);
    }
  };
  visit(ast.program as unknown as AnyNode, undefined, '');
  if (edits.length === 0) return out;
  // From the end; at one place, insertions (end === at) before the replacement they belong to.
  edits.sort((a, b) => b.at - a.at || (b.end - b.at) - (a.end - a.at));
  let result = out;
  for (const e of edits) result = result.slice(0, e.at) + e.text + result.slice(e.end);
  return result;
}

/** Where a module uses what the sandbox's CommonJS loading cannot give it, for the compile error that says so. */
export function moduleOnlyFeatureAt(file: string, text: string, feature: 'top-level-await' | 'import-meta'): { line: number; column: number } | undefined {
  const ast = parseAs(file, text, 'module', true);
  if (!ast) return undefined;
  let found: AnyNode | undefined;
  const FUNCTIONS = /^(?:Function|ArrowFunction|ClassMethod|ClassPrivateMethod|ObjectMethod)/;
  const visit = (node: AnyNode, inFunction: boolean): void => {
    if (found) return;
    if (feature === 'import-meta' && node.type === 'MetaProperty' && (node.meta as AnyNode).name === 'import') found = node;
    if (feature === 'top-level-await' && !inFunction && (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await))) found = node;
    const inner = inFunction || FUNCTIONS.test(node.type);
    for (const k of Object.keys(node)) {
      if (k === 'loc' || k === 'extra' || k.endsWith('Comments') || k === 'type') continue;
      const child = node[k];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as AnyNode).type === 'string') visit(c as AnyNode, inner);
    }
  };
  visit(ast.program as unknown as AnyNode, false);
  const loc = (found as { loc?: { start: { line: number; column: number } } } | undefined)?.loc;
  return loc ? { line: loc.start.line, column: loc.start.column + 1 } : undefined;
}
