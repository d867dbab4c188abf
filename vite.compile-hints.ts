// V8's explicit compile hint for the chunks a trace's first render runs.
//
// V8 compiles a function lazily, on its first call. The workspace's chunk is fetched and evaluated
// while the empty screen waits (src/app/shell/warmWorkspace.ts), but its components run first when a
// trace opens, so the opening's render and commit also compiled each of them: the cold open's
// longest task was ~1.5x a second open's on the same page. A script that starts with the magic
// comment `//# allFunctionsCalledOnLoad` has all its functions compiled when the script is (for a
// streamed module script, off the main thread), in V8 since Chromium 136; other engines read it as
// a comment.
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

/** Prefixes the hint to the chunks named (Rollup's chunk names: a lazy module's file name). */
export function eagerCompile(chunkNames: readonly string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'timescope-eager-compile',
    apply: 'build',
    // Last of every plugin's generateBundle: after minification (which drops comments) and after
    // Vite's own prologue (its preload map), since the hint must be the script's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          // No source maps in this build: the line shift needs no map.
          if (file.type === 'chunk' && names.has(file.name)) file.code = HINT + file.code;
        }
      }
    }
  };
}
