// Text that ses refuses to evaluate, rewritten so that it means the same and ses accepts it.
//
// ses cannot parse, so it rejects source by pattern before evaluating it: `<!--` and `-->`
// anywhere (an HTML-like comment in some parsers), `import(` (a dynamic import) and `eval(` (a
// direct eval), even inside a string, a template, a regular expression or a comment. An HTML
// e-mail template in a flow would then not compile, at "1:1". ses's own evasions (its evaluate
// options) change the text of such literals, so the flow would compute other strings.
//
// We have the tree (instrument.ts parses every module), so each match is mended where it lies:
//   - in a string or an untagged template: one character of it written as an escape (`<\x21--`,
//     `--\x3E`, `im\x70ort(`, `ev\x61l(`), the same value;
//   - in a regular expression: `new RegExp("…", flags)` with the pattern as such a string, since a
//     literal's text is its `.source`: the same object, made at the same moment;
//   - in a comment: a space, which changes nothing;
//   - between operators (`a<!--b`, `a-->b`): a space between the tokens, which changes nothing;
//   - in a name (`$import(…)`, `{ import() {…} }`): one letter as a \u escape, the same name.
// What remains is a real direct eval (refused by design: loader.ts names its line), or a match in a
// tagged template, whose raw text the tag can read, so it is left for loader.ts to refuse with its
// line and the reason.
import type { AnyNode, Insertion } from './instrument';

/** ses's patterns (ses/src/transforms.js), and which character of a match to rewrite. */
const PATTERNS: readonly { readonly re: RegExp; readonly at: (m: RegExpExecArray) => number }[] = [
  { re: /<!--/g, at: (m) => m.index + 1 },
  { re: /-->/g, at: (m) => m.index + 2 },
  { re: /(^|[^.]|\.\.\.)\bimport(?=\s*(?:\(|\/[/*]))/g, at: (m) => m.index + m[1]!.length + 2 },
  { re: /(^|[^.])\beval(?=\s*\()/g, at: (m) => m.index + m[1]!.length + 2 }
];

const QUICK = /<!--|-->|\bimport\b|\beval\b/;

type Place = { readonly kind: 'literal' | 'regex' | 'tagged' | 'comment' | 'name' | 'code'; readonly node?: AnyNode; readonly reference?: boolean };

/** A name that is not a reference: a property's key, a member's property (`{ eval() {} }`, `a.eval`). */
const KEYED = new Set(['ObjectProperty', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod', 'ClassProperty', 'ClassPrivateProperty', 'ClassAccessorProperty']);
function isReference(parent: AnyNode, key: string): boolean {
  if (KEYED.has(parent.type) && key === 'key' && !parent.computed) return false;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && key === 'property' && !parent.computed) return false;
  return true;
}

const SKIP = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);
const LITERALS = new Set(['StringLiteral', 'DirectiveLiteral', 'TemplateElement']);
const NAMES = new Set(['Identifier', 'PrivateName']);

/** The innermost literal, name or comment holding `offset`, else code. */
function placeOf(ast: AnyNode, offset: number): Place {
  for (const c of (ast.comments as AnyNode[] | undefined) ?? []) if (c.start <= offset && offset < c.end) return { kind: 'comment', node: c };
  let found: Place = { kind: 'code' };
  const visit = (node: AnyNode, tagged: boolean, parent?: AnyNode, parentKey = ''): void => {
    if (node.type === 'RegExpLiteral') {
      found = { kind: 'regex', node };
      return;
    }
    if (LITERALS.has(node.type)) {
      found = { kind: node.type === 'TemplateElement' && tagged ? 'tagged' : 'literal', node };
      return;
    }
    if (NAMES.has(node.type)) {
      found = { kind: 'name', node, reference: parent ? isReference(parent, parentKey) : true };
      return;
    }
    for (const key of Object.keys(node)) {
      if (SKIP.has(key)) continue;
      const child = node[key];
      const kids = Array.isArray(child) ? child : [child];
      for (const c of kids) {
        if (!c || typeof (c as AnyNode).type !== 'string') continue;
        const n = c as AnyNode;
        if (n.start <= offset && offset < n.end) visit(n, node.type === 'TaggedTemplateExpression' && key === 'quasi' ? true : node.type === 'TemplateLiteral' ? tagged : false, node, key);
      }
    }
  };
  visit(ast, false);
  return found;
}

const hex = (ch: string) => `\\x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
const unicode = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The edits that let ses accept `code` unchanged in meaning (none for code without a match).
 * `htmlOpenInCode` hears of a `<!--` between operators, which a module may not hold (transpile.ts).
 */
export function evasions(code: string, ast: AnyNode, htmlOpenInCode?: (at: number) => void): Insertion[] {
  if (!QUICK.test(code)) return [];
  const out: Insertion[] = [];
  const done = new Set<number>();
  const regexes = new Set<AnyNode>();
  for (const { re, at } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(code); m; m = re.exec(code)) {
      const offset = at(m);
      if (done.has(offset)) continue;
      done.add(offset);
      const place = placeOf(ast, offset);
      if (place.kind === 'regex') {
        if (!regexes.has(place.node!)) out.push(regexOf(place.node!));
        regexes.add(place.node!);
        continue;
      }
      // babel reads sucrase's output as a script, where `<!--` outside a string starts an HTML-like
      // comment: in the person's module it is no comment, and Node refuses it
      if (code[offset] === '!' && (place.kind === 'code' || (place.kind === 'comment' && place.node!.start === offset - 1))) htmlOpenInCode?.(offset - 1);
      const edit = editAt(code, place, offset);
      if (edit) out.push(edit);
    }
  }
  return out;
}

/** A string literal whose text holds none of ses's patterns: JSON's, with `<`, `>` and two letters escaped. */
function safeString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/import/g, 'im\\u0070ort')
    .replace(/eval/g, 'ev\\u0061l');
}

function regexOf(node: AnyNode): Insertion {
  const { pattern, flags } = node as unknown as { pattern: string; flags: string };
  return { at: node.start, text: `new RegExp(${safeString(pattern)}, ${JSON.stringify(flags)})`, first: 0, remove: node.end - node.start };
}

function editAt(code: string, place: Place, offset: number): Insertion | undefined {
  const ch = code[offset]!;
  switch (place.kind) {
    case 'literal':
      return { at: offset, text: hex(ch), first: 0, remove: 1 };
    case 'comment':
      // `a<!--b` in a script is `a` and a comment: kept one as `a//--b` (in a module, Node refuses
      // it, and so does transpile.ts); anything else inside a comment: a space
      if (ch === '!' && place.node!.start === offset - 1) return { at: offset - 1, text: '//', first: 0, remove: 2 };
      return { at: offset, text: ' ', first: 0 };
    case 'name': {
      // a real call of eval is a direct eval, refused by design (loader.ts says where)
      if (place.node!.type === 'Identifier' && place.node!.name === 'eval' && place.reference) return undefined;
      return { at: offset, text: unicode(ch), first: 0, remove: 1 };
    }
    case 'code':
      // `<!--`: `<` then `!--`; `-->`: `--` then `>`; offset is the `!` or the `>`
      return ch === '!' || ch === '>' ? { at: offset, text: ' ', first: 0 } : undefined;
    case 'tagged':
    case 'regex':
      return undefined;
  }
}
