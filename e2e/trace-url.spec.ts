// ?trace=<url>: a trace fetched over HTTP, and every way that can fail said plainly.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';
import { startLoopbackServer, type LoopbackServer } from './support/server';

const TRACE_TEXT = readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8');

test('a trace on the app’s own server opens', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto('/?trace=/demo/checkout.trace.json');
  await app.timeline.expectSteps(3);
  await expect(app.timeline.option('cmdChargeCard')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('checkout');
  // The link keeps the URL, so it can be shared.
  expect(new URL(page.url()).searchParams.get('trace')).toBe('/demo/checkout.trace.json');
});

test('a URL that serves a web page says so, instead of a JSON error at line 1', async ({ page }) => {
  const app = new AppPage(page);
  await app.goto('/?trace=/index.html');
  const alert = app.loadError('/index.html');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/index\.html is a web page \(text\/html\), not a trace\./);
  await expect(alert).toContainText('Link to the raw .json file');
  await expect(app.timeline.listbox).toHaveCount(0);
});

test.describe('another origin on the loopback interface', () => {
  let server: LoopbackServer;
  test.beforeAll(async () => {
    server = await startLoopbackServer({
      '/no-cors.json': { headers: { 'Content-Type': 'application/json' }, body: TRACE_TEXT },
      '/cors.json': { headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }, body: TRACE_TEXT },
      '/broken.json': { headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }, body: '{"flowName": "checkout",\n  "trace": [oops]}' },
      '/missing.json': { status: 404, headers: { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' }, body: 'Not Found' }
    });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('a server that allows this page (CORS) serves a trace that opens', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto(`/?trace=${encodeURIComponent(`${server.origin}/cors.json`)}`);
    await app.timeline.expectSteps(3);
  });

  test('a URL that does not parse as JSON says where the JSON breaks', async ({ page }) => {
    const app = new AppPage(page);
    const url = `${server.origin}/broken.json`;
    await app.goto(`/?trace=${encodeURIComponent(url)}`);
    const alert = app.loadError('broken.json');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/line 2, column 13: /);
    await expect(app.timeline.listbox).toHaveCount(0);
  });

  test('a 404 names the status', async ({ page }) => {
    // vite preview answers every path on its own origin with index.html (SPA fallback), never 404,
    // so the 404 comes from the loopback server, which allows this page to read it.
    const app = new AppPage(page);
    const url = `${server.origin}/missing.json`;
    await app.goto(`/?trace=${encodeURIComponent(url)}`);
    const alert = app.loadError(url);
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`The server answered 404 Not Found for ${url}.`);
    await expect(alert).toContainText('Check the link: the trace is not at that address.');
  });

  test('a server without Access-Control-Allow-Origin gets the CORS explanation', async ({ page }) => {
    const app = new AppPage(page);
    const url = `${server.origin}/no-cors.json`;
    const origin = new URL(test.info().project.use.baseURL!).origin;
    await app.goto(`/?trace=${encodeURIComponent(url)}`);
    const alert = app.loadError(url);
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`The browser could not read ${url}: the server is unreachable, or it refused this page (CORS).`);
    await expect(alert).toContainText(`The server must send Access-Control-Allow-Origin for ${origin}.`);
    // The server was reached and answered: the browser withheld the body, so it was CORS.
    expect(server.requests).toContain('/no-cors.json');
  });
});
