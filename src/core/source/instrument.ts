// Marks the flow's own builder functions, so the runtime can tell what a Parallel branch's builder
// was called with (core/effect/provenance.ts, `branch-builder`): in `Parallel(due.map(renewOne))`
// each branch's Command is built by renewOne with its own item, a value no interpreter hook sees,
// because the branches are built before Parallel() is even called.
//
// It runs on sucrase's output (plain JavaScript, every line where it was) and only inserts text,
// inside the function, so that the function itself (its name, length, `this`, `arguments`,
// hoisting) is untouched and a call costs no wrapper frame:
//   function hold(req) { const __pe$b = __pe$in("hold@flow.ts:3", req); try { … } finally { __pe$out(__pe$b); } }
//   (sub) => { const __pe$b = __pe$in("renewOne@flow.ts:12", sub); try { return (Command(…)); } finally { __pe$out(__pe$b); } }
// What the builder was called with is its first parameter, read on entry (`arguments[0]` when
// that is a pattern or has a default). An arrow whose first argument has no name of its own is
// wrapped instead: `__pe$fn(<arrow>, "label")`. Lines never move; align.ts maps the columns on a
// touched line back, as it does for sucrase's own insertions. (Wrapping every builder, as this
// did first, cost a report-mode replay of a 3,000-page polling loop about 7%.)
//
// Why @babel/parser: sucrase's tokens give no function boundaries or nesting, and babel's parser
// is already in the sandbox bundle (syntaxError.ts uses it), so the marks cost no bytes there,
// where acorn, the smallest alternative, would add about 110 KB. It parses a flow file in a
// millisecond or two, once per file thanks to transpile's cache.
//
// Only builders are marked, so that everything else runs at full speed (a Command's own function,
// the pure computations): a function whose own body (not a nested function's) calls an effect
// constructor (Command, Parallel, effectPipe, Retry), and that is neither async nor a generator
// (its frame would outlive its call). Methods and getters are left alone. In
// `items.map((i) => renew(i))` the arrow is not marked but renew is: called from where the
// Parallel is built, it is the branch's builder, with the same item.
import { parse } from '@babel/parser';

export const FN_WRAPPER = '__pe$fn';
export const ENTER = '__pe$in';
export const LEAVE = '__pe$out';
/** The local that pairs a builder's enter with its leave. */
const ENTERED = '__pe$b';

const EFFECTS = new Set(['Command', 'Parallel', 'effectPipe', 'Retry']);
// babel's bookkeeping, not children: positions and comments.
const SKIP_KEYS = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);

export interface Insertion {
  readonly at: number;
  readonly text: string;
  /** among insertions at one offset, the higher goes first in the text */
  readonly first: number;
  /** characters of the code replaced by `text` from `at` (evade.ts writes one as an escape); none by default */
  readonly remove?: number;
}

export type AnyNode = { readonly type: string; readonly start: number; readonly end: number } & Record<string, unknown>;
type FunctionNode = AnyNode & { id?: { name: string } | null; body: AnyNode; params: AnyNode[]; async: boolean; generator: boolean };

