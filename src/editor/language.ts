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
 * Absolute path of a file's model (`flow.ts` -> `/flow.ts`, shown as `file:///flow.ts`). The TS
 * worker resolves `./services` against it, so sibling files land next to each other.
 */
export function modelPath(fileName: string): string {
  return '/' + fileName.replace(/^\/+/, '');
}
