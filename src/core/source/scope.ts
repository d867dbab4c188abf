// Which names of a module are free: used somewhere but declared in none of the module's scopes.
//
// Why: ses evaluates a Compartment's code inside `with` blocks whose proxy answers every name, so
// an undeclared `totl` reads as undefined where JavaScript throws `ReferenceError: totl is not
// defined` (endojs/endo issues 309 and 730: the shim cannot tell `x` from `typeof x`). The
// transpile step already parses each module with @babel/parser (instrument.ts), so it resolves the
// names itself, ESLint's no-undef way: declarations are collected per scope first (var and
// function hoisting, let/const/class in their block), then every reference is looked up the chain.
// freeNames.ts turns the free references into code that behaves as JavaScript does.
//
// It reads sucrase's output: plain strict JavaScript with no types, JSX or import/export left.
import type { AnyNode } from './instrument';
import { isProtectedName } from './protectedNames';

/** How a free name is used, which decides how it must behave. */
export type FreeUse =
  /** a read, or a call, or a tag */
  | 'read'
  /** the callee of a call or the tag of a template: read, then called with `this` undefined */
  | 'call'
  /** `typeof name`: never throws */
  | 'typeof'
  /** the target of an assignment, an update, a for-in/of head or a destructuring assignment */
  | 'write'
  /** `{ name }` in an object literal: a read that also names the property */
  | 'shorthand'
  /** `{ name }` or `{ name = d }` in a destructuring assignment: a write that also names the property */
  | 'shorthand-write';

export interface FreeReference {
  readonly name: string;
  readonly use: FreeUse;
  /** where the identifier is (for 'shorthand*', the property, which starts at the same place) */
  readonly start: number;
  readonly end: number;
  /** for `typeof`: where the whole `typeof name` starts */
  readonly typeofStart?: number;
}

export interface ScopeFacts {
  readonly free: readonly FreeReference[];
  /** `this` evaluated at the module's top level (not inside a function that has its own) */
  readonly topLevelThis: boolean;
  /** a top-level function declared twice, or as a var too: legal in a script, a SyntaxError in a module */
  readonly redeclared?: { readonly name: string; readonly start: number };
  /** a `return` outside any function (CommonJS allows it; a module does not): where */
  readonly topLevelReturn?: number;
  /** assignments to a name a built-in prototype holds as data (protectedNames.ts): where the object is, and the name */
  readonly owned: readonly { readonly start: number; readonly end: number; readonly name: string }[];
}

class Scope {
  readonly names = new Set<string>();
  constructor(
    readonly parent: Scope | undefined,
    /** var and function declarations of the code in it land here */
    readonly varTarget: boolean
  ) {}
  hoistTarget(): Scope {
    return this.varTarget || !this.parent ? this : this.parent.hoistTarget();
  }
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
}

const SKIP_KEYS = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);
const LOOPS_WITH_HEAD = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement']);

