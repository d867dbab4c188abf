// `?capsule=<url>#key=<key>` on load: the encrypted capsule is fetched, decrypted here with the key
// from the fragment, read, and opened as any shared incident (openIncident: its code is shown and
// waits for Replay). Each step that fails shows an error card naming what went wrong; the page stays
// usable. The session restore and ?trace= step aside while a capsule link is in the address.
//
// Once it opens, the address bar is the capsule's link again (capsuleLink: the page, ?capsule= and
// #key=, nothing else it arrived with) plus `&step=N` as the selection moves, so a responder who
// copies the address bar forwards a working link to the same incident and step, as the sender's
// link was (sharedAddress.ts). That puts the key on screen, as the link the sender pasted did: the
// key opens only what the sender chose to share, redacted as they chose. An address that cannot
// open leaves the bar at once. A reload fetches and decrypts the capsule again.
//
// Loaded on demand, by useCapsuleUrl.ts when the address names a capsule: decryption, unzipping
// and the payload's schemas are no part of the page's first load.
import type { QueryClient } from '@tanstack/react-query';
import { addressWithoutCapsule, capsuleLink, parseCapsuleAddress } from '../../core/share/capsuleAddress';
import { showSharedAddress } from '../navigation/sharedAddress';
import { decryptCapsule, type EncryptedProblemKind } from '../../core/share/encrypted';
import { readCapsuleInWorker } from '../../worker/capsuleClient';
import { CapsuleFetchError, capsuleByUrlQuery, capsuleFileName } from '../../queries/capsuleByUrl';
import { useTraceStore, type LocalLoad } from '../../stores/traceStore';
import type { ParseProgress } from '../../worker/engineClient';
import { openIncident } from './openIncident';

const STILL_WORKS = 'This page still works: open a trace of your own.';

const DECRYPT_HINT: Record<EncryptedProblemKind, string> = {
  'wrong-key': `Check that the link arrived whole: the key is the 43 characters after #key=. Else ask the sender for the link again. ${STILL_WORKS}`,
  'bad-key': `Ask the sender for the whole link again; mail and chat sometimes cut or change its end. ${STILL_WORKS}`,
  truncated: `The host served part of the file: try again, or ask the sender to upload it again. ${STILL_WORKS}`,
  corrupt: `The file was changed after it was made. Ask the sender to upload it again. ${STILL_WORKS}`,
  'not-encrypted': `Ask for the encrypted capsule's link again, or for the plain capsule (.zip) to drop here. ${STILL_WORKS}`,
  'too-big': `Ask for the plain capsule (.zip) instead. ${STILL_WORKS}`,
  'unknown-version': `Open it in the Timescope that made it, or update this one. ${STILL_WORKS}`,
  'no-crypto': `Open the link over https, or on localhost. ${STILL_WORKS}`
};

function fail(fileName: string, message: string, hint: string) {
  if (parseCapsuleAddress(window.location.href)) window.history.replaceState(null, '', addressWithoutCapsule(window.location.href));
  useTraceStore.getState().setLocal({ status: 'error', fileName, problem: { message, hint } });
}

/** The loading view this open put up, so a file the person opened meanwhile is never overwritten. */
function showLoading(label: string): () => boolean {
  useTraceStore.getState().setLocal({ status: 'loading', label, progress: undefined });
  return () => {
    const local: LocalLoad = useTraceStore.getState().local;
    return local.status === 'loading' && local.label === label;
  };
}

/** The `#…&step=N` a forwarded capsule address names (1-based), as an index. */
function stepInAddress(href: string): number | undefined {
  const raw = new URLSearchParams(new URL(href).hash.slice(1)).get('step');
  return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) - 1 : undefined;
}

export async function openCapsuleAddress(client: QueryClient, href = window.location.href): Promise<boolean> {
  const address = parseCapsuleAddress(href);
  if (!address) return false;
  const name = address.capsuleUrl !== undefined ? capsuleFileName(address.capsuleUrl) : 'encrypted capsule link';
  // Until it opens the address is the capsule's; each failure (fail) takes it out of the address bar.
  if ('error' in address) {
    fail(name, address.error, STILL_WORKS);
    return true;
  }
  const fetching = `Fetching ${name}`;
  const stillFetching = showLoading(fetching);
  let bytes: Uint8Array;
  try {
    const onProgress = (progress: ParseProgress) => {
      if (stillFetching()) useTraceStore.getState().setLocal({ status: 'loading', label: fetching, progress });
    };
    ({ bytes } = await client.fetchQuery(capsuleByUrlQuery(address.capsuleUrl, onProgress)));
  } catch (error) {
    if (!stillFetching()) return true;
    if (error instanceof CapsuleFetchError) fail(name, error.problem.message, error.problem.hint);
    else fail(name, `Could not fetch ${address.capsuleUrl}: ${error instanceof Error ? error.message : String(error)}`, `Try again. ${STILL_WORKS}`);
    return true;
  }
  if (!stillFetching()) return true;
  const stillDecrypting = showLoading(`Decrypting ${name}`);
  const opened = await decryptCapsule(bytes, address.key);
  if (!stillDecrypting()) return true;
  if (!opened.ok) {
    fail(name, `This encrypted capsule cannot be opened: ${opened.message}`, DECRYPT_HINT[opened.kind]);
    return true;
  }
  const read = await readCapsuleInWorker(opened.zip);
  if (!stillDecrypting()) return true;
  if (!read.ok) {
    fail(name, `This capsule cannot be opened: ${read.message}`, `It decrypted, so the key is right; the capsule inside was made wrong. ${STILL_WORKS}`);
    return true;
  }
  const step = stepInAddress(href);
  const incident = step === undefined ? read.incident : { ...read.incident, step };
  showSharedAddress(capsuleLink(href, address.capsuleUrl, address.key), incident.step);
  await openIncident(incident, name, 'capsule', { keepAddress: true });
  return true;
}
