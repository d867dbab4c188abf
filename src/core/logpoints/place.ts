// Puts logpoints into the person's source, before sucrase sees it: each becomes a read of the
// checked expression where the line's statement is, handed to the replay's hook,
//   const total = …;  ->  const total = …;;if (__pe$lp()) try { __pe$lv(0, (total), 0); } catch (__pe$e) { __pe$lv(0, __pe$e, 1); }
// (read in place: no function is made per hit), or, in an arrow's expression body, where only an
// expression goes, `(__pe$lp() && __pe$lv(0, () => (total), 2), body)`. `__pe$lp()` is false
// unless a replay with logpoints is running, so the read costs nothing otherwise. It goes in
// before sucrase, so that sucrase rewrites the names in it as in the flow (an imported `db` is `_services.db` in
// its output). Only text is inserted, and on the lines where it belongs, so every line stays where
// it was; align.ts maps a column on a touched line back to the person's column token by token, and
// the inserted tokens, which are not in the source, match none.
//
// Which statement, and when (types.ts LogTiming): the outermost statement that starts on the line.
// A declaration or expression statement is read after it ran; a function's declaration (or a
// `const f = (…) => …`) on entry to each call; anything else (return, throw, if, loops) before it.
// A line where no statement starts may still start an arrow's expression body, read on entry;
// otherwise the logpoint is not placed, and says where the nearest statement is. A line inside a
// function given to Command(…), which a replay never runs, reads where the Command is built
// (commandFns.ts), and its placement says so.
import { parse } from '@babel/parser';
import { pluginsFor } from '../source/syntaxError';
import type { LogTiming } from './types';
import { declaredFunction, isStatement, type Node } from './ast';
import { commandAround, CommandFinder, commandOnLine, type CommandFn } from './commandFns';

export const LOG_HOOK = '__pe$lp';
export const LOG_VALUE = '__pe$lv';
/** How a hit's second argument is to be read (effect/tracer.ts logValue). */
export const HIT_VALUE = 0;
export const HIT_THROWN = 1;
export const HIT_READ = 2;


export interface PointToPlace {
  /** the hook's first argument: the logpoint's place in the request */
  readonly index: number;
  readonly line: number;
  /** checked code (expression.ts), never the text as typed */
  readonly code: string;
}

export type PlaceResult =
  | { readonly index: number; readonly timing: LogTiming; readonly note?: string }
  | { readonly index: number; readonly reason: string };

interface Insertion {
  readonly at: number;
  readonly text: string;
  /** among insertions at one offset, lower goes first in the text */
  readonly order: number;
}

const SKIP = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'comments', 'tokens']);
/** Statements that leave no code behind: a logpoint there would never run. */
const TYPE_ONLY = /^(TSInterfaceDeclaration|TSTypeAliasDeclaration|TSDeclareFunction|TSModuleDeclaration|DeclareFunction|TypeAlias|InterfaceDeclaration)$/;
/** Bodies that hold a list of statements, where one more can go beside another. */
const LIST_PARENTS = new Set(['Program', 'BlockStatement', 'StaticBlock', 'SwitchCase', 'TSModuleBlock']);


interface Found {
  readonly statements: Map<number, { node: Node; parent: Node | undefined }>;
  /** arrows with an expression body, by the line the body starts on (innermost last) */
  readonly arrowBodies: Map<number, Node[]>;
  readonly statementLines: number[];
  /** the functions given to Command(…), which a replay never runs */
  readonly commands: CommandFn[];
}

function collect(ast: Node): Found {
  const statements = new Map<number, { node: Node; parent: Node | undefined }>();
  const arrowBodies = new Map<number, Node[]>();
  const commands = new CommandFinder();
  const stack: Node[] = [];
  const visit = (node: Node, parent: Node | undefined): void => {
    if (isStatement(node) && parent?.type !== 'ExportNamedDeclaration' && parent?.type !== 'ExportDefaultDeclaration') {
      const line = node.loc.start.line;
      // The outermost wins: it is met first, and a later one on the line starts inside it or after it.
      if (!statements.has(line)) statements.set(line, { node, parent });
    }
    if (node.type === 'ArrowFunctionExpression' && (node.body as Node).type !== 'BlockStatement') {
      const line = (node.body as Node).loc.start.line;
      arrowBodies.set(line, [...(arrowBodies.get(line) ?? []), node]);
    }
    commands.see(node, stack);
    stack.push(node);
    for (const key of Object.keys(node)) {
      if (SKIP.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const c of child) if (c && typeof (c as Node).type === 'string') visit(c as Node, node);
      } else if (child && typeof (child as Node).type === 'string') visit(child as Node, node);
    }
    stack.pop();
  };
  visit(ast, undefined);
  return { statements, arrowBodies, statementLines: [...statements.keys()].sort((a, b) => a - b), commands: commands.found() };
}

