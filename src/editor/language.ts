// File name -> Monaco language id and model path. Pure, so it is unit-tested without Monaco.

export type EditorLanguage = 'typescript' | 'javascript' | 'json' | 'plaintext';

const BY_EXTENSION: Record<string, EditorLanguage> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json'
};

export function languageOf(fileName: string): EditorLanguage {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0 || dot < fileName.lastIndexOf('/')) return 'plaintext';
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? 'plaintext';
}

/**
 * Languages with TypeScript's colouring and nothing else (monaco-setup.ts registers them). A model is
 * read in one of these until someone focuses the editor: the full language starts the TypeScript
 * language service in a worker of ~7 MB that then checks the file, ~4 s of CPU on a laptop core,
 * competing with the first screen and the replay on load for what a reader never uses.
 */
export const READING_LANGUAGES = { typescript: 'typescript-reading', javascript: 'javascript-reading' } as const;

/** The language a file's model opens in, before the editor is focused. */
export function readingLanguageOf(fileName: string): string {
  const language = languageOf(fileName);
  return language === 'typescript' || language === 'javascript' ? READING_LANGUAGES[language] : language;
}

/**
 * Absolute path of a file's model (`flow.ts` -> `/flow.ts`, shown as `file:///flow.ts`). The TS
 * worker resolves `./services` against it, so sibling files land next to each other.
 */
export function modelPath(fileName: string): string {
  return '/' + fileName.replace(/^\/+/, '');
}
