import { describe, expect, it } from 'vitest';
import { appBase, checkAppAddress, isLocalAddress, linkAt, linksStayLocal } from './appAddress';

describe('checkAppAddress', () => {
  it('takes an https page and reads a bare folder as a folder', () => {
    expect(checkAppAddress(' https://tools.example.com/timescope ')).toEqual({ ok: true, url: 'https://tools.example.com/timescope/' });
    expect(checkAppAddress('https://tools.example.com/app/index.html')).toEqual({ ok: true, url: 'https://tools.example.com/app/index.html' });
    expect(checkAppAddress('http://ts.internal:8080')).toEqual({ ok: true, url: 'http://ts.internal:8080/' });
    expect(checkAppAddress('')).toEqual({ ok: true, url: '' });
  });

  it('names what is wrong', () => {
    const message = (text: string) => {
      const checked = checkAppAddress(text);
      return checked.ok ? 'accepted' : checked.message;
    };
    expect(message('tools.example.com')).toMatch(/is not a URL: start it with https:\/\//);
    expect(message('ftp://tools.example.com/')).toMatch(/must start with https:\/\/.*not ftp:/);
    expect(message('javascript:alert(1)')).toMatch(/not javascript:/);
    expect(message('https://me:secret@tools.example.com/')).toMatch(/user name and password/);
    expect(message('https://tools.example.com/?utm=1')).toMatch(/Leave out the query/);
    expect(message('https://tools.example.com/#incident=x')).toMatch(/Leave out the # part/);
  });
});

describe('where links point', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const local of ['http://127.0.0.1:4173/', 'http://localhost:5173/x', 'http://[::1]:80/', 'http://app.localhost/', 'http://0.0.0.0:1/']) expect(isLocalAddress(local)).toBe(true);
    for (const other of ['https://tools.example.com/', 'http://10.0.0.5/', 'not a url']) expect(isLocalAddress(other)).toBe(false);
  });

  it('builds a link on the setting, else on the page without its query and fragment', () => {
    expect(linkAt(appBase('https://t.example.com/ts/', 'http://127.0.0.1:4173/?trace=x#step=2'), '#incident=i1.3.abc')).toBe('https://t.example.com/ts/#incident=i1.3.abc');
    expect(linkAt(appBase('', 'http://127.0.0.1:4173/app/?trace=x#step=2'), '?capsule=u#key=k')).toBe('http://127.0.0.1:4173/app/?capsule=u#key=k');
    expect(linksStayLocal('', 'http://127.0.0.1:4173/')).toBe(true);
    expect(linksStayLocal('https://t.example.com/', 'http://127.0.0.1:4173/')).toBe(false);
    expect(linksStayLocal('', 'https://t.example.com/')).toBe(false);
  });
});