/** A line in a Command's function reads where the flow builds that Command, and says so. */
function readWhereBuilt(command: CommandFn, p: PointToPlace, inserts: Insertion[]): { timing: LogTiming; note: string } {
  const at = command.at;
  const note = (line: number) =>
    `reads where ${command.name ? `${command.name} is built` : 'its Command is built'} (line ${line}): a replay never runs a Command's function, whose answer comes from the recording`;
  if ('entry' in at) {
    inserts.push(...atEntry(at.entry, p));
    return { timing: 'entry', note: note((at.entry.body as Node).loc.start.line) };
  }
  readAround(at.node, at.parent, at.timing, p, inserts);
  return { timing: at.timing, note: note(at.node.loc.start.line) };
}

/** Inserts the read after or before a statement; one that is a bare branch body gets braces, so the branch still governs both. */
function readAround(node: Node, parent: Node | undefined, timing: 'after' | 'before', p: PointToPlace, inserts: Insertion[]): void {
  const read = hookStatement(p);
  const inList = LIST_PARENTS.has(parent?.type ?? 'Program');
  if (timing === 'after') {
    if (!inList) inserts.push({ at: node.start, text: '{', order: -p.index - 1 });
    inserts.push({ at: node.end, text: `;${read}${inList ? '' : '}'}`, order: p.index });
    return;
  }
  inserts.push({ at: node.start, text: `${inList ? '' : '{'}${read} `, order: -p.index - 1 });
  if (!inList) inserts.push({ at: node.end, text: '}', order: p.index });
}

/** The read as a statement: the expression evaluated where it stands, a throw recorded as its value. */
function hookStatement(p: PointToPlace): string {
  return `if (${LOG_HOOK}()) try { ${LOG_VALUE}(${p.index}, (${p.code}), ${HIT_VALUE}); } catch (__pe$e) { ${LOG_VALUE}(${p.index}, __pe$e, ${HIT_THROWN}); }`;
}

/** The read as an expression (an arrow's expression body): a function the hook calls. */
function hookExpression(p: PointToPlace): string {
  return `${LOG_HOOK}() && ${LOG_VALUE}(${p.index}, () => (${p.code}), ${HIT_READ})`;
}

/** Insertions reading on entry to `fn`, each call. */
function atEntry(fn: Node, p: PointToPlace): Insertion[] {
  const body = fn.body as Node;
  if (body.type === 'BlockStatement') {
    const directives = (body.directives as Node[] | undefined) ?? [];
    const at = directives.length > 0 ? directives[directives.length - 1]!.end : body.start + 1;
    return [{ at, text: hookStatement(p), order: p.index }];
  }
  // An expression body becomes `(read, body)`: the read first, the body's value returned.
  const start = (body.extra as { parenStart?: number } | undefined)?.parenStart ?? body.start;
  const end = (body.extra as { parenthesized?: boolean } | undefined)?.parenthesized ? findParenEnd(body) : body.end;
  return [
    { at: start, text: `(${hookExpression(p)}, `, order: -p.index - 1 },
    { at: end, text: ')', order: p.index }
  ];
}

/** The offset just past the parenthesis closing a parenthesized node (babel's node ends inside it). */
let sourceText = '';
function findParenEnd(body: Node): number {
  let at = body.end;
  while (at < sourceText.length && sourceText[at] !== ')') at++;
  return Math.min(sourceText.length, at + 1);
}

/**
 * The source with each placeable point inserted, and for every point where it went or why not.
 * Nothing is inserted when the source does not parse (the replay then reports the compile error).
 */
