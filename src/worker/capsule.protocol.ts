// The capsule worker's one question and answer (capsule.worker.ts).
import type { CapsuleProblemKind } from '../core/share/capsule';
import type { CapsuleIncident } from '../core/share/payload';

export interface CapsuleRequest {
  /** a dropped file, or the bytes an encrypted capsule decrypted to (transferred) */
  readonly source: Blob | Uint8Array;
}

export type CapsuleResponse =
  | { readonly ok: true; readonly incident: CapsuleIncident }
  | { readonly ok: false; readonly kind: CapsuleProblemKind; readonly message: string };
