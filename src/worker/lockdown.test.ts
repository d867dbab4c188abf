import { describe, expect, it } from 'vitest';
import { lockDown, SandboxError } from './lockdown';

function fakeWorkerScope() {
  // fetch lives on a prototype (as on WorkerGlobalScope.prototype); XMLHttpRequest on the global itself.
  const proto = { fetch: () => 'real fetch', postMessage: () => 'real post' };
  const scope = Object.create(proto) as Record<string, unknown>;
  scope.XMLHttpRequest = function XMLHttpRequest() {};
  scope.setTimeout = setTimeout;
  return { scope, proto: proto as Record<string, unknown> };
}

describe('lockDown', () => {
  it('turns each way out into a clear error, on the global and on its prototypes', () => {
    const { scope, proto } = fakeWorkerScope();
    lockDown(scope);
    expect(() => scope.fetch).toThrow(SandboxError);
    expect(() => scope.fetch).toThrow('fetch() is not available to flow code in Timescope: a replay never reaches the network.');
    expect(() => proto.fetch).toThrow(SandboxError);
    expect(() => scope.XMLHttpRequest).toThrow('XMLHttpRequest is not available');
    expect(() => scope.indexedDB).toThrow('indexedDB is not available');
    expect(() => scope.postMessage).toThrow('postMessage() is not available');
    expect(() => scope.close).toThrow('close() is not available');
    expect(scope.setTimeout).toBe(setTimeout);
  });

  it('cannot be undone by flow code', () => {
    const { scope } = fakeWorkerScope();
    lockDown(scope);
    expect(() => Object.defineProperty(scope, 'fetch', { value: () => 'sneaky' })).toThrow(TypeError);
    expect(() => {
      scope.fetch = () => 'sneaky';
    }).toThrow(SandboxError);
    expect(() => delete scope.fetch).toThrow(TypeError); // strict mode: a non-configurable property cannot be deleted
  });
});
