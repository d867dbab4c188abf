// The value under the mouse in the editor: a panel asks (a line, an expression, the code on
// screen), the app shell replays with that one temporary logpoint in the sandbox, and the answer
// lands here, kept per (files, line, expression) so hovering there again needs no replay. Nothing
// here is saved: a hover's logpoint is never one of the person's.
import { create } from 'zustand';
import type { ReplayReport } from '../core/replay/report';
import type { SourceFile } from './sourceStore';

export interface HoverAsk {
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly expr: string;
  readonly files: readonly SourceFile[];
}

export type HoverAnswer =
  | { readonly status: 'running' }
  /** the replay's report (its logs hold the one logpoint's hits) */
  | { readonly status: 'done'; readonly report: ReplayReport }
  | { readonly status: 'failed'; readonly message: string };

/** Answers kept; the oldest go first. */
const KEEP = 200;

/** FNV-1a over the texts: a short key for the code a value was read from. */
function textsHash(files: readonly SourceFile[]): string {
  let h = 0x811c9dc5;
  for (const f of files) {
    for (const text of [f.name, '\u0000', f.text, '\u0001']) {
      for (let i = 0; i < text.length; i++) {
        h ^= text.charCodeAt(i);
        h = Math.imul(h, 0x01000193);
      }
    }
  }
  return (h >>> 0).toString(36);
}

export const hoverKey = (files: readonly SourceFile[], file: string, line: number, expr: string): string => `${textsHash(files)}|${file}:${line}|${expr}`;

interface HoverValueState {
  /** the newest question, for the app shell to answer */
  readonly asked: HoverAsk | undefined;
  readonly answers: Readonly<Record<string, HoverAnswer>>;
  ask(question: Omit<HoverAsk, 'key'>): string;
  answer(key: string, answer: HoverAnswer): void;
  /** A new trace: answers about the last one mean nothing. */
  clear(): void;
}

export const useHoverValueStore = create<HoverValueState>()((set, get) => ({
  asked: undefined,
  answers: {},
  ask: (question) => {
    const key = hoverKey(question.files, question.file, question.line, question.expr);
    const known = get().answers[key];
    // A failed answer (a replay stopped by a newer question) is asked again.
    if (!known || known.status === 'failed') set({ asked: { ...question, key } });
    return key;
  },
  answer: (key, answer) =>
    set((s) => {
      const entries = Object.entries(s.answers).filter(([k]) => k !== key);
      return { answers: Object.fromEntries([...entries.slice(-(KEEP - 1)), [key, answer]]) };
    }),
  clear: () => set({ asked: undefined, answers: {} })
}));
