// Where each Command (and Failure) was built, without walking the stack each time.
//
// A report locates every step at its Command() call (replay/sites.ts). That costs a stack capture
// per node built, about a fifth of a report-mode replay. Yet one call site always yields the same
// location: its innermost flow frame is that call. So each call of an effect constructor in the
// flow's code is marked with its site's key:
//   _pureeffect.Command.call(void 0, …)  ->  __pe$at("C@flow.ts:812", _pureeffect.Command).call(void 0, …)
// `__pe$at` notes the key as the callee is evaluated and hands the callee back; the tracer takes the
// key when the node is built (its type must match), captures the stack the first time a key is
// seen and reuses that site after. Arguments are evaluated after the callee, so a constructor
// called inside them takes (and clears) the key first, and the outer node, finding none, is
// captured as before: a key is never given to a node other than its own.
//
// That holds only if every constructor call in the flow's code is marked: one built through an
// alias (`const C = Command`, `xs.map(Failure)`) would find a key left by another call. So a file
// where Command or Failure appears other than as a callee is reported unsafe, and a replay with any
// unsafe file captures every stack as before (runFlow.ts).
import type { AnyNode, Insertion } from './instrument';

export const SITE_HOOK = '__pe$at';

/** The constructors whose sites are shown, and the type their node has. */
const SITED: Readonly<Record<string, string>> = { Command: 'Command', Failure: 'Failure' };
const SKIP = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);

const sitedName = (n: AnyNode | undefined): string | undefined => {
  if (!n) return undefined;
  if (n.type === 'Identifier') return Object.hasOwn(SITED, n.name as string) ? (n.name as string) : undefined;
  if (n.type === 'MemberExpression' && !n.computed && (n.property as AnyNode).type === 'Identifier') {
    const prop = (n.property as AnyNode).name as string;
    return Object.hasOwn(SITED, prop) ? prop : undefined;
  }
  return undefined;
};

/** The expression naming the constructor a call calls: `Command`, `pe.Command`, sucrase's `_pureeffect.Command` (of `.call`). */
function calledConstructor(callee: AnyNode): AnyNode | undefined {
  if (sitedName(callee)) return callee;
  if (callee.type === 'MemberExpression' && !callee.computed && ((callee.property as AnyNode).name as string) === 'call') {
    const target = callee.object as AnyNode;
    if (sitedName(target)) return target;
  }
  if (callee.type === 'SequenceExpression') {
    const exprs = callee.expressions as AnyNode[];
    return calledConstructor(exprs[exprs.length - 1]!);
  }
  return undefined;
}

export interface SiteMarks {
  readonly inserts: Insertion[];
  /** every Command and Failure in the file is a marked callee (or a binding of the same name) */
  readonly safe: boolean;
}

export function siteMarks(ast: AnyNode, file: string): SiteMarks {
  const inserts: Insertion[] = [];
  const marked = new Set<AnyNode>();
  /** `{ Command }` in a destructuring pattern: it binds the name whose calls are marked */
  const bound = new Set<AnyNode>();
  let safe = true;
  const visit = (node: AnyNode, parent: AnyNode | undefined, key: string): void => {
    if (node.type === 'ObjectPattern') {
      for (const p of node.properties as AnyNode[]) {
        const k = p.key as AnyNode | undefined;
        const v = p.value as AnyNode | undefined;
        if (p.type !== 'ObjectProperty' || k?.type !== 'Identifier' || !Object.hasOwn(SITED, k.name as string)) continue;
        // `{ Command: C }` takes the constructor under another name, whose calls are not marked.
        if (v?.type === 'Identifier' && k.name === v.name) bound.add(v);
        else safe = false;
      }
    }
    if (node.type === 'CallExpression') {
      const target = calledConstructor(node.callee as AnyNode);
      if (target) {
        marked.add(target);
        const siteKey = JSON.stringify(`${SITED[sitedName(target)!]![0]}@${file}:${target.start}`);
        inserts.push({ at: target.start, text: `${SITE_HOOK}(${siteKey}, `, first: -1 });
        inserts.push({ at: target.end, text: ')', first: target.start });
      }
    }
    const name = sitedName(node);
    if (name && !marked.has(node) && !bound.has(node) && !isBinding(node, parent, key)) safe = false;
    for (const k of Object.keys(node)) {
      if (SKIP.has(k)) continue;
      const child = node[k];
      if (Array.isArray(child)) {
        for (const c of child) if (c && typeof (c as AnyNode).type === 'string') visit(c as AnyNode, node, k);
      } else if (child && typeof (child as AnyNode).type === 'string') visit(child as AnyNode, node, k);
    }
  };
  visit(ast, undefined, '');
  return { inserts, safe };
}

/**
 * A name that is no reference to a constructor: a property's key (`{ Command: 1 }`), or the
 * `.Command` of a member already judged whole.
 */
function isBinding(node: AnyNode, parent: AnyNode | undefined, key: string): boolean {
  if (!parent) return false;
  if (node.type !== 'Identifier') return false;
  if (parent.type === 'MemberExpression' && key === 'property' && !parent.computed) return true;
  return (parent.type === 'ObjectProperty' || parent.type === 'ObjectMethod' || parent.type === 'ClassMethod' || parent.type === 'ClassProperty') && key === 'key' && !parent.computed;
}
