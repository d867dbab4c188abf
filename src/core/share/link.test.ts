import { describe, expect, it } from 'vitest';
import { parseTraceText } from '../trace/parse';
import { decodeBase64url, encodeBase64url } from './base64url';
import { inflateCapped } from './inflateCapped';
import { decodeLink, DEFAULT_LINK_LIMIT, encodeLink, limitsPassed, LINK_LIMITS, linkSize, linkStep, stepLinkOf } from './link';
import type { IncidentPayload } from './payload';
import { fixtureIncidents, traceOnly } from './test-support/fixtureIncidents';
import { linkAround, linkOfText } from './test-support/rawLink';
import { deflatedZeros } from './test-support/zeros';

const decoded = (text: string, options?: { maxBytes?: number }) => {
  const r = decodeLink(text, options);
  if (!r.ok) throw new Error(`expected the link to decode, got ${r.kind}: ${r.message}`);
  return r.payload;
};

/** A seeded generator, so the "random" garbage is the same on every run. */
function randomBytes(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

// Format v1 as shipped. Never regenerate this string: it stands for every v1 link already pasted
// somewhere, and must keep decoding to this payload whatever the encoder does later.
const FROZEN_V1_LINK =
  '#incident=i1.656.S_2CT52TzWobMRSFX0XcjR2wjV0vSqZNFoUasmg3aemiE4LQ3EmEZyRVP0nMMJCH6LJ9uTxJj2S7lJJssjCM75x7PuneMwPdUbWaUfRSMVUDtZ29_yx7PJPnGx0ie5rRHfugrUFxrU551S5R00ZHLbsL41LMndxL3UHxvjxU6_aNXKlzCF0nc6fzlsYZNd46xw1Vy7_U7wMp2_fSoEqqbzbaNF8D-w-7j8UTFjLe4l3Geg6pK0Cd5Sn469Up6i_gMzF5GXH6T4Gq9WI1XqEWbPKKUQDb7K-bb76IAVaRHwAg3TvroxjEZVLQBjGK1tteTFzyPOe2ZRUn72rDD0WnrAlRHIe2gZs4E1NdiWS2xt6bE3F2frSa6hM00niFczca0MPkM_8f8AY3AetV4II7GEwnZZBCdp5lsxPaiBR4MdkfAtOI7MpCjI15KANFHbs8lEt9Y-bJwb1FRxBSRLllI3h-2ExIWJzfQfrN-i0EQTQc0MWNeHr8id-vZ9lPj79zN8CFtyzQ_dy_3LLorN0C2yIJAfq840XRS-9zeKJPPI44Oi5_aBtqGBhpYk1VTVL1XNOsRl5-JA7xoill_Lt-W9NYgtRIlXOR0dK5Th-N8S51JRy05V21TxZyxBGDt_5QyDHab-C_7yVvgMY_';

const FROZEN_V1_PAYLOAD: IncidentPayload = {
  v: 1,
  trace: {
    flowName: 'register',
    version: '3c9e1f0',
    initialInput: { email: '<email:3f2a1c>', plan: 'pro' },
    dropped: 0,
    trace: [{ command: 'cmdFindUserByEmail', path: '0', result: { id: 'usr_19', email: '<email:3f2a1c>' }, durationMs: 3.1 }]
  },
  sources: [{ name: 'flow.ts', text: "import { Success } from 'pure-effect';\nexport const registerFlow = (i: unknown) => Success(i);\n" }],
  edits: { 'flow.ts': "import { Failure } from 'pure-effect';\nexport const registerFlow = () => Failure('Email already in use.');\n" },
  step: 0,
  notes: { title: 'Sign-up refuses a taken e-mail', summary: 'Works as designed — “Email already in use.”', steps: { '0': { text: 'The lookup finds usr_19.', starred: true } } },
  context: '{"tenant":"acme","requestId":"req_7"}',
  redaction: { applied: true, rules: ['key:email', 'detector:email'] },
  exportName: 'registerFlow'
};

describe('incident link round trip', () => {
  const incidents = fixtureIncidents();

  it('finds the fixture cases', () => {
    expect(incidents.length).toBeGreaterThan(10);
  });

  it.each(incidents.map((c) => [c.name, c] as const))('%s: the trace alone, and with sources, edits, notes and context', (_name, c) => {
    const alone = decoded(encodeLink(traceOnly(c.payload)));
    expect(alone).toEqual(traceOnly(c.payload));
    const whole = decoded(encodeLink(c.payload));
    expect(whole).toEqual(c.payload);
    // The trace that arrives reads as the one that was shared.
    const before = parseTraceText(c.traceText);
    const after = parseTraceText(JSON.stringify(whole.trace));
    expect(after.kind).toBe(before.kind);
    if (before.kind === 'trace' && after.kind === 'trace') expect(after.model.steps.length).toBe(before.model.steps.length);
  });

  it('decodes the frozen v1 link: every format ever shipped keeps decoding', () => {
    expect(decoded(FROZEN_V1_LINK)).toEqual(FROZEN_V1_PAYLOAD);
  });

  it('reads the link as a whole URL, a fragment, a bare token, wrapped by a mail client, or with # as %23', () => {
    const token = FROZEN_V1_LINK.slice('#incident='.length);
    for (const form of [
      `https://timescope.example/app/${FROZEN_V1_LINK}`,
      `https://timescope.example/app/#step=0&incident=${token}`,
      token,
      FROZEN_V1_LINK.replace(/(.{76})/g, '$1\n  '),
      `https://timescope.example/app/%23incident=${token}`
    ]) {
      expect(decoded(form)).toEqual(FROZEN_V1_PAYLOAD);
    }
  });

  it('encodes to URL-safe characters only, and base64url round-trips every length', () => {
    expect(FROZEN_V1_LINK).toMatch(/^#incident=i1\.\d+\.[A-Za-z0-9_-]+$/);
    for (let n = 0; n < 40; n++) {
      const bytes = randomBytes(n + 1, n);
      const text = encodeBase64url(bytes);
      expect(text).not.toMatch(/[+/=]/);
      expect(decodeBase64url(text)).toEqual({ ok: true, bytes });
    }
  });
});

describe('incident link: what went wrong, by kind', () => {
  it('corrupt: a character base64url never uses, named by position', () => {
    const bad = FROZEN_V1_LINK.replace(/(\.\d+\..{9})./, '$1!');
    expect(decodeLink(bad)).toEqual({
      ok: false,
      kind: 'corrupt',
      message: 'The incident link is damaged: character 10 of its data is "!", which base64url never uses.'
    });
  });

  it('corrupt: a changed character that is still base64url', () => {
    const at = FROZEN_V1_LINK.length - 40;
    const other = FROZEN_V1_LINK[at] === 'A' ? 'B' : 'A';
    const changed = FROZEN_V1_LINK.slice(0, at) + other + FROZEN_V1_LINK.slice(at + 1);
    expect(decodeLink(changed)).toMatchObject({ ok: false, kind: 'corrupt', message: expect.stringMatching(/^The incident link is damaged: /) });
  });

  it('corrupt: random bytes in a well-formed frame', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const data = encodeBase64url(randomBytes(seed, 300));
      expect(decodeLink(`#incident=i1.${data.length}.${data}`)).toMatchObject({ ok: false, kind: 'corrupt' });
    }
  });

  it('corrupt: something that is not an incident link at all', () => {
    expect(decodeLink('https://example.com/#step=3')).toEqual({ ok: false, kind: 'corrupt', message: 'This is not a Timescope incident link: it has no #incident= part.' });
    expect(decodeLink('#incident=hello')).toMatchObject({ ok: false, kind: 'corrupt', message: expect.stringContaining('should start "i1.<length>."') });
    expect(decodeLink('#incident=i1.3.AAA')).toMatchObject({ ok: false, kind: 'corrupt', message: expect.stringContaining('too short') });
  });

  it('truncated: the link cut in half says how much of it arrived', () => {
    const half = FROZEN_V1_LINK.slice(0, Math.floor(FROZEN_V1_LINK.length / 2));
    expect(decodeLink(half)).toEqual({
      ok: false,
      kind: 'truncated',
      message:
        'The incident link was cut off: 319 of its 656 characters of data arrived (48%). ' +
        'Chat apps and mail clients cut long links; ask for the whole link, or for the capsule (.zip).'
    });
    for (const cut of ['#incident=i1', '#incident=i1.', '#incident=i1.65', '#incident=i1.656.']) {
      expect(decodeLink(cut)).toMatchObject({ ok: false, kind: 'truncated' });
    }
  });

  it('corrupt, not truncated: a link longer than it declares', () => {
    expect(decodeLink(`${FROZEN_V1_LINK}AB`)).toMatchObject({ ok: false, kind: 'corrupt', message: expect.stringContaining('2 more characters of data than the 656 it declares') });
  });

  it('unknown version: a newer link format, or a newer payload inside a v1 frame', () => {
    expect(decodeLink('#incident=i2.8.AAAAAAAA')).toEqual({
      ok: false,
      kind: 'unknown-version',
      message: 'This incident link was made by a newer Timescope (format v2); this one reads up to v1. Update Timescope to open it.'
    });
    expect(decodeLink(linkOfText(JSON.stringify({ v: 3, trace: {} })))).toEqual({
      ok: false,
      kind: 'unknown-version',
      message: 'This incident link was made by a newer Timescope (format v3); this one reads up to v1. Update Timescope to open it.'
    });
  });

  it('too big: a link that inflates to 1 GB of zeros stops at the cap, having read only the start of it', () => {
    const zeros = deflatedZeros(1024 * 1024 * 1024);
    const r = decodeLink(linkAround(0, zeros));
    expect(r).toMatchObject({ ok: false, kind: 'too-big', message: expect.stringMatching(/^The incident link was not opened: its data inflates to more than 64 MB, the most Timescope unpacks from a link\./) });
    // Stopped early, not after inflating the whole gigabyte: at most a tenth of the compressed data was read
    // (64 MB of 1 GB is a sixteenth, plus one chunk). Counted in bytes, so a busy machine cannot fail it.
    const capped = inflateCapped(zeros, 64 * 1024 * 1024);
    expect(capped).toMatchObject({ ok: false, kind: 'too-big' });
    expect(!capped.ok && capped.consumed).toBeLessThan(zeros.length / 10);
  });

  it('too big: the cap is a parameter', () => {
    expect(decodeLink(FROZEN_V1_LINK, { maxBytes: 100 })).toMatchObject({ ok: false, kind: 'too-big', message: expect.stringContaining('more than 100 bytes') });
    expect(decodeLink(FROZEN_V1_LINK, { maxBytes: 10_000 }).ok).toBe(true);
  });

  it('invalid: a schema failure names the path', () => {
    const notes = { ...FROZEN_V1_PAYLOAD, notes: { steps: { '3': { text: 5 } } } };
    expect(decodeLink(linkOfText(JSON.stringify(notes)))).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'The incident link holds no valid incident: notes.steps.3.text: expected string, received number.'
    });
    const cases: [unknown, string][] = [
      [{ v: 1 }, 'trace: expected the recorded trace, a JSON object or array'],
      [{ trace: {} }, 'v: expected 1'],
      [[1, 2], 'expected an incident object, got an array'],
      [{ v: 1, trace: {}, sources: [{ name: '../etc/passwd', text: '' }] }, `sources.0.name: "../etc/passwd" is not a usable file name: the name climbs out of its folder with '..'`],
      [{ v: 1, trace: {}, sources: [{ name: 'a.ts', text: '' }, { name: 'a.ts', text: '' }] }, 'sources.1.name: "a.ts" appears twice'],
      [{ v: 1, trace: {}, edits: { 'b.ts': 'x' } }, 'edits.b.ts: an edit of a file that is not among the sources'],
      [{ v: 1, trace: {}, notes: { steps: { x: {} } } }, 'notes.steps.x: a step is named by its 0-based index, such as "3"'],
      [{ v: 1, trace: {}, step: -1 }, 'step: Too small: expected number to be >=0'],
      [{ v: 1, trace: {}, context: '{nope' }, 'context: expected the JSON text of a replay context']
    ];
    for (const [value, message] of cases) {
      expect(decodeLink(linkOfText(JSON.stringify(value)))).toEqual({ ok: false, kind: 'invalid', message: `The incident link holds no valid incident: ${message}.` });
    }
  });

  it('invalid: content that is not JSON', () => {
    expect(decodeLink(linkOfText('{"v":1,'))).toMatchObject({ ok: false, kind: 'invalid', message: expect.stringMatching(/^The incident link holds no valid incident: its data is not JSON text \(/) });
  });

  it('a newer minor revision: unknown fields decode, and are dropped', () => {
    const newer = { ...FROZEN_V1_PAYLOAD, theme: 'dark', notes: { ...FROZEN_V1_PAYLOAD.notes, authors: ['ana'] } };
    expect(decoded(linkOfText(JSON.stringify(newer)))).toEqual(FROZEN_V1_PAYLOAD);
  });
});

