// A snippet: ES module source text that exports run(), which returns a value (or a Promise of
// one) or throws. Its id says the one behaviour it checks: `category/what`.
export interface Snippet {
  readonly id: string;
  readonly source: string;
}

/** A whole module, as written. */
export const mod = (id: string, source: string): Snippet => ({ id, source: source.endsWith('\n') ? source : `${source}\n` });

/** run()'s body: `lines` go on lines 2.. of the module. */
export const body = (id: string, lines: string): Snippet => mod(id, `export function run() {\n${lines}\n}\n`);

/** run() returns one expression, on line 2. */
export const expr = (id: string, expression: string): Snippet => body(id, `  return ${expression};`);

/** An async run(): `lines` may await. */
export const asyncBody = (id: string, lines: string): Snippet => mod(id, `export async function run() {\n${lines}\n}\n`);

/** Every snippet's id once, or the first id that repeats. */
export function checkIds(all: readonly Snippet[]): string | undefined {
  const seen = new Set<string>();
  for (const s of all) {
    if (seen.has(s.id)) return s.id;
    seen.add(s.id);
  }
  return undefined;
}
