// Where the page meets something shared: an address with a `#incident=` link or a dropped file.
// Only the cheap look (core/share/recognize) is here, loaded with the page; the code that opens
// one (openIncident.ts: inflate, unzip, the payload's schemas) is fetched when there is one.
import { hasIncidentLink, looksEncrypted, looksLikeCapsule } from '../../core/share/recognize';
import { isOpenIncident } from '../navigation/sharedAddress';

const opener = () => import('./openIncident');

/**
 * A `#incident=` in the address: opened, and kept there as a link to it. False when there is none,
 * or when it is the incident open now and only its `&step=` changed (useStepHash follows that).
 */
export async function openIncidentInAddress(): Promise<boolean> {
  if (!hasIncidentLink(window.location.href) || isOpenIncident(window.location.href)) return false;
  return (await opener()).openIncidentFromHash();
}

/** A dropped capsule: true when the file was one (opened, or its problem shown). */
export async function openCapsuleFile(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  if (!looksEncrypted(head) && !looksLikeCapsule(head)) return false;
  await (await opener()).openCapsuleHead(file, head);
  return true;
}
