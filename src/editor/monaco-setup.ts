// The one module that statically imports monaco-editor. Reached only through `import()` in
// monaco-loader.ts, so Monaco, its CSS and its workers land in a lazy chunk and first paint never
// waits for them. Importing it has side effects (worker factory, TS defaults); it runs once.

// Not `import * as monaco from 'monaco-editor'`: that edition registers ~80 languages and the css
// and html language services, whose workers Vite then builds and emits (~1.8 MB, plus ~80 grammar
// chunks) though a flow file is only ever TypeScript, JavaScript or JSON (language.ts). So: the
// editor API, every editor feature the full edition has, and just those three languages.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
// What the full edition (monaco-editor/esm/vs/index.js) adds on top of features/register.all:
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations';
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/copyPasteContribution';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
import 'monaco-editor/editor/contrib/semanticTokens/browser/documentSemanticTokens';
import 'monaco-editor/editor/common/standaloneStrings';
// Syntax colouring for .ts/.js, and the TypeScript and JSON language services.
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/javascript/register';
import * as typescript from 'monaco-editor/languages/features/typescript/register';
import 'monaco-editor/languages/features/json/register';
// Workers through the package's exports map ("./*" -> "./esm/vs/*.js"), bundled by Vite as ES workers.
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/language/typescript/ts.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { READING_LANGUAGES } from './language';

// Monaco asks for a worker by label: 'typescript' / 'javascript' for the TS language service, 'json'
// for a .json tab, 'editorWorkerService' for diffing, links and word completion. languageOf() never
// picks css/html, so those labels are never asked for; they get the plain editor worker regardless.
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
// moved from `monaco.languages.typescript` to the top-level `monaco.typescript`: the `typescript` namespace imported above.
const compilerOptions: typescript.CompilerOptions = {
  target: typescript.ScriptTarget.ESNext,
  module: typescript.ModuleKind.ESNext,
  moduleResolution: typescript.ModuleResolutionKind.NodeJs,
  allowJs: true,
  allowNonTsExtensions: true,
  noEmit: true
};
for (const defaults of [typescript.typescriptDefaults, typescript.javascriptDefaults]) {
  defaults.setCompilerOptions(compilerOptions);
  defaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false, noSuggestionDiagnostics: true });
}

// The reading languages (language.ts): TypeScript's and JavaScript's Monarch colouring under ids no
// language service listens to. Loaded when a model first uses one, as Monaco loads its own.
const MONARCH = {
  typescript: () => import('monaco-editor/languages/definitions/typescript/typescript'),
  javascript: () => import('monaco-editor/languages/definitions/javascript/javascript')
};
for (const [full, id] of Object.entries(READING_LANGUAGES) as [keyof typeof READING_LANGUAGES, string][]) {
  monaco.languages.register({ id });
  monaco.languages.registerTokensProviderFactory(id, { create: async () => (await MONARCH[full]()).language });
  monaco.languages.onLanguageEncountered(id, () => {
    void MONARCH[full]().then((m) => monaco.languages.setLanguageConfiguration(id, m.conf));
  });
}

export { monaco };