describe('step links', () => {
  it('adds &step=N (1-based) to an incident link, read back as an index; the payload still decodes', () => {
    const link = `https://t.example/${encodeLink({ v: 1, trace: { trace: [] }, step: 0 })}`;
    const three = stepLinkOf(link, 2);
    expect(three).toBe(`${link}&step=3`);
    expect(linkStep(three)).toBe(2);
    expect(decodeLink(three).ok).toBe(true);
    expect(linkStep(link)).toBeUndefined();
    expect(linkStep(`${link}&step=0`)).toBeUndefined();
    expect(linkStep(`${link}&step=x`)).toBeUndefined();
    expect(linkStep(`${link}&other=1&step=12`)).toBe(11);
  });
});

describe('link sizes', () => {
  it('counts the page address and the fragment, and names the limits passed', () => {
    expect(linkSize('#incident=i1.4.AAAA', 'https://t.example/#old')).toBe('https://t.example/'.length + '#incident=i1.4.AAAA'.length);
    expect(limitsPassed(1_999)).toEqual([]);
    expect(limitsPassed(2_001).map((l) => l.name)).toEqual(['Teams and Outlook']);
    expect(limitsPassed(9_000)).toEqual(LINK_LIMITS);
    expect(DEFAULT_LINK_LIMIT).toBe(8_000);
  });
});

describe('the address of an opened link', () => {
  const link = encodeLink(traceOnly(fixtureIncidents()[0]!.payload));
  const token = link.slice('#incident='.length);

  it('is the page and the link alone: no query, no other fragment parameter, a gateway %23 undone', async () => {
    const { linkAddress } = await import('./link');
    expect(linkAddress(`http://h.example/app/?utm_source=mail&trace=x${link}&step=3&walk=2`)).toBe(`http://h.example/app/#incident=${token}`);
    expect(linkAddress(`http://h.example/app/%23incident=${token}`)).toBe(`http://h.example/app/#incident=${token}`);
    expect(linkAddress('http://h.example/app/#step=2')).toBeUndefined();
    const back = decodeLink(linkAddress(`http://h.example/${link}`)!);
    expect(back.ok).toBe(true);
  });
});
