import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { parseTraceText } from '../trace/parse';
import { buildCapsule, isZip, readCapsule } from './capsule';
import type { IncidentPayload } from './payload';
import { fixtureIncidents, traceOnly } from './test-support/fixtureIncidents';
import { deflatedEntry, writeZip } from './test-support/zipWriter';
import { deflatedZeros } from './test-support/zeros';

// What the zip bomb tests count instead of timing: each inflate the reader asks for, and how much
// compressed input it had read when it stopped.
const inflates = vi.hoisted(() => [] as { maxBytes: number; consumed: number | undefined; ok: boolean }[]);
vi.mock('./inflateCapped', async (importOriginal) => {
  const real = await importOriginal<typeof import('./inflateCapped')>();
  return {
    ...real,
    inflateCapped: (compressed: Uint8Array, maxBytes: number) => {
      const result = real.inflateCapped(compressed, maxBytes);
      inflates.push({ maxBytes, consumed: result.ok ? compressed.length : result.consumed, ok: result.ok });
      return result;
    }
  };
});

const CREATED = new Date('2026-12-01T12:00:00.000Z');
const incidents = fixtureIncidents();
const checkout = incidents.find((c) => c.name === 'checkout-zero-total')!;

const read = (bytes: Uint8Array, options?: { maxBytes?: number }) => {
  const r = readCapsule(bytes, options);
  if (!r.ok) throw new Error(`expected the capsule to read, got ${r.kind}: ${r.message}`);
  return r;
};

/** The checkout capsule's files, changed by `edit`, zipped again. */
function altered(edit: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const files = unzipSync(buildCapsule(checkout.payload, { createdAt: CREATED }));
  edit(files);
  return zipSync(files);
}

const json = (value: unknown) => strToU8(JSON.stringify(value));

describe('capsule round trip', () => {
  it.each(incidents.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const bytes = buildCapsule(c.payload, { createdAt: CREATED });
    expect(isZip(bytes)).toBe(true);
    const { payload, manifest } = read(bytes);
    expect(payload).toEqual(c.payload);
    expect(manifest).toMatchObject({ schema: 1, createdAt: '2026-12-01T12:00:00.000Z', redaction: { applied: false, rules: [] } });
    // trace.json inside reads as the trace it came from
    const inside = strFromU8(unzipSync(bytes)['trace.json']!);
    expect(parseTraceText(inside).kind).toBe(parseTraceText(c.traceText).kind);
  });

  it('gives trace.json as written, so a number past 2^53 reaches the trace parser exact', () => {
    const text = '{"flowName":"checkout","trace":[{"command":"cmdFetchCart","path":"0","result":{"id":9007199254740993}}]}';
    const bytes = altered((files) => {
      files['trace.json'] = strToU8(text);
    });
    const got = readCapsule(bytes);
    if (!got.ok) throw new Error(got.message);
    expect(got.traceText).toBe(text);
    expect(JSON.stringify(got.payload.trace)).not.toContain('9007199254740993'); // what reading it as data loses
    const parsed = parseTraceText(got.traceText);
    expect(parsed.kind === 'trace' && parsed.model.exactNumbers).toEqual({ '/trace/0/result/id': '9007199254740993' });
  });

  it('lays out manifest, trace, sources, edits, notes, context and README, listed in the manifest', () => {
    const files = unzipSync(buildCapsule(checkout.payload, { createdAt: CREATED }));
    expect(Object.keys(files)).toEqual(['manifest.json', 'trace.json', 'sources/flow.ts', 'sources/services.ts', 'edits/flow.ts', 'notes.json', 'context.json', 'README.md']);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, unknown>;
    expect(manifest).toEqual({
      schema: 1,
      title: 'Checkout fails when a 100% promo makes the total zero',
      flowName: 'checkout',
      version: '9f2c1ab',
      createdAt: '2026-12-01T12:00:00.000Z',
      redaction: { applied: false, rules: [] },
      files: ['trace.json', 'sources/flow.ts', 'sources/services.ts', 'edits/flow.ts', 'notes.json', 'context.json', 'README.md'],
      step: 0
    });
    const readme = strFromU8(files['README.md']!);
    expect(readme).toMatch(/^# Checkout fails when a 100% promo makes the total zero\n/);
    expect(readme).toContain('drop this .zip on the page');
    expect(readme).toContain('`npx timescope replay incident.zip`');
    expect(readme).toContain('add `--edited`');
    expect(readme).toContain('Nothing was redacted');
  });

  it('says in the README and the manifest when it was redacted, and with which rules', () => {
    const redacted: IncidentPayload = { ...traceOnly(checkout.payload), redaction: { applied: true, rules: ['key:email', 'detector:luhn'] } };
    const bytes = buildCapsule(redacted, { createdAt: CREATED });
    expect(read(bytes).manifest.redaction).toEqual({ applied: true, rules: ['key:email', 'detector:luhn'] });
    expect(strFromU8(unzipSync(bytes)['README.md']!)).toContain('redacted before sharing, with these rules: key:email, detector:luhn.');
  });

  it('is the same bytes for the same incident and time', () => {
    expect(buildCapsule(checkout.payload, { createdAt: CREATED })).toEqual(buildCapsule(checkout.payload, { createdAt: CREATED }));
  });

  it('refuses to build from an invalid incident', () => {
    const bad = { ...checkout.payload, sources: [{ name: '../x.ts', text: '' }] } as IncidentPayload;
    expect(() => buildCapsule(bad)).toThrow(/^cannot build a capsule from this incident: sources\.0\.name: "\.\.\/x\.ts" is not a usable file name/);
  });
});

