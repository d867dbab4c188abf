// Each incident's pseudonym secret (core/redact/pseudonym.ts), kept in this
// browser only, so the same email is the same `<email:3f2a1c>` in every link
// shared of that incident, today and after a reload. It never goes into a
// link, a capsule or a report. Without storage (private mode), the secret
// lives for the tab, which only costs that stability.
import { generateSecret } from '../core/redact';
import { getValue, write } from './sessionDb';

const SECRET_BYTES = 32;
const inMemory = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

async function loadOrMake(traceId: string): Promise<Uint8Array<ArrayBuffer>> {
  const stored = await getValue<unknown>('secrets', traceId);
  if (stored instanceof Uint8Array && stored.length === SECRET_BYTES) return new Uint8Array(stored);
  const secret = generateSecret();
  await write([{ store: 'secrets', key: traceId, value: secret }]);
  return secret;
}

/** The incident's secret: the stored one, or a fresh one stored for next time. */
export function secretFor(traceId: string): Promise<Uint8Array<ArrayBuffer>> {
  let secret = inMemory.get(traceId);
  if (!secret) {
    secret = loadOrMake(traceId);
    inMemory.set(traceId, secret);
  }
  return secret;
}

/** Forget: the next share of these incidents gets new tokens. */
export function forgetSecrets(traceIds: readonly string[]): void {
  for (const id of traceIds) inMemory.delete(id);
  void write(traceIds.map((id) => ({ store: 'secrets' as const, key: id, delete: true as const })));
}
