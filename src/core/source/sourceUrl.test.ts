import { describe, expect, it } from 'vitest';
import { checkSourceTemplate, expandSourceTemplate, templatePlaceholders } from './sourceUrl';

const T = 'https://git.example.com/shop/raw/{version}/src/flows/{flowName}.ts';
const both = { flowName: 'checkout', version: '9f2c1ab' };

describe('expandSourceTemplate', () => {
  it('fills {flowName} and {version} from the trace', () => {
    expect(expandSourceTemplate(T, both)).toEqual({ ok: true, url: 'https://git.example.com/shop/raw/9f2c1ab/src/flows/checkout.ts' });
  });

  it('URL-encodes each value, so a value stays one path segment and cannot add a query', () => {
    const r = expandSourceTemplate(T, { flowName: 'a/b c?x=1#y', version: 'v1.2+build' });
    expect(r).toEqual({ ok: true, url: 'https://git.example.com/shop/raw/v1.2%2Bbuild/src/flows/a%2Fb%20c%3Fx%3D1%23y.ts' });
  });

  it('fills a placeholder used twice, and a template with none is used as it is', () => {
    expect(expandSourceTemplate('https://h.test/{flowName}/{flowName}.ts', both)).toEqual({ ok: true, url: 'https://h.test/checkout/checkout.ts' });
    expect(expandSourceTemplate('https://h.test/flow.ts', { flowName: undefined, version: undefined })).toEqual({ ok: true, url: 'https://h.test/flow.ts' });
  });

  it('says which value the trace lacks', () => {
    expect(expandSourceTemplate(T, { flowName: 'checkout', version: undefined })).toEqual({
      ok: false,
      message: 'The trace records no version, and the template needs {version}.'
    });
    expect(expandSourceTemplate(T, { flowName: undefined, version: '' })).toEqual({
      ok: false,
      message: 'The trace records no flow name or version, and the template needs {flowName} and {version}.'
    });
    // A value the template does not use may be missing.
    expect(expandSourceTemplate('https://h.test/{flowName}.ts', { flowName: 'x', version: undefined }).ok).toBe(true);
  });

  it('names unknown placeholders, before any missing value', () => {
    expect(expandSourceTemplate('https://h.test/{branch}/{flow}/{version}.ts', { flowName: undefined, version: undefined })).toEqual({
      ok: false,
      message: 'The template has unknown placeholders: {branch} and {flow}. It can use {flowName} and {version}.'
    });
    expect(expandSourceTemplate('https://h.test/{}.ts', both)).toMatchObject({ ok: false, message: expect.stringContaining('an unknown placeholder: {}') });
    // Placeholder names are case-sensitive, and not an object's inherited keys.
    expect(expandSourceTemplate('https://h.test/{FlowName}.ts', both).ok).toBe(false);
    expect(expandSourceTemplate('https://h.test/{toString}.ts', both).ok).toBe(false);
  });

  it('takes only http and https', () => {
    expect(expandSourceTemplate('file:///src/{flowName}.ts', both)).toEqual({ ok: false, message: 'The template makes a file: URL; only http and https can be fetched.' });
    expect(expandSourceTemplate('javascript:alert({flowName})', both).ok).toBe(false);
    expect(expandSourceTemplate('http://h.test/{flowName}.ts', both).ok).toBe(true);
  });

  it('needs a full URL, or a base for a path', () => {
    expect(expandSourceTemplate('/src/{flowName}.ts', both)).toEqual({
      ok: false,
      message: '"/src/checkout.ts" is not a URL: the template must be a full http(s) address.'
    });
    expect(expandSourceTemplate('/src/{flowName}.ts', both, 'http://app.test/view?trace=x')).toEqual({ ok: true, url: 'http://app.test/src/checkout.ts' });
    expect(expandSourceTemplate('   ', both)).toEqual({ ok: false, message: 'The source URL template is empty.' });
  });

  it('ignores spaces around the template', () => {
    expect(expandSourceTemplate(`  ${T}\n`, both)).toMatchObject({ ok: true, url: expect.stringMatching(/^https:\/\/git\.example\.com\//) });
  });
});

describe('checkSourceTemplate', () => {
  it('accepts an empty template (the setting is off) and a good one', () => {
    expect(checkSourceTemplate('')).toEqual({ ok: true });
    expect(checkSourceTemplate(T)).toEqual({ ok: true });
  });
  it('refuses what no trace could fill or fetch', () => {
    expect(checkSourceTemplate('https://h.test/{branch}.ts')).toMatchObject({ ok: false, message: expect.stringContaining('{branch}') });
    expect(checkSourceTemplate('ftp://h.test/{flowName}.ts')).toMatchObject({ ok: false, message: expect.stringContaining('ftp:') });
    expect(checkSourceTemplate('not a url {flowName}')).toMatchObject({ ok: false, message: expect.stringContaining('is not a URL') });
  });
});

describe('templatePlaceholders', () => {
  it('lists each placeholder once, in order', () => {
    expect(templatePlaceholders('{version}/{flowName}/{version}')).toEqual(['version', 'flowName']);
  });
});
