// Marks the flow's own builder functions, so the runtime can tell what a Parallel branch's builder
// was called with (core/effect/provenance.ts, `branch-builder`): in `Parallel(due.map(renewOne))`
// each branch's Command is built by renewOne with its own item, a value no interpreter hook sees,
// because the branches are built before Parallel() is even called.
//
// It runs on sucrase's output (plain JavaScript, every line where it was) and only inserts text:
// `__pe$fn(<function>, "renewOne@flow.ts:12")` around a function expression or arrow, and
// `return __pe$call("name@flow.ts:3", arguments[0], () => {…})` inside a function declaration's
// body. Lines never move; align.ts maps the columns on a touched line back, as it does for
// sucrase's own insertions. Why @babel/parser: sucrase's tokens give no function boundaries or
// nesting, and babel's parser is already in the sandbox bundle (syntaxError.ts uses it), so the
// marks cost no bytes there, where acorn, the smallest alternative, would add about 110 KB. It
// parses a flow file in a millisecond or two, once per file thanks to transpile's cache.
//
// Only builders are marked, so that everything else runs at full speed (a Command's own function,
// the pure computations): a function whose own body (not a nested function's) calls an effect
// constructor (Command, Parallel, effectPipe, Retry), and that is neither async nor a generator
// (its frame would outlive its call). Methods and getters are left alone. In
// `items.map((i) => renew(i))` the arrow is not marked but renew is: called from where the
// Parallel is built, it is the branch's builder, with the same item.
import { parse } from '@babel/parser';

export const FN_WRAPPER = '__pe$fn';
export const CALL_WRAPPER = '__pe$call';

const EFFECTS = new Set(['Command', 'Parallel', 'effectPipe', 'Retry']);
// babel's bookkeeping, not children: positions and comments.
const SKIP_KEYS = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);

interface Insertion {
  readonly at: number;
  readonly text: string;
  /** among insertions at one offset, the higher goes first in the text */
  readonly first: number;
}

type AnyNode = { readonly type: string; readonly start: number; readonly end: number } & Record<string, unknown>;
type FunctionNode = AnyNode & { id?: { name: string } | null; body: AnyNode; async: boolean; generator: boolean; expression?: boolean };

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
export function instrumentBuilders(code: string, file: string): string {
  let ast: AnyNode;
  try {
    // What sucrase passes through untouched (syntaxError.ts accepts the same).
    ast = parse(code, { sourceType: 'script', allowReturnOutsideFunction: true, plugins: ['decorators', 'decoratorAutoAccessors', 'deprecatedImportAssert'] }) as unknown as AnyNode;
  } catch {
    return code;
  }
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const inserts: Insertion[] = [];
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
    const parent = parents.get(fn);
    if (fn.type === 'FunctionDeclaration') {
      // A declaration stays a declaration (hoisting, its name binding); its body runs inside an
      // arrow that keeps `this` and `arguments`.
      inserts.push({ at: fn.body.start + 1, text: `return ${CALL_WRAPPER}(${label(fn, parent)}, arguments[0], () => {`, first: Infinity });
      inserts.push({ at: fn.body.end - 1, text: '});', first: fn.start });
    } else {
      inserts.push({ at: fn.start, text: `${FN_WRAPPER}(`, first: fn.start });
      // Where nested functions end together, the inner one (which starts later) closes first.
      inserts.push({ at: fn.end, text: `, ${label(fn, parent)})`, first: fn.start });
    }
  }
  if (inserts.length === 0) return code;
  // Applied from the end, so offsets before each insertion stay valid; at one offset, what is
  // applied later lands in front, so the one to go first in the text is applied last.
  inserts.sort((a, b) => b.at - a.at || a.first - b.first);
  let out = code;
  for (const { at, text } of inserts) out = out.slice(0, at) + text + out.slice(at);
  return out;
}
