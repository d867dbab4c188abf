// What came with an incident someone shared (a link or a capsule): how it was
// redacted before it left, so the receiver is told. Kept by trace identity, so
// it shows for that incident only and needs no reset when another opens.
import { create } from 'zustand';

export interface Received {
  readonly traceId: string;
  readonly from: 'link' | 'capsule';
  readonly redaction: { readonly applied: boolean; readonly rules: readonly string[] };
}

interface ReceivedState {
  readonly received: Received | undefined;
  set(received: Received): void;
}

export const useReceivedStore = create<ReceivedState>()((set) => ({
  received: undefined,
  set: (received) => set({ received })
}));
