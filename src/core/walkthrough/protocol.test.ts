import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTraceText } from '../trace/parse';
import { NO_NOTES } from '../notes/notes';
import { buildSlide } from './slide';
import { audienceKey, audienceKeyOf, channelName, hello, left, readMessage, stateMessage } from './protocol';

const model = (() => {
  const r = parseTraceText(readFileSync('public/demo/checkout.trace.json', 'utf8'));
  if (r.kind !== 'trace') throw new Error(r.kind);
  return r.model;
})();
const slide = buildSlide({ model, step: 2, notes: NO_NOTES, files: [{ name: 'flow.ts', text: readFileSync('public/demo/flow.ts', 'utf8') }], last: undefined });

describe('the walkthrough channel', () => {
  it('is named after the trace and the presenter’s tab', () => {
    const a = channelName(audienceKey('checkout-abc', 't1'));
    expect(a).toContain('checkout-abc');
    expect(a).not.toBe(channelName(audienceKey('checkout-abd', 't1')));
    expect(a).not.toBe(channelName(audienceKey('checkout-abc', 't2')));
  });

  it('reads the audience key from an address, and only one a presenter could have made', () => {
    const key = audienceKey('checkout flow/v2-1x', 'k9');
    const search = `?${new URLSearchParams({ audience: key }).toString()}`;
    expect(audienceKeyOf(search)).toBe(key);
    expect(audienceKeyOf('?trace=x')).toBeUndefined();
    expect(audienceKeyOf('?audience=')).toBeUndefined();
    expect(audienceKeyOf(`?audience=${'a'.repeat(301)}`)).toBeUndefined();
    expect(audienceKeyOf('?audience=a%0Ab')).toBeUndefined();
  });

  it('carries hello, a whole slide and left, through structured clone, unchanged', () => {
    const state = stateMessage({ presenter: 'Ana', mode: 'all', position: 2, count: 3, slide });
    for (const m of [hello(), left(), state, stateMessage({ presenter: '', mode: 'starred', position: 0, count: 0, slide: null })]) {
      expect(readMessage(structuredClone(m))).toEqual({ ok: true, message: m });
    }
  });

  it('carries a slide’s pinned logpoint values, and refuses more of them than a slide shows', () => {
    const pinned = Array.from({ length: 12 }, (_, i) => ({ file: 'flow.ts', line: 31, expr: 'total', text: String(i), recorded: 2 }));
    const withPins = buildSlide({ model, step: 2, notes: NO_NOTES, files: [], last: undefined, pinned });
    const state = stateMessage({ presenter: '', mode: 'all', position: 2, count: 3, slide: withPins });
    expect(readMessage(structuredClone(state))).toEqual({ ok: true, message: state });
    const flooded = { ...state, slide: { ...withPins, logpoints: [...withPins.logpoints!, ...withPins.logpoints!] } };
    expect(readMessage(flooded)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('ignores whatever else another page posts, and names another version', () => {
    for (const junk of [null, 'hello', 42, [], { type: 'hello' }, { v: 1, type: 'boom' }, { v: 1, type: 'state', presenter: 'x' }]) {
      expect(readMessage(junk)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(readMessage({ v: 2, type: 'state' })).toEqual({ ok: false, reason: 'version' });
    const tooLong = stateMessage({ presenter: 'Ana', mode: 'all', position: 0, count: 3, slide: { ...slide, note: 'x'.repeat(9000) } });
    expect(readMessage(tooLong).ok).toBe(false);
    // A text that would render as HTML is still only text: the schema keeps it a string, React prints it.
    const html = stateMessage({ presenter: '<img src=x onerror=alert(1)>', mode: 'all', position: 0, count: 3, slide });
    expect(readMessage(html)).toMatchObject({ ok: true, message: { presenter: '<img src=x onerror=alert(1)>' } });
  });

  it('cuts a long presenter name rather than refusing the message', () => {
    const m = stateMessage({ presenter: 'n'.repeat(500), mode: 'all', position: 0, count: 3, slide });
    expect(m.type === 'state' && m.presenter.length).toBe(60);
  });
});
