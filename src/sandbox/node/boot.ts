// The sandbox worker's first code: compile dist-cli/sandbox-worker.cjs with a V8 code cache kept
// beside it (made by the build's warm-up replay, remade when Node's V8 changes), then run it, in strict mode as
// the ES modules it was built from (ses refuses to start in sloppy mode). Every replay is a new
// worker, so this start-up is paid on every `timescope replay`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const file = path.join(__dirname, 'sandbox-worker.cjs');
const cacheFile = path.join(__dirname, `sandbox-worker.${process.versions.v8}.cache`);
let cachedData: Buffer | undefined;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // no cache yet
}
const source = `(function (exports, require, module, __filename, __dirname) {'use strict';${readFileSync(file, 'utf8')}\n})`;
const script = new vm.Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
// Without a usable cache, the worker saves one after its replay (worker.ts), when the cache holds
// the engine's compiled functions too and not only the top level. Flow code never sees this global:
// it runs in a Compartment.
const needed = !cachedData || script.cachedDataRejected === true;
(globalThis as Record<symbol, unknown>)[Symbol.for('timescope.saveCodeCache')] = () => {
  if (!needed) return;
  try {
    writeFileSync(cacheFile, script.createCachedData());
  } catch {
    // a read-only install: start without a cache
  }
};
const moduleObject = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(moduleObject.exports, require, moduleObject, file, __dirname);
