// What a logpoint may evaluate: reads only, so that adding one never changes what a replay does.
//
// The expression is parsed (babel's parser, already in the sandbox bundle for syntax errors and
// builder marks) and accepted only if every node is a read: names, property and index access
// (optional chaining too), literals, template literals, arithmetic, comparison and logic operators,
// `typeof`, conditionals, and array and object literals. No call, assignment, update, `new`,
// `delete`, function, spread or tagged template. The code that runs is printed here from the
// checked tree, never the text as typed, so nothing the checker did not see can reach the flow.
//
// What a read can still run: a getter, a Proxy's trap, or valueOf/toString when an object meets an
// operator or a template. Those are the flow's own code and run as they would in the flow.
import { parseExpression } from '@babel/parser';
import { cleanMessage } from '../source/syntaxError';
import { MAX_EXPRESSION } from './limits';

export type CheckedExpression =
  | { readonly ok: true; readonly code: string; readonly expr: string }
  | { readonly ok: false; readonly expr: string; readonly reason: string; /** 1-based, in the expression */ readonly column?: number };

type Node = { readonly type: string; readonly start?: number | null } & Record<string, unknown>;

// Re-exported: its home is limits.ts, which loads nothing.
export { MAX_EXPRESSION };

const BINARY = new Set(['+', '-', '*', '/', '%', '**', '==', '!=', '===', '!==', '<', '<=', '>', '>=', '&', '|', '^', '<<', '>>', '>>>', 'in']);
const LOGICAL = new Set(['&&', '||', '??']);
const UNARY = new Set(['-', '+', '!', '~', 'typeof', 'void']);

class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly at: number | null | undefined
  ) {
    super(reason);
  }
}

/** Why a node is no read, in the words a person typing it needs. */
function refusal(node: Node): string {
  switch (node.type) {
    case 'CallExpression':
    case 'OptionalCallExpression':
      return 'calls a function: a logpoint may only read values (a call could change what the replay does)';
    case 'NewExpression':
      return "uses 'new': a logpoint may only read values";
    case 'AssignmentExpression':
      return `assigns with '${String(node.operator)}': a logpoint may only read values, never change them`;
    case 'UpdateExpression':
      return `changes a value with '${String(node.operator)}': a logpoint may only read values`;
    case 'UnaryExpression':
      return `uses '${String(node.operator)}', which changes a value: a logpoint may only read values`;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'ClassExpression':
      return 'defines a function or class: a logpoint is one expression that reads values';
    case 'TaggedTemplateExpression':
      return 'tags a template, which calls a function: use a plain template literal';
    case 'SpreadElement':
      return "spreads with '...', which runs an iterator: list the values instead";
    case 'AwaitExpression':
    case 'YieldExpression':
      return `uses '${node.type === 'AwaitExpression' ? 'await' : 'yield'}': a logpoint reads values as they are when the line runs`;
    case 'SequenceExpression':
      return "uses the comma operator: a logpoint is one expression (use [a, b] to see several values)";
    case 'BinaryExpression':
      return `uses '${String(node.operator)}', which can call the flow's code: a logpoint may only read values`;
    case 'ImportExpression':
    case 'Import':
      return 'imports code: a logpoint may only read values';
    default:
      return `uses ${node.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}, which a logpoint does not allow: only names, property reads, literals and operators`;
  }
}

const str = (s: string) => JSON.stringify(s);

