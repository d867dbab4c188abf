// The address bar of an incident opened from a link (`#incident=…`) or a capsule address
// (`?capsule=…#key=…`) stays that link, with `&step=N` following the selection (stepHash.ts), so a
// responder who copies the address bar forwards a working link to the same incident and step. It
// holds the sender's link as it came (link.ts linkAddress, capsuleAddress.ts capsuleLink): nothing
// of the receiver's own (notes, edits, settings) is ever written into it, so forwarding it carries
// no more than the sender's redaction left. Once something else opens, the link leaves the address,
// so a reload shows what the person chose instead of the link.
import { addressWithoutCapsule } from '../../core/share/capsuleAddress';
import { CAPSULE_PARAM, LINK_PARAM } from '../../core/share/recognize';

/** The `#incident=` token of the incident open now, so a change of `&step=` alone does not open it again. */
let openToken: string | undefined;

/** The `#incident=` token in an address (a gateway's `%23` read as `#`), or undefined. */
export function incidentToken(href: string): string | undefined {
  return new RegExp(`(?:^|[#&?])${LINK_PARAM}=([^&#]*)`).exec(href.replace(/%23/gi, '#'))?.[1];
}

/** The address names the incident already open: only its `&step=` changed, which useStepHash follows. */
export const isOpenIncident = (href: string) => openToken !== undefined && incidentToken(href) === openToken;

/** The address becomes the opened link's own address (`address`), at `step` (0-based) when it names one. */
export function showSharedAddress(address: string, step: number | undefined) {
  openToken = incidentToken(address);
  const url = new URL(address);
  if (step !== undefined) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    fragment.set('step', String(step + 1));
    url.hash = fragment.toString();
  }
  window.history.replaceState(null, '', url);
}

/** Something else is opening: the link, the capsule and its key leave the address. */
export function forgetSharedAddress() {
  openToken = undefined;
  const href = window.location.href;
  const url = new URL(new URL(href).searchParams.has(CAPSULE_PARAM) ? addressWithoutCapsule(href) : href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  if (fragment.has(LINK_PARAM)) {
    fragment.delete(LINK_PARAM);
    url.hash = fragment.toString();
  }
  if (url.href !== href) window.history.replaceState(null, '', url);
}