// The same file with the same logpoints is placed again at every replay (each edit of another file,
// each Replay): the placement, which parses the whole file, is kept for the last few.
const placed = new Map<string, { readonly text: string; readonly results: readonly PlaceResult[] }>();
const PLACED_KEPT = 32;

export function placeLogpoints(file: string, text: string, points: readonly PointToPlace[]): { readonly text: string; readonly results: readonly PlaceResult[] } {
  const key = JSON.stringify([file, text, points.map((p) => [p.index, p.line, p.code])]);
  const known = placed.get(key);
  if (known) return known;
  const result = placeUncached(file, text, points);
  Object.freeze(result.results.map(Object.freeze));
  if (placed.size >= PLACED_KEPT) placed.clear();
  placed.set(key, Object.freeze(result));
  return result;
}

function placeUncached(file: string, text: string, points: readonly PointToPlace[]): { text: string; results: PlaceResult[] } {
  let ast: Node;
  try {
    ast = parse(text, { sourceType: 'module', plugins: pluginsFor(file), allowReturnOutsideFunction: true, allowUndeclaredExports: true, attachComment: false }) as unknown as Node;
  } catch {
    return { text, results: points.map((p) => ({ index: p.index, reason: `cannot be placed: ${file} does not parse` })) };
  }
  sourceText = text;
  const found = collect(ast);
  const inserts: Insertion[] = [];
  const results: PlaceResult[] = [];
  for (const p of points) {
    const r = placeOne(p, found, inserts);
    results.push('timing' in r ? { index: p.index, timing: r.timing, ...(r.note ? { note: r.note } : {}) } : { index: p.index, reason: r.reason });
  }
  sourceText = '';
  inserts.sort((a, b) => b.at - a.at || b.order - a.order);
  let out = text;
  for (const { at, text: t } of inserts) out = out.slice(0, at) + t + out.slice(at);
  return { text: out, results };
}

function placeOne(p: PointToPlace, found: Found, inserts: Insertion[]): { timing: LogTiming; note?: string } | { reason: string } {
  const s = found.statements.get(p.line);
  // What runs on the line, unless that is a Command's function: the statement that starts there,
  // else the innermost expression body of an arrow that starts there.
  if (s) {
    const declared = declaredFunction(s.node);
    const command = commandAround(found.commands, s.node) ?? (declared ? commandAround(found.commands, declared) : undefined);
    if (command) return readWhereBuilt(command, p, inserts);
  } else {
    const arrow = (found.arrowBodies.get(p.line) ?? []).filter((a) => !commandAround(found.commands, a)).at(-1);
    if (arrow) {
      inserts.push(...atEntry(arrow, p));
      return { timing: 'entry' };
    }
    const command = commandOnLine(found.commands, p.line);
    if (command) return readWhereBuilt(command, p, inserts);
  }
  if (s) {
    const node = s.node;
    if (TYPE_ONLY.test(node.type) || (node.type === 'ExportNamedDeclaration' && (node.exportKind === 'type' || TYPE_ONLY.test(((node.declaration as Node | undefined)?.type) ?? '')))) {
      return { reason: `is on line ${p.line}, which declares a type: types leave no code to run` };
    }
    if (node.type === 'ImportDeclaration' || (node.type === 'ExportNamedDeclaration' && !node.declaration) || node.type === 'ExportAllDeclaration') {
      return { reason: `is on line ${p.line}, an import or export, which runs when the file loads, not during the replay` };
    }
    const fn = declaredFunction(node);
    if (fn) {
      inserts.push(...atEntry(fn, p));
      return { timing: 'entry' };
    }
    const after = node.type === 'VariableDeclaration' || node.type === 'ExpressionStatement' || node.type === 'ClassDeclaration' || (node.type === 'ExportNamedDeclaration' && !!node.declaration);
    const timing = after ? 'after' : 'before';
    readAround(node, s.parent, timing, p, inserts);
    return { timing };
  }
  const next = found.statementLines.find((l) => l > p.line);
  const prev = [...found.statementLines].reverse().find((l) => l < p.line);
  const near = [prev, next].filter((l): l is number => l !== undefined).map((l) => `line ${l}`).join(' or ');
  return { reason: `is on line ${p.line}, where no statement starts${near ? `: put it on ${near}` : ''}` };
}