describe('capsule: what is refused, and why', () => {
  it('not a zip', () => {
    expect(isZip(strToU8(checkout.traceText))).toBe(false);
    expect(readCapsule(strToU8(checkout.traceText))).toEqual({
      ok: false,
      kind: 'not-a-zip',
      message: 'This is not a capsule: a capsule is a .zip file, and this file does not start like one.'
    });
  });

  it('truncated: a capsule cut in half has no directory', () => {
    const bytes = buildCapsule(checkout.payload, { createdAt: CREATED });
    expect(readCapsule(bytes.subarray(0, bytes.length >> 1))).toMatchObject({ ok: false, kind: 'truncated', message: expect.stringMatching(/^The capsule is incomplete: the zip has no end-of-directory record/) });
  });

  it.each([
    ['../evil.ts', "the name climbs out of its folder with '..'"],
    ['sources/../../evil.ts', "the name climbs out of its folder with '..'"],
    ['/etc/cron.d/evil', 'the name is an absolute path'],
    ['C:/Windows/evil.dll', 'the name starts with a drive letter'],
    ['sources\\..\\evil.ts', 'the name holds a backslash, a path separator on Windows']
  ])('path traversal: %s', (name, why) => {
    const bytes = altered((files) => {
      files[name] = strToU8('boom');
    });
    expect(readCapsule(bytes)).toEqual({
      ok: false,
      kind: 'unsafe-name',
      message:
        `The capsule was refused: it holds a file named ${JSON.stringify(name)} (${why}). ` +
        'Timescope never writes such names; this zip was altered, or made to write outside the folder it is unpacked in.'
    });
  });

  it('zip bomb: a directory that declares 1 GB is refused before anything is inflated', () => {
    const bytes = writeZip([deflatedEntry('manifest.json', '{}'), { name: 'trace.json', data: deflatedZeros(2 ** 30), method: 8, crc: 0, size: 2 ** 30 }]);
    inflates.length = 0;
    expect(readCapsule(bytes)).toMatchObject({ ok: false, kind: 'too-big', message: expect.stringMatching(/^The capsule was not opened: its files would unpack to 1024 MB \(by its zip directory\), more than the 256 MB/) });
    // Refused by the directory alone: not a byte inflated, the manifest's included.
    expect(inflates).toEqual([]);
  });

  it('zip bomb: a file that inflates past the size its directory declares is stopped there', () => {
    const manifest = deflatedEntry('manifest.json', JSON.stringify({ schema: 1, createdAt: CREATED.toISOString(), redaction: { applied: false, rules: [] }, files: ['trace.json'] }));
    const bytes = writeZip([manifest, { name: 'trace.json', data: deflatedZeros(2 ** 30), method: 8, crc: 0, size: 1000 }]);
    inflates.length = 0;
    expect(readCapsule(bytes)).toEqual({
      ok: false,
      kind: 'too-big',
      message: 'The capsule was not opened: trace.json inflates to more than the 1000 bytes its zip directory declares, so it may be made to exhaust memory (a "zip bomb").'
    });
    // Stopped at the first chunk past the cap: of the ~1 MB of compressed zeros, one 4 KB push was read.
    const bomb = inflates.find((i) => i.maxBytes === 1000);
    expect(bomb).toMatchObject({ ok: false, consumed: 4096 });
    expect(bytes.length).toBeGreaterThan(1_000_000);
  });

  it('too big: the cap is a parameter', () => {
    const bytes = buildCapsule(checkout.payload, { createdAt: CREATED });
    expect(readCapsule(bytes, { maxBytes: 1000 })).toMatchObject({ ok: false, kind: 'too-big' });
    expect(read(bytes, { maxBytes: 1024 * 1024 }).payload).toEqual(checkout.payload);
  });

  it('missing manifest', () => {
    const bytes = altered((files) => delete files['manifest.json']);
    expect(readCapsule(bytes)).toEqual({ ok: false, kind: 'missing-file', message: 'This zip is not a Timescope capsule: it has no manifest.json at its top level.' });
  });

  it('missing trace.json, or a file the manifest lists', () => {
    expect(readCapsule(altered((files) => delete files['trace.json']))).toEqual({
      ok: false,
      kind: 'missing-file',
      message: 'The capsule is incomplete: it has no trace.json, the recorded trace it exists to carry.'
    });
    expect(readCapsule(altered((files) => delete files['sources/services.ts']))).toEqual({
      ok: false,
      kind: 'missing-file',
      message: 'The capsule is incomplete: manifest.json lists sources/services.ts, which is not in the zip.'
    });
  });

  it('corrupt: a file whose bytes do not match its CRC', () => {
    const honest = deflatedEntry('trace.json', checkout.traceText);
    const manifest = deflatedEntry('manifest.json', JSON.stringify({ schema: 1, createdAt: CREATED.toISOString(), redaction: { applied: false, rules: [] }, files: ['trace.json'] }));
    expect(readCapsule(writeZip([manifest, { ...honest, crc: honest.crc ^ 1 }]))).toEqual({
      ok: false,
      kind: 'corrupt',
      message: 'The capsule is damaged: trace.json does not match the checksum its zip directory records.'
    });
    expect(read(writeZip([manifest, honest])).payload.trace).toEqual(JSON.parse(checkout.traceText));
  });

  it('unknown version: a manifest from a newer Timescope', () => {
    const bytes = altered((files) => {
      files['manifest.json'] = json({ schema: 2, createdAt: CREATED.toISOString() });
    });
    expect(readCapsule(bytes)).toEqual({
      ok: false,
      kind: 'unknown-version',
      message: 'This capsule was made by a newer Timescope (capsule schema v2); this one reads up to v1. Update Timescope to open it.'
    });
  });

  it('invalid: a manifest, notes or trace that fail their schema name the file and the path', () => {
    const manifest = altered((files) => {
      files['manifest.json'] = json({ schema: 1, createdAt: 'yesterday', redaction: { applied: false, rules: [] }, files: ['trace.json'] });
    });
    expect(readCapsule(manifest)).toEqual({ ok: false, kind: 'invalid', message: 'The capsule holds no valid incident: manifest.json: createdAt: Invalid ISO datetime.' });
    const notes = altered((files) => {
      files['notes.json'] = json({ steps: { '3': { text: 5 } } });
    });
    expect(readCapsule(notes)).toEqual({ ok: false, kind: 'invalid', message: 'The capsule holds no valid incident: notes.json: steps.3.text: expected string, received number.' });
    const trace = altered((files) => {
      files['trace.json'] = strToU8('{"trace": [');
    });
    expect(readCapsule(trace)).toMatchObject({ ok: false, kind: 'invalid', message: expect.stringMatching(/^The capsule holds no valid incident: trace\.json is not valid JSON \(/) });
  });

  it('ignores files the manifest does not list, such as a Finder .DS_Store', () => {
    const bytes = altered((files) => {
      files['.DS_Store'] = new Uint8Array([0, 0, 0, 1]);
    });
    expect(read(bytes).payload).toEqual(checkout.payload);
  });
});