type Node = AnyNode;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** The module's free references, resolved against `declared` (the wrapper's own names). */
export function analyzeScopes(program: Node, declared: readonly string[]): ScopeFacts {
  const root = new Scope(undefined, true);
  for (const name of declared) root.names.add(name);
  const pending: { ref: FreeReference; scope: Scope }[] = [];
  let topLevelThis = false;
  const topFunctions = new Map<string, number>();
  const topVars = new Set<string>();
  let redeclared: ScopeFacts['redeclared'];
  let topLevelReturn: number | undefined;
  const owned: { start: number; end: number; name: string }[] = [];

  const reference = (id: Node, scope: Scope, use: FreeUse, at?: Node, typeofStart?: number) => {
    const ref: FreeReference = { name: id.name as string, use, start: (at ?? id).start, end: (at ?? id).end, ...(typeofStart !== undefined ? { typeofStart } : {}) };
    pending.push({ ref, scope });
  };

  /** Names a binding pattern declares, into `target`; default values and computed keys are expressions. */
  const declare = (pattern: Node | null | undefined, target: Scope, exprScope: Scope, kind: 'var' | 'lexical' | 'param'): void => {
    if (!pattern) return;
    switch (pattern.type) {
      case 'Identifier': {
        const name = pattern.name as string;
        target.names.add(name);
        if (kind === 'var' && target === root) {
          topVars.add(name);
          noteTopLevel(name, pattern.start, false);
        }
        return;
      }
      case 'ObjectPattern':
        for (const p of pattern.properties as Node[]) {
          if (p.type === 'RestElement') declare(p.argument as Node, target, exprScope, kind);
          else {
            if (p.computed) expression(p.key as Node, exprScope);
            declare(p.value as Node, target, exprScope, kind);
          }
        }
        return;
      case 'ArrayPattern':
        for (const e of pattern.elements as (Node | null)[]) declare(e, target, exprScope, kind);
        return;
      case 'RestElement':
        declare(pattern.argument as Node, target, exprScope, kind);
        return;
      case 'AssignmentPattern':
        declare(pattern.left as Node, target, exprScope, kind);
        expression(pattern.right as Node, exprScope);
        return;
      default:
        // a member expression is no binding (only in an assignment pattern, handled there)
        expression(pattern, exprScope);
    }
  };

  const noteTopLevel = (name: string, start: number, isFunction: boolean) => {
    if (redeclared) return;
    const fn = topFunctions.has(name);
    if (isFunction && (fn || topVars.has(name))) redeclared = { name, start };
    else if (!isFunction && fn) redeclared = { name, start };
    if (isFunction) topFunctions.set(name, start);
  };

  /** The targets of a destructuring or plain assignment: identifiers in them are writes. */
  const assignTarget = (target: Node, scope: Scope): void => {
    switch (target.type) {
      case 'Identifier':
        reference(target, scope, 'write');
        return;
      case 'ObjectPattern':
        for (const p of target.properties as Node[]) {
          if (p.type === 'RestElement') assignTarget(p.argument as Node, scope);
          else if (p.shorthand) {
            // `{ x }` / `{ x = d }`: the property named x, assigned to the name x
            const value = p.value as Node;
            const id = value.type === 'AssignmentPattern' ? (value.left as Node) : value;
            reference(id, scope, 'shorthand-write', p);
            if (value.type === 'AssignmentPattern') expression(value.right as Node, scope);
          } else {
            if (p.computed) expression(p.key as Node, scope);
            assignTarget(p.value as Node, scope);
          }
        }
        return;
      case 'ArrayPattern':
        for (const e of target.elements as (Node | null)[]) if (e) assignTarget(e, scope);
        return;
      case 'RestElement':
        assignTarget(target.argument as Node, scope);
        return;
      case 'AssignmentPattern':
        assignTarget(target.left as Node, scope);
        expression(target.right as Node, scope);
        return;
      default: {
        // a member expression: its object and key are reads
        const name = protectedMember(target);
        if (name) owned.push({ start: (target.object as Node).start, end: (target.object as Node).end, name });
        expression(target, scope);
      }
    }
  };

  const fn = (node: Node, scope: Scope, thisScope: boolean): void => {
    let outer = scope;
    if (node.type === 'FunctionExpression' && node.id) {
      outer = new Scope(scope, false);
      outer.names.add((node.id as Node).name as string);
    }
    const params = new Scope(outer, true);
    if (node.type !== 'ArrowFunctionExpression') params.names.add('arguments');
    for (const p of node.params as Node[]) declare(p, params, params, 'param');
    const body = node.body as Node;
    if (body.type === 'BlockStatement') {
      const inner = new Scope(params, true);
      hoist(body.body as Node[], inner);
      for (const s of body.body as Node[]) statement(s, inner, thisScope);
    } else expression(body, params, thisScope);
  };

  /** Function and class declarations of a block, known before its code runs (let/const are declared where met; lookups happen at the end). */
  const hoist = (body: readonly Node[], scope: Scope): void => {
    for (const s of body) {
      if (s.type === 'FunctionDeclaration' && s.id) {
        const name = (s.id as Node).name as string;
        scope.names.add(name);
        if (scope === root) noteTopLevel(name, s.start, true);
      }
    }
  };

  const classNode = (node: Node, scope: Scope, inFunction: boolean): void => {
    if (node.superClass) expression(node.superClass as Node, scope, inFunction);
    for (const d of (node.decorators as Node[] | undefined) ?? []) expression(d.expression as Node, scope, inFunction);
    const inner = new Scope(scope, false);
    if (node.id) inner.names.add((node.id as Node).name as string);
    for (const member of (node.body as Node).body as Node[]) {
      for (const d of (member.decorators as Node[] | undefined) ?? []) expression(d.expression as Node, inner, inFunction);
      if (member.computed) expression(member.key as Node, inner, inFunction);
      if (member.type === 'ClassMethod' || member.type === 'ClassPrivateMethod') fn(member, inner, true);
      else if (member.type === 'StaticBlock') {
        const block = new Scope(inner, true);
        hoist(member.body as Node[], block);
        for (const s of member.body as Node[]) statement(s, block, true);
      } else if (member.value) expression(member.value as Node, new Scope(inner, true), true);
    }
  };

  /** `inFunction`: `this` here belongs to a function (not the module's top level). */
  const statement = (node: Node, scope: Scope, inFunction: boolean): void => {
    switch (node.type) {
      case 'VariableDeclaration': {
        const kind = node.kind === 'var' ? 'var' : 'lexical';
        const target = kind === 'var' ? scope.hoistTarget() : scope;
        for (const d of node.declarations as Node[]) {
          declare(d.id as Node, target, scope, kind);
          if (d.init) expression(d.init as Node, scope, inFunction);
        }
        return;
      }
      case 'FunctionDeclaration':
        fn(node, scope, true); // its name was hoisted into `scope`
        return;
      case 'ClassDeclaration':
        if (node.id) scope.names.add((node.id as Node).name as string);
        classNode(node, scope, inFunction);
        return;
      case 'BlockStatement': {
        const block = new Scope(scope, false);
        hoist(node.body as Node[], block);
        for (const s of node.body as Node[]) statement(s, block, inFunction);
        return;
      }
      case 'StaticBlock':
        return;
      case 'SwitchStatement': {
        expression(node.discriminant as Node, scope, inFunction);
        const block = new Scope(scope, false);
        const all = (node.cases as Node[]).flatMap((c) => c.consequent as Node[]);
        hoist(all, block);
        for (const c of node.cases as Node[]) {
          if (c.test) expression(c.test as Node, block, inFunction);
          for (const s of c.consequent as Node[]) statement(s, block, inFunction);
        }
        return;
      }
      case 'TryStatement': {
        statement(node.block as Node, scope, inFunction);
        const handler = node.handler as Node | null;
        if (handler) {
          const catchScope = new Scope(scope, false);
          declare(handler.param as Node | null, catchScope, catchScope, 'lexical');
          statement(handler.body as Node, catchScope, inFunction);
        }
        if (node.finalizer) statement(node.finalizer as Node, scope, inFunction);
        return;
      }
      case 'LabeledStatement':
        statement(node.body as Node, scope, inFunction);
        return;
      case 'ReturnStatement':
        if (scope.hoistTarget() === root) topLevelReturn ??= node.start;
        if (node.argument) expression(node.argument as Node, scope, inFunction);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'EmptyStatement':
      case 'DebuggerStatement':
        return;
      default:
        if (LOOPS_WITH_HEAD.has(node.type)) {
          const head = new Scope(scope, false);
          const init = (node.type === 'ForStatement' ? node.init : node.left) as Node | null;
          if (init?.type === 'VariableDeclaration') statement(init, head, inFunction);
          else if (init && node.type === 'ForStatement') expression(init, head, inFunction);
          else if (init) assignTarget(init, head);
          for (const key of ['test', 'update', 'right'] as const) if (node[key]) expression(node[key] as Node, head, inFunction);
          statement(node.body as Node, head, inFunction);
          return;
        }
        // if, while, do-while, return, throw, expression statements, with: their parts
        generic(node, scope, inFunction);
    }
  };

  const generic = (node: Node, scope: Scope, inFunction: boolean): void => {
    for (const key of Object.keys(node)) {
      if (SKIP_KEYS.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const c of child) if (isNode(c)) visitEither(c, scope, inFunction);
      } else if (isNode(child)) visitEither(child, scope, inFunction);
    }
  };

  const visitEither = (node: Node, scope: Scope, inFunction: boolean): void => {
    if (node.type.endsWith('Statement') || node.type.endsWith('Declaration')) statement(node, scope, inFunction);
    else expression(node, scope, inFunction);
  };

  const expression = (node: Node, scope: Scope, inFunction = true): void => {
    switch (node.type) {
      case 'Identifier':
        reference(node, scope, 'read');
        return;
      case 'ThisExpression':
        if (!inFunction) topLevelThis = true;
        return;
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        expression(node.object as Node, scope, inFunction);
        if (node.computed) expression(node.property as Node, scope, inFunction);
        return;
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression': {
        const callee = node.callee as Node;
        if (callee.type === 'Identifier') reference(callee, scope, node.type === 'NewExpression' ? 'read' : 'call');
        else if (callee.type !== 'Import' && callee.type !== 'Super') expression(callee, scope, inFunction);
        for (const a of node.arguments as Node[]) expression(a, scope, inFunction);
        return;
      }
      case 'TaggedTemplateExpression': {
        const tag = node.tag as Node;
        if (tag.type === 'Identifier') reference(tag, scope, 'call');
        else expression(tag, scope, inFunction);
        expression(node.quasi as Node, scope, inFunction);
        return;
      }
      case 'UnaryExpression': {
        const arg = node.argument as Node;
        // `typeof (x)` is still a reference: it never throws either
        if (node.operator === 'typeof' && arg.type === 'Identifier') reference(arg, scope, 'typeof', undefined, node.start);
        else expression(arg, scope, inFunction);
        return;
      }
      case 'UpdateExpression':
        assignTarget(node.argument as Node, scope);
        return;
      case 'AssignmentExpression':
        assignTarget(node.left as Node, scope);
        expression(node.right as Node, scope, inFunction);
        return;
      case 'ObjectExpression':
        for (const p of node.properties as Node[]) {
          if (p.type === 'ObjectProperty') {
            if (p.shorthand && (p.value as Node).type === 'Identifier') {
              reference(p.value as Node, scope, 'shorthand', p);
              continue;
            }
            if (p.computed) expression(p.key as Node, scope, inFunction);
            expression(p.value as Node, scope, inFunction);
          } else if (p.type === 'ObjectMethod') {
            if (p.computed) expression(p.key as Node, scope, inFunction);
            fn(p, scope, true);
          } else expression(p, scope, inFunction); // SpreadElement
        }
        return;
      case 'SpreadElement':
        expression(node.argument as Node, scope, inFunction);
        return;
      case 'ArrowFunctionExpression':
        fn(node, scope, inFunction);
        return;
      case 'FunctionExpression':
        fn(node, scope, true);
        return;
      case 'ClassExpression':
        classNode(node, scope, inFunction);
        return;
      case 'MetaProperty':
      case 'Super':
      case 'Import':
      case 'PrivateName':
        return;
      default:
        if (FUNCTIONS.has(node.type)) {
          fn(node, scope, true);
          return;
        }
        // literals, templates, sequences, conditionals, binary and logical expressions, await, yield…
        generic(node, scope, inFunction);
    }
  };

  const body = program.body as Node[];
  hoist(body, root);
  for (const s of body) statement(s, root, false);

  const free = pending.filter(({ ref, scope }) => !scope.has(ref.name)).map(({ ref }) => ref);
  return { free, topLevelThis, owned, ...(redeclared ? { redeclared } : {}), ...(topLevelReturn !== undefined ? { topLevelReturn } : {}) };
}

/** `a.next` or `a["next"]` as an assignment's target, for a protected name: that name. */
function protectedMember(target: Node): string | undefined {
  if (target.type !== 'MemberExpression' || (target.object as Node).type === 'Super') return undefined;
  const key = target.property as Node;
  const name = !target.computed && key.type === 'Identifier' ? (key.name as string) : target.computed && key.type === 'StringLiteral' ? (key.value as string) : undefined;
  return name !== undefined && isProtectedName(name) ? name : undefined;
}