/** The checked node printed as JavaScript, fully parenthesized: the printer is the only source of the code. */
function print(node: Node): string {
  const p = (n: unknown) => print(n as Node);
  switch (node.type) {
    case 'Identifier':
      return node.name as string;
    case 'ThisExpression':
      return 'this';
    case 'StringLiteral':
      return str(node.value as string);
    case 'NumericLiteral':
      return String(node.value as number);
    case 'BigIntLiteral':
      return `${String(node.value)}n`;
    case 'BooleanLiteral':
      return String(node.value as boolean);
    case 'NullLiteral':
      return 'null';
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const dot = node.optional ? '?.' : node.computed ? '' : '.';
      const prop = node.computed ? `[${p(node.property)}]` : ((node.property as Node).name as string);
      return `(${p(node.object)})${dot}${prop}`;
    }
    case 'BinaryExpression':
    case 'LogicalExpression':
      return `(${p(node.left)} ${node.operator as string} ${p(node.right)})`;
    case 'UnaryExpression':
      return `(${node.operator as string} ${p(node.argument)})`;
    case 'ConditionalExpression':
      return `(${p(node.test)} ? ${p(node.consequent)} : ${p(node.alternate)})`;
    case 'TemplateLiteral': {
      const quasis = node.quasis as Node[];
      const exprs = node.expressions as Node[];
      let out = '`';
      quasis.forEach((q, i) => {
        out += (q.value as { raw: string }).raw;
        if (i < exprs.length) out += '${' + p(exprs[i]) + '}';
      });
      return out + '`';
    }
    case 'ArrayExpression':
      return `[${(node.elements as (Node | null)[]).map((e) => (e ? p(e) : '')).join(', ')}]`;
    case 'ObjectExpression':
      return `({${(node.properties as Node[])
        .map((prop) => {
          const key = prop.key as Node;
          const k = prop.computed ? `[${p(key)}]` : key.type === 'Identifier' ? str(key.name as string) : p(key);
          return `${k}: ${p(prop.value)}`;
        })
        .join(', ')}})`;
    default:
      throw new Refused(refusal(node), node.start);
  }
}

/** Every node a read, or the first one that is not. */
function check(node: Node): void {
  const c = (n: unknown) => check(n as Node);
  switch (node.type) {
    case 'Identifier':
    case 'ThisExpression':
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BigIntLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
      return;
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      c(node.object);
      if (node.computed) c(node.property);
      else if ((node.property as Node).type !== 'Identifier') throw new Refused('reads a private field, which a logpoint cannot reach', (node.property as Node).start);
      return;
    case 'BinaryExpression':
      if (!BINARY.has(node.operator as string)) throw new Refused(refusal(node), node.start);
      c(node.left);
      c(node.right);
      return;
    case 'LogicalExpression':
      if (!LOGICAL.has(node.operator as string)) throw new Refused(refusal(node), node.start);
      c(node.left);
      c(node.right);
      return;
    case 'UnaryExpression':
      if (!UNARY.has(node.operator as string)) throw new Refused(refusal(node), node.start);
      c(node.argument);
      return;
    case 'ConditionalExpression':
      c(node.test);
      c(node.consequent);
      c(node.alternate);
      return;
    case 'TemplateLiteral':
      (node.expressions as Node[]).forEach(c);
      return;
    case 'ArrayExpression':
      for (const e of node.elements as (Node | null)[]) if (e) c(e);
      return;
    case 'ObjectExpression':
      for (const prop of node.properties as Node[]) {
        if (prop.type !== 'ObjectProperty') throw new Refused(prop.type === 'SpreadElement' ? refusal(prop) : 'defines a method or accessor: a logpoint may only read values', prop.start);
        if (prop.computed) c(prop.key);
        c(prop.value);
      }
      return;
    default:
      throw new Refused(refusal(node), node.start);
  }
}

/** Accepts a logpoint's expression, with the code to run, or says why not and where. */
// A replay checks the same few expressions each time (the app replays as logpoints and code change):
// each is parsed once. Results are frozen plain data, safe to hand out again.
const checked = new Map<string, CheckedExpression>();
const CHECKED_KEPT = 256;

export function checkExpression(expr: string): CheckedExpression {
  const known = checked.get(expr);
  if (known) return known;
  const result = Object.freeze(checkUncached(expr));
  if (checked.size >= CHECKED_KEPT) checked.clear();
  checked.set(expr, result);
  return result;
}

function checkUncached(expr: string): CheckedExpression {
  const text = expr.trim();
  if (text === '') return { ok: false, expr, reason: 'is empty: type what to show at this line, such as order.total' };
  if (text.length > MAX_EXPRESSION) return { ok: false, expr, reason: `is ${text.length} characters long; a logpoint takes at most ${MAX_EXPRESSION}` };
  let ast: Node;
  try {
    ast = parseExpression(text, { plugins: [], createParenthesizedExpressions: false, attachComment: false }) as unknown as Node;
  } catch (e) {
    const err = e as { message?: unknown; loc?: { column?: number } };
    return { ok: false, expr, reason: `does not parse: ${cleanMessage(String(err.message ?? e))}`, ...(err.loc?.column !== undefined ? { column: err.loc.column + 1 } : {}) };
  }
  try {
    check(ast);
    return { ok: true, expr: text, code: print(ast) };
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { ok: false, expr, reason: e.reason, ...(typeof e.at === 'number' ? { column: e.at + 1 } : {}) };
  }
}
