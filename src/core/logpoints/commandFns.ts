// The functions a flow gives to Command(…). A replay never runs them: each Command's answer comes
// from the recording. So a logpoint on one of their lines reads where the flow builds the Command
// instead, with the same names in scope (place.ts), and says so.
import { isFunction, isStatement, type Node } from './ast';

/**
 * A Command's function and where the flow builds the Command: a logpoint inside the function reads
 * there instead, with the same names in scope (a replay answers the Command from the recording).
 */
export interface CommandFn {
  readonly fn: Node;
  /** `cmdChargeCard`, or undefined for a function written inside the Command(…) call */
  readonly name: string | undefined;
  /**
   * Where to read: after its declaration, before the statement that makes the Command, or on entry
   * to the arrow whose expression body makes it.
   */
  readonly at: { readonly node: Node; readonly parent: Node | undefined; readonly timing: 'after' | 'before' } | { readonly entry: Node };
}

export interface Seen {
  readonly node: Node;
  /** outermost first */
  readonly ancestors: readonly Node[];
}

/** Gathers, as place.ts walks the tree, the Command(…) calls and the functions declared by name. */
export class CommandFinder {
  private readonly calls: Seen[] = [];
  private readonly named = new Map<string, Seen[]>();

  see(node: Node, ancestors: readonly Node[]): void {
    if (node.type === 'CallExpression' && isCommandCallee(node.callee as Node)) this.calls.push({ node, ancestors: [...ancestors] });
    const name = declaredName(node);
    if (name) this.named.set(name, [...(this.named.get(name) ?? []), { node, ancestors: [...ancestors] }]);
  }

  found(): CommandFn[] {
    return this.calls.map((call) => commandOf(call, this.named)).filter((c): c is CommandFn => c !== undefined);
  }
}

/** `Command(…)` or `pe.Command(…)`, as a flow builds a Command. */
function isCommandCallee(callee: Node): boolean {
  if (callee.type === 'Identifier') return callee.name === 'Command';
  return callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier' && (callee.property as Node).name === 'Command';
}

/** The name a function is declared under: `const cmdX = () => …` or `function cmdX() {…}`. */
function declaredName(node: Node): string | undefined {
  if (node.type === 'VariableDeclarator' && (node.id as Node).type === 'Identifier' && isFunction(node.init as Node | undefined)) return (node.id as Node).name as string;
  if (node.type === 'FunctionDeclaration' && node.id) return (node.id as Node).name as string;
  return undefined;
}

/** Where code around a node runs from: the nearest statement (with its parent), or an arrow whose expression body holds it. */
function makingPlace(ancestors: readonly Node[]): CommandFn['at'] | undefined {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const a = ancestors[i]!;
    if (isStatement(a)) return { node: a, parent: ancestors[i - 1], timing: 'before' };
    if (a.type === 'ArrowFunctionExpression' && (a.body as Node).type !== 'BlockStatement' && ancestors[i + 1] === a.body) return { entry: a };
  }
  return undefined;
}

/** The function a Command(…) call is given, and where the Command is built. */
function commandOf(call: Seen, named: ReadonlyMap<string, Seen[]>): CommandFn | undefined {
  const arg = (call.node.arguments as Node[])[0];
  const making = makingPlace([...call.ancestors, call.node]);
  if (!arg || !making) return undefined;
  if (isFunction(arg)) return { fn: arg, name: undefined, at: making };
  if (arg.type !== 'Identifier') return undefined;
  // The declaration in scope: the innermost whose enclosing function (or the file) holds the call.
  const scopeOf = (d: Seen) => [...d.ancestors].reverse().find((a) => isFunction(a) || a.type === 'Program');
  const inScope = (named.get(arg.name as string) ?? []).filter((d) => {
    const scope = scopeOf(d);
    return !!scope && scope.start <= call.node.start && call.node.end <= scope.end;
  });
  const decl = inScope.sort((a, b) => (scopeOf(b)?.start ?? 0) - (scopeOf(a)?.start ?? 0))[0];
  if (!decl) return undefined;
  const name = arg.name as string;
  if (decl.node.type === 'FunctionDeclaration') return { fn: decl.node, name, at: making };
  // `const cmdX = () => …`: read once the declaration has run, where the Command's function is made.
  const up = decl.ancestors.length - 1;
  const declaration = decl.ancestors[up];
  if (!declaration || declaration.type !== 'VariableDeclaration') return undefined;
  // `export const cmdX = …`: the statement is the export.
  const exported = decl.ancestors[up - 1]?.type === 'ExportNamedDeclaration';
  const node = exported ? decl.ancestors[up - 1]! : declaration;
  return { fn: decl.node.init as Node, name, at: { node, parent: decl.ancestors[exported ? up - 2 : up - 1], timing: 'after' } };
}

/** The innermost Command's function that is or holds `node`. */
export function commandAround(commands: readonly CommandFn[], node: Node): CommandFn | undefined {
  let inner: CommandFn | undefined;
  for (const c of commands) if (c.fn.start <= node.start && node.end <= c.fn.end && (!inner || c.fn.start > inner.fn.start)) inner = c;
  return inner;
}

/** The innermost Command's function whose lines include `line`. */
export function commandOnLine(commands: readonly CommandFn[], line: number): CommandFn | undefined {
  let inner: CommandFn | undefined;
  for (const c of commands) if (c.fn.loc.start.line <= line && line <= c.fn.loc.end.line && (!inner || c.fn.start > inner.fn.start)) inner = c;
  return inner;
}

