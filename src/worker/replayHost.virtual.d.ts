// The virtual module vite.replay-sandbox.ts provides: the sandbox frame in a build, the page in dev.
declare module 'virtual:replay-host' {
  export function createHost(): import('./replayHost').ReplayHost;
}
