// `timescope replay incident.capsule.enc --key <key>`: an encrypted capsule from Share replays as the
// capsule it holds once its key decrypts it; the key may be given alone or as the whole link. Without
// a key, with a wrong one, or with a key for a file that needs none, it exits 2 saying which.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureRuns } from '../../src/core/source/test-support/fixtures';
import { buildCapsule } from '../../src/core/share/capsule';
import { armorCapsule, encryptCapsule } from '../../src/core/share/encrypted';
import { capsuleLink } from '../../src/core/share/capsuleAddress';
import type { IncidentPayload } from '../../src/core/share/payload';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/timescope.mjs');
const TMP = mkdtempSync(path.join(tmpdir(), 'timescope-cli-enc-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function timescope(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function tempFile(name: string, data: string | Uint8Array): string {
  const file = path.join(TMP, name);
  writeFileSync(file, data);
  return file;
}

const plain = fixtureRuns().find((r) => r.id === 'checkout-zero-total')!;
const incident: IncidentPayload = {
  v: 1,
  trace: JSON.parse(readFileSync(plain.traceFile, 'utf8')) as IncidentPayload['trace'],
  sources: [{ name: 'flow.ts', text: readFileSync(path.join(plain.dir, 'flow.ts'), 'utf8') }]
};
const zip = buildCapsule(incident);
const sealed = await encryptCapsule(zip);
const file = tempFile('incident.capsule.enc', sealed.bytes);
const exitCode = (JSON.parse(readFileSync(plain.replayFile, 'utf8')) as { result: { type: string } }).result.type === 'Success' ? 0 : 1;

describe.concurrent('timescope replay incident.capsule.enc --key', () => {
  it('replays the capsule inside, as the plain capsule does', async () => {
    const out = await timescope(['replay', file, '--key', sealed.key]);
    expect(out).toEqual({ code: exitCode, stdout: `${plain.narration}\n\nVerdict: reproduced — the replay ends as production did, asking the same recorded Commands: Failure: Amount must be non-zero.\n`, stderr: '' });
  });

  it('takes the whole link as the key, and the text form (for gists) as the file', async () => {
    const link = capsuleLink('https://timescope.example/', 'https://files.example/incident.capsule.enc', sealed.key);
    const text = tempFile('incident.capsule.txt', armorCapsule(sealed.bytes));
    const out = await timescope(['replay', text, '--key', link]);
    expect(out).toEqual({ code: exitCode, stdout: `${plain.narration}\n\nVerdict: reproduced — the replay ends as production did, asking the same recorded Commands: Failure: Amount must be non-zero.\n`, stderr: '' });
  });

  it('without --key, with a wrong key, or with a key for a plain capsule: exit 2, saying which', async () => {
    expect(await timescope(['replay', file])).toEqual({
      code: 2,
      stdout: '',
      stderr: `timescope: '${file}' is an encrypted capsule: give its key with --key, the part after #key= in the link it came with\n`
    });
    const wrong = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    expect(await timescope(['replay', file, '--key', wrong])).toMatchObject({ code: 2, stderr: expect.stringMatching(new RegExp(`^timescope: cannot decrypt '${file.replace(/[.]/g, '\\.')}': .*wrong key, or the file was changed`)) });
    expect(await timescope(['replay', file, '--key', sealed.key.slice(0, 40)])).toMatchObject({ code: 2, stderr: expect.stringContaining('The key is 40 characters long, and a capsule key is 43') });
    const zipFile = tempFile('incident.zip', zip);
    expect(await timescope(['replay', zipFile, '--key', sealed.key])).toEqual({
      code: 2,
      stdout: '',
      stderr: `timescope: --key decrypts an encrypted capsule; '${zipFile}' is not one, so it needs no key\n`
    });
  });
});
