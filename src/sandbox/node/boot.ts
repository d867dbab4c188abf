// The sandbox worker's first code: compile dist-cli/sandbox-worker.cjs with a V8 code cache kept
// beside it (made on the first run, remade when Node's V8 changes), then run it, in strict mode as
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
const moduleObject = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(moduleObject.exports, require, moduleObject, file, __dirname);
if (!cachedData || script.cachedDataRejected) {
  try {
    writeFileSync(cacheFile, script.createCachedData());
  } catch {
    // a read-only install: start without a cache
  }
}
