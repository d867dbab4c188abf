// The one module that statically imports monaco-editor. Reached only through `import()` in
// monaco-loader.ts, so Monaco, its CSS and its workers land in a lazy chunk and first paint never
// waits for them. Importing it has side effects (worker factory, TS defaults); it runs once.

import * as monaco from 'monaco-editor';
// Workers through the package's exports map ("./*" -> "./esm/vs/*.js"), bundled by Vite as ES workers.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

// Monaco asks for a worker by label: 'typescript' / 'javascript' for the TS language service, 'json'
// for a .json tab, 'editorWorkerService' for diffing, links and word completion. languageOf() never
// picks css/html, so those labels are never asked for; they get the plain editor worker regardless.
// (Monaco's own `new Worker(new URL(...))` fallbacks still make Vite emit every language worker as
// an asset; none of them is fetched unless requested here.)
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === 'typescript' || label === 'javascript') return new TsWorker({ name: label });
    if (label === 'json') return new JsonWorker({ name: label });
    return new EditorWorker({ name: label });
  }
};

// Flows import 'pure-effect' and './services', which the viewer does not have as typed modules: with
// semantic checks on, every import and every Command would be underlined. Syntax errors still show,
// which is what matters when someone edits a flow to replay it. In 0.55+ the language namespaces
// moved from `monaco.languages.typescript` to the top-level `monaco.typescript`.
const compilerOptions: monaco.typescript.CompilerOptions = {
  target: monaco.typescript.ScriptTarget.ESNext,
  module: monaco.typescript.ModuleKind.ESNext,
  moduleResolution: monaco.typescript.ModuleResolutionKind.NodeJs,
  allowJs: true,
  allowNonTsExtensions: true,
  noEmit: true
};
for (const defaults of [monaco.typescript.typescriptDefaults, monaco.typescript.javascriptDefaults]) {
  defaults.setCompilerOptions(compilerOptions);
  defaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false, noSuggestionDiagnostics: true });
}

export { monaco };
