// The browser's replay sandbox, built into the app (see src/worker/frameHost.ts).
//
// A build emits:
//  - assets/replay-worker-<hash>.js: the replay worker (src/worker/replay.worker.ts
//    with ses and the engine) as ONE classic script. The sandbox frame has an
//    opaque origin: it can start a worker only from a Blob URL, made from this
//    text, which the page fetches once; nothing else may be imported.
//  - sandbox.html: the frame, with its script (src/worker/sandboxFrame.ts)
//    inline and allowed by its hash, and a policy that allows no connections
//    at all, no script from any URL (not even this origin's), blob: workers,
//    and 'unsafe-eval', which ses needs to evaluate flow code.
// The virtual module 'virtual:replay-host' tells the page where they are. In
// `npm run dev` it hands the page src/worker/pageHost.ts instead: module
// workers in the page, the clearly weaker fallback; nothing is built.
//
// Served policies: the dev server sends REPLAY_WORKER_CSP with the dev worker's
// module script; both servers send sandbox.html's policy as a header as well,
// plus `sandbox allow-scripts`, so it stays an opaque origin even when opened
// on its own. A static host should send the same headers.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKER_ENTRY = path.join(here, 'src/worker/replay.worker.ts');
const FRAME_ENTRY = path.join(here, 'src/worker/sandboxFrame.ts');
const VIRTUAL = 'virtual:replay-host';

/** The dev module worker: its code from this origin, eval for the flow, no connections (connect-src falls back to 'none'). */
export const REPLAY_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval'";

export function sandboxCsp(inlineScript: string): string {
  const hash = createHash('sha256').update(inlineScript).digest('base64');
  return `default-src 'none'; script-src 'sha256-${hash}' 'unsafe-eval'; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'`;
}

function sandboxHtml(frameScript: string): string {
  // '</script' cannot occur in the minified frame code, which has no such string; checked anyway.
  if (/<\/script/i.test(frameScript)) throw new Error('the sandbox frame script cannot be inlined');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="${sandboxCsp(frameScript)}" />
    <title>Timescope replay sandbox</title>
    <script>${frameScript}</script>
  </head>
  <body></body>
</html>
`;
}

/** One entry as one self-contained classic script, strict like the ES modules it was built from (ses requires it). */
async function classicScript(entry: string): Promise<string> {
  const out = await build({
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: { write: false, target: 'es2022', minify: true, rolldownOptions: { input: entry, output: { format: 'iife', banner: '"use strict";' } } }
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  if (chunks.length !== 1 || chunks[0]!.type !== 'chunk') throw new Error(`${entry} must build to one file, got ${chunks.length}`);
  return chunks[0]!.code;
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

function policyHeaders(sandboxPolicy: () => string | undefined) {
  return (req: { url?: string }, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    const url = req.url?.split('?')[0] ?? '';
    if (/replay\.worker\.ts$/.test(url)) res.setHeader('Content-Security-Policy', REPLAY_WORKER_CSP);
    if (url.endsWith('/sandbox.html')) {
      const policy = sandboxPolicy();
      if (policy) res.setHeader('Content-Security-Policy', `sandbox allow-scripts; ${policy}`);
    }
    next();
  };
}

const exactly = (id: string) => new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export function replaySandbox(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'timescope-replay-sandbox',
    configResolved(resolved) {
      config = resolved;
    },
    // Hook filters: the bundler calls these for the one virtual module only, not for every module it
    // resolves or loads (each call from Rust into JS costs build time).
    resolveId: {
      filter: { id: exactly(VIRTUAL) },
      handler: () => `\0${VIRTUAL}`
    },
    load: {
      filter: { id: exactly(`\0${VIRTUAL}`) },
      async handler() {
        if (config.command === 'serve') return `export { createHost } from ${JSON.stringify(path.join(here, 'src/worker/pageHost.ts'))};`;
        const [worker, frame] = await Promise.all([classicScript(WORKER_ENTRY), classicScript(FRAME_ENTRY)]);
        const workerFile = `${config.build.assetsDir}/replay-worker-${shortHash(worker)}.js`;
        this.emitFile({ type: 'asset', fileName: workerFile, source: worker });
        this.emitFile({ type: 'asset', fileName: 'sandbox.html', source: sandboxHtml(frame) });
        const urls = { page: `${config.base}sandbox.html`, worker: `${config.base}${workerFile}` };
        return `import { frameHost } from ${JSON.stringify(path.join(here, 'src/worker/frameHost.ts'))};
export const createHost = () => frameHost(${JSON.stringify(urls)});`;
      }
    },
    configureServer: (server) => void server.middlewares.use(policyHeaders(() => undefined)),
    configurePreviewServer(server) {
      // The policy carries the inline script's hash: read it from the built sandbox.html.
      const built = path.resolve(server.config.root, server.config.build.outDir, 'sandbox.html');
      let policy: string | undefined;
      server.middlewares.use(
        policyHeaders(() => {
          try {
            policy ??= /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(readFileSync(built, 'utf8'))?.[1];
          } catch {
            // not built: the preview serves a 404 anyway
          }
          return policy;
        })
      );
    }
  };
}