const isFunction = (n: AnyNode): n is FunctionNode => n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration';
/** Functions that keep their shape: never marked, and the calls in them are not their enclosing function's. */
const METHODS = new Set(['ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);

/** The effect constructor a call makes: `Command(…)`, sucrase's `_pureeffect.Command.call(void 0, …)`, `pe.Parallel(…)`. */
function effectCalled(callee: AnyNode): boolean {
  if (callee.type === 'Identifier') return EFFECTS.has(callee.name as string);
  if (callee.type === 'SequenceExpression') {
    const exprs = callee.expressions as AnyNode[];
    return effectCalled(exprs[exprs.length - 1]!);
  }
  if (callee.type === 'MemberExpression' && !callee.computed) {
    const prop = (callee.property as AnyNode).name as string;
    const object = callee.object as AnyNode;
    if (prop === 'call' && object.type === 'MemberExpression') return effectCalled(object);
    return EFFECTS.has(prop);
  }
  return false;
}

/** The name a function is known by where it is written: its own, or what it is assigned to. */
function nameOf(fn: FunctionNode, parent: AnyNode | undefined): string {
  if (fn.id?.name) return fn.id.name;
  if (!parent) return 'anonymous';
  if (parent.type === 'VariableDeclarator' && (parent.id as AnyNode).type === 'Identifier') return (parent.id as AnyNode).name as string;
  if (parent.type === 'AssignmentExpression' && (parent.left as AnyNode).type === 'Identifier') return (parent.left as AnyNode).name as string;
  if (parent.type === 'ObjectProperty' && !parent.computed && (parent.key as AnyNode).type === 'Identifier') return (parent.key as AnyNode).name as string;
  return 'anonymous';
}

/**
 * The code that reads what a builder was called with, on entry: its first parameter when that is a
 * plain name, else `arguments[0]` (not in an arrow, which has none of its own); undefined when
 * only a wrapper can see it.
 */
function argumentOf(fn: FunctionNode): string | undefined {
  const first = fn.params[0];
  if (first?.type === 'Identifier' && first.name !== ENTERED) return first.name as string;
  return fn.type === 'ArrowFunctionExpression' ? undefined : 'arguments[0]';
}

function lineAt(offset: number, lineStarts: readonly number[]): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * The code with its builders marked, or the code as it was when it holds none (or does not parse
 * as acorn reads it: marking is an aid to the why, never a reason for a replay to fail).
 */
export function instrumentBuilders(code: string, file: string, extra?: (ast: AnyNode) => readonly Insertion[]): string {
  let ast: AnyNode;
  try {
    // What sucrase passes through untouched (syntaxError.ts accepts the same).
    ast = parse(code, { sourceType: 'script', allowReturnOutsideFunction: true, plugins: ['decorators', 'decoratorAutoAccessors', 'deprecatedImportAssert'] }) as unknown as AnyNode;
  } catch {
    return code;
  }
  return instrumentParsed(code, file, ast, extra ? extra(ast) : []);
}

/** The builders of a parsed file marked, with `more` insertions (sites.ts's marks) applied in the same pass. */
export function instrumentParsed(code: string, file: string, ast: AnyNode, more: readonly Insertion[]): string {
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const inserts: Insertion[] = [...more];
  const label = (fn: FunctionNode, parent: AnyNode | undefined) => JSON.stringify(`${nameOf(fn, parent)}@${file}:${lineAt(fn.start, lineStarts)}`);

  // Walk with a stack of enclosing functions; a builder call marks the innermost one.
  const builders = new Set<FunctionNode>();
  const parents = new Map<FunctionNode, AnyNode | undefined>();
  const visit = (node: AnyNode, parent: AnyNode | undefined, fn: FunctionNode | null): void => {
    let inner = fn;
    if (isFunction(node)) {
      parents.set(node, parent);
      inner = node;
    } else if (METHODS.has(node.type)) inner = null;
    else if (node.type === 'CallExpression' && fn && effectCalled(node.callee as AnyNode)) builders.add(fn);
    for (const key of Object.keys(node)) {
      if (SKIP_KEYS.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const c of child) if (c && typeof (c as AnyNode).type === 'string') visit(c as AnyNode, node, inner);
      } else if (child && typeof (child as AnyNode).type === 'string') visit(child as AnyNode, node, inner);
    }
  };
  visit(ast, undefined, null);

  for (const fn of builders) {
    if (fn.async || fn.generator) continue;
    const name = label(fn, parents.get(fn));
    const arg = argumentOf(fn);
    if (arg === undefined) {
      inserts.push({ at: fn.start, text: `${FN_WRAPPER}(`, first: fn.start });
      // Where nested functions end together, the inner one (which starts later) closes first.
      inserts.push({ at: fn.end, text: `, ${name})`, first: fn.start });
      continue;
    }
    const enter = `const ${ENTERED} = ${ENTER}(${name}, ${arg}); try {`;
    const leave = `} finally { ${LEAVE}(${ENTERED}); }`;
    const body = fn.body;
    if (body.type === 'BlockStatement') {
      // After the directives ("use strict" stays a directive), to just before the closing brace.
      const directives = (body.directives as AnyNode[] | undefined) ?? [];
      const from = directives.length > 0 ? directives[directives.length - 1]!.end : body.start + 1;
      inserts.push({ at: from, text: ` ${enter}`, first: Infinity });
      inserts.push({ at: body.end - 1, text: leave, first: fn.start });
    } else {
      // An expression body becomes a block returning it; its parentheses stay inside `return (…)`.
      const from = (body.extra as { parenStart?: number } | undefined)?.parenStart ?? body.start;
      inserts.push({ at: from, text: `{ ${enter} return (`, first: Infinity });
      inserts.push({ at: fn.end, text: `); ${leave} }`, first: fn.start });
    }
  }
  if (inserts.length === 0) return code;
  // Applied from the end, so offsets before each insertion stay valid; at one offset, what is
  // applied later lands in front, so the one to go first in the text is applied last.
  inserts.sort((a, b) => b.at - a.at || a.first - b.first);
  let out = code;
  for (const { at, text, remove } of inserts) out = out.slice(0, at) + text + out.slice(at + (remove ?? 0));
  return out;
}
