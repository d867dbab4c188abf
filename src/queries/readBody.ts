// Reading a fetched body no further than its caller allows: a server may send
// gigabytes, or lie about the length. One loop for the trace, the flow source
// and the encrypted capsule; each keeps its own limit and its own words.

/** The body's chunks, read in order. `check(loaded)` throws to stop; the reader is then cancelled. */
export async function readBodyChunks(body: ReadableStream<Uint8Array>, check: (loaded: number) => void, onRead?: (loaded: number) => void): Promise<{ chunks: Uint8Array[]; loaded: number }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    try {
      check(loaded);
    } catch (error) {
      void reader.cancel();
      throw error;
    }
    chunks.push(value);
    onRead?.(loaded);
  }
  return { chunks, loaded };
}

export function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}
