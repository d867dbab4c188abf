// `?capsule=<url>#key=<key>` on load: the encrypted capsule is fetched, decrypted here with the key
// from the fragment, read, and opened as any shared incident (openIncident: its code is shown and
// waits for Replay). Each step that fails shows an error card naming what went wrong; the page stays
// usable. The session restore and ?trace= step aside while a capsule link is in the address.
//
// The capsule and its key leave the address bar as soon as they are read, as a #incident= link does
// (openIncident.ts), rather than staying for a reload to fetch again, as Excalidraw keeps its key:
// - the key is the whole secret, and an address bar is on screen in every screen share and
//   screenshot, and gets copied into tickets with "the incident is here";
// - a reload still comes back to the incident: once open, the session keeps it in this browser
//   (persist/), so a reload restores it, even after the host deleted the file;
// - kept, ?capsule= without the key could only fail on reload, and with it would fetch and decrypt
//   the whole file again each time.
// To open it again elsewhere, the person uses the link they were sent, or Share.
//
// Loaded on demand, by useCapsuleUrl.ts when the address names a capsule: decryption, unzipping
// and the payload's schemas are no part of the page's first load.
import type { QueryClient } from '@tanstack/react-query';
import { addressWithoutCapsule, parseCapsuleAddress } from '../../core/share/capsuleAddress';
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

export async function openCapsuleAddress(client: QueryClient, href = window.location.href): Promise<boolean> {
  const address = parseCapsuleAddress(href);
  if (!address) return false;
  window.history.replaceState(null, '', addressWithoutCapsule(href));
  const name = address.capsuleUrl !== undefined ? capsuleFileName(address.capsuleUrl) : 'encrypted capsule link';
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
  await openIncident(read.incident, name, 'capsule');
  return true;
}
