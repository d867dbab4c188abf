// The one module that statically imports monaco-editor. Reached only through `import()` in
// monaco-loader.ts, so Monaco, its CSS and its workers land in a lazy chunk and first paint never
// waits for them. Importing it has side effects (worker factory, TS defaults); it runs once.

// Not `import * as monaco from 'monaco-editor'`: that edition registers ~80 languages and the css
// and html language services, whose workers Vite then builds and emits (~1.8 MB, plus ~80 grammar
// chunks) though a flow file is only ever TypeScript, JavaScript or JSON (language.ts). So: the
// editor API, the editor features a person reading and editing a flow uses, and those three languages.
import * as monaco from 'monaco-editor/editor/editor.api';
// Not 'monaco-editor/features/register.all' either: every feature there is created with each editor
// and compiled with each page. Left out, as nothing here could show them: code lenses, inlay hints,
// semantic tokens, colour pickers, inline (AI) completions and paste/drop providers (no provider of
// ours or of the TS/JSON services is on for them); the diff editor's parts (we show no diff editor);
// sticky scroll and the minimap's section headers (both turned off in MonacoView); HTML's linked
// editing; and the iPad keyboard, middle-click scrolling, the GPU renderer's and token inspector's
// developer commands. Together ~30% of the chunk (1.2 -> 0.84 MB) and ~8% of the CPU a demo open
// takes (scratch A/B, 2026-12-07).
import 'monaco-editor/features/anchorSelect/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/caretOperations/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codeAction/register';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/dnd/register';
import 'monaco-editor/features/documentSymbols/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/fontZoom/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/gotoLine/register';
import 'monaco-editor/features/gotoSymbol/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/inPlaceReplace/register';
import 'monaco-editor/features/insertFinalNewLine/register';
import 'monaco-editor/features/lineSelection/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/links/register';
import 'monaco-editor/features/longLinesHelper/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/parameterHints/register';
import 'monaco-editor/features/placeholderText/register';
import 'monaco-editor/features/quickCommand/register';
import 'monaco-editor/features/quickHelp/register';
import 'monaco-editor/features/quickOutline/register';
import 'monaco-editor/features/readOnlyMessage/register';
import 'monaco-editor/features/referenceSearch/register';
import 'monaco-editor/features/rename/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/toggleHighContrast/register';
import 'monaco-editor/features/toggleTabFocusMode/register';
import 'monaco-editor/features/tokenization/register';
import 'monaco-editor/features/unicodeHighlighter/register';
import 'monaco-editor/features/unusualLineTerminators/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/wordPartOperations/register';
// What the full edition (monaco-editor/esm/vs/index.js) adds on top of the features, that we use:
// the completion list (Ctrl+Space, and as one types) among them, which register.all brought in only
// through the inline completions left out above.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
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
