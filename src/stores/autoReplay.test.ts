import { describe, expect, it } from 'vitest';
import { autoReplayBlocker } from './autoReplay';

const own = { name: 'flow.ts', text: 'x' };

describe('autoReplayBlocker', () => {
  it('lets the app replay a trace and source that are both the person’s own files', () => {
    expect(autoReplayBlocker({ kind: 'local' }, [own])).toBeUndefined();
  });
  it('waits for the source', () => {
    expect(autoReplayBlocker({ kind: 'local' }, [])).toBe('no-source');
  });
  it('waits for Replay when the trace came by URL or any file came with a link', () => {
    expect(autoReplayBlocker({ kind: 'url', url: 'https://example.test/t.json' }, [own])).toBe('link');
    expect(autoReplayBlocker({ kind: 'local' }, [own, { name: 'services.ts', text: 'y', origin: 'link' }])).toBe('link');
  });
  it('waits for Replay when logpoints came with a link, even beside the person’s own source', () => {
    expect(autoReplayBlocker({ kind: 'local' }, [own], true)).toBe('link');
    expect(autoReplayBlocker({ kind: 'local' }, [own], false)).toBeUndefined();
  });
});
