// The service worker (built by vite-plugin-pwa's injectManifest, see
// vite.config.ts): after the first visit the app works offline.
//  - Precache: the whole build (the manifest is injected at build time).
//  - Navigations to the app get the cached index.html (a ?trace= link included:
//    the trace itself is then fetched by the page, straight from the network).
//  - sandbox.html, the replay frame, is served from the cache WITH its policy
//    as a header, `sandbox allow-scripts` first, whatever the host sent: a frame
//    with the sandbox attribute never reaches a service worker (its origin is
//    opaque from the start), so a page under this worker makes its frame
//    without the attribute and this header makes it an opaque origin instead
//    (src/worker/frameHost.ts checks that it is before connecting).
//  - Nothing else is routed: cross-origin requests and the traces, sources and
//    capsules fetched for ?trace=, ?source= and ?capsule= go to the network
//    as if there were no worker, and are never cached.
// A new version waits until the page asks it to take over (src/app/UpdateNotice.tsx).
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The little of ServiceWorkerGlobalScope used here (the app's tsconfig has the DOM library, not WebWorker's).
declare const self: {
  readonly registration: { readonly scope: string };
  readonly __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

const scope = new URL(self.registration.scope);
const SANDBOX_PATH = `${scope.pathname}sandbox.html`;

/** sandbox.html with its own policy (from its <meta> tag) sent as a header, sandboxed. */
async function sandboxPage(request: Request): Promise<Response> {
  const source = (await matchPrecache('sandbox.html')) ?? (await fetch(request));
  const html = await source.text();
  const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  // Never a sandbox page without its policy.
  if (!policy) return Response.error();
  return new Response(html, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': `sandbox allow-scripts; ${policy}` }
  });
}

// First, so that the precache route below does not answer for sandbox.html with the bare cached response.
registerRoute(({ url }) => url.origin === scope.origin && url.pathname === SANDBOX_PATH, ({ request }) => sandboxPage(request));

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/sandbox\.html$/] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
