// The link worker's one question and answer (link.worker.ts).
import type { LinkProblemKind } from '../core/share/link';
import type { CapsuleIncident } from '../core/share/payload';

export interface LinkRequest {
  /** the page's address, or whatever holds the `#incident=` link */
  readonly text: string;
}

/** The incident as a capsule's comes: its trace as a Blob, made in the worker, which the engine parses unread here. */
export type LinkResponse = { readonly ok: true; readonly incident: CapsuleIncident } | { readonly ok: false; readonly kind: LinkProblemKind; readonly message: string };
