// What the presenter and the audience window say to each other over a
// BroadcastChannel. Any page of this origin can post on any channel, so the
// audience checks every message with zod and ignores what does not fit; the
// version lets a newer Timescope in one window be named instead of misread.
//
// The channel is named after the trace (core/trace/identity) and the
// presenter's tab, so two incidents presented in two tabs never cross, nor
// do two tabs presenting the same one. The audience learns the name from its
// address (?audience=<key>), which the presenter builds when it opens it.
//
// The audience holds no trace: the presenter posts each slide whole (see
// slide.ts). So the audience shows exactly what the presenter sees, replay
// results included, which no restored session could give it.
import { z } from '../zod';
import { MAX_SLIDE_LOGPOINTS, type Slide } from './slide';
import type { WalkMode } from './walk';
import { MAX_PRESENTER_NAME } from './channel';

export { AUDIENCE_PARAM, MAX_PRESENTER_NAME, audienceKey, audienceKeyOf, channelName } from './channel';

export const PROTOCOL_VERSION = 1;

const text = (max: number) => z.string().max(max);
const tone = z.enum(['ok', 'err', 'muted', 'paradox']);
const outcome = z.object({ text: text(400), tone, value: text(400).optional() });
const valueLine = z.object({ text: text(400), changed: z.boolean(), gap: z.literal(true).optional() });
const lines = z.array(valueLine).max(100);
const change = z.object({ path: text(2000), kind: z.enum(['changed', 'added', 'removed']), before: text(400).optional(), after: text(400).optional() });

const slideLogpoint = z.object({ file: text(400), line: z.number().int().positive(), expr: text(500), text: text(400) });

const slideSchema = z.object({
  step: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  title: text(200),
  command: text(200),
  path: text(200).optional(),
  starred: z.boolean(),
  note: text(2000).optional(),
  duration: text(40),
  recorded: outcome,
  replayed: outcome.extend({ ended: text(400), stale: z.boolean() }).optional(),
  source: z
    .object({
      file: text(400),
      focus: z.number().int().positive(),
      lines: z.array(z.object({ number: z.number().int().positive(), text: text(400) })).max(40)
    })
    .optional(),
  sourceMissing: text(400).optional(),
  pipeline: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none'), reason: text(400) }),
    z.object({
      kind: z.literal('values'),
      before: lines.optional(),
      after: lines.optional(),
      afterMissing: text(400).optional(),
      changes: z.array(change).max(50),
      moreChanges: z.number().int().nonnegative(),
      by: text(200).optional(),
      stale: z.boolean()
    })
  ]),
  logpoints: z.array(slideLogpoint).max(MAX_SLIDE_LOGPOINTS).optional(),
  moreLogpoints: z.number().int().positive().optional()
}) satisfies z.ZodType<Slide>;

const helloSchema = z.object({ v: z.literal(PROTOCOL_VERSION), type: z.literal('hello') });
const stateSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  type: z.literal('state'),
  /** the presenter's name as they typed it; '' when they gave none */
  presenter: text(MAX_PRESENTER_NAME),
  mode: z.enum(['all', 'starred']) satisfies z.ZodType<WalkMode>,
  /** 0-based position in the walk, and how many steps it has */
  position: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  /** null: starred only, and nothing is starred */
  slide: slideSchema.nullable()
});
const leftSchema = z.object({ v: z.literal(PROTOCOL_VERSION), type: z.literal('left') });

export interface StateMessage {
  readonly v: typeof PROTOCOL_VERSION;
  readonly type: 'state';
  readonly presenter: string;
  readonly mode: WalkMode;
  readonly position: number;
  readonly count: number;
  readonly slide: Slide | null;
}

export type WalkMessage = { readonly v: typeof PROTOCOL_VERSION; readonly type: 'hello' | 'left' } | StateMessage;

const messageSchema = z.discriminatedUnion('type', [helloSchema, stateSchema, leftSchema]) satisfies z.ZodType<WalkMessage>;

export type Received =
  | { readonly ok: true; readonly message: WalkMessage }
  /** 'version': a Timescope of another version posted it; 'invalid': anything else */
  | { readonly ok: false; readonly reason: 'version' | 'invalid' };

export function readMessage(data: unknown): Received {
  const parsed = messageSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const v = typeof data === 'object' && data !== null ? (data as { v?: unknown }).v : undefined;
  return { ok: false, reason: typeof v === 'number' && v !== PROTOCOL_VERSION ? 'version' : 'invalid' };
}

export const hello = (): WalkMessage => ({ v: PROTOCOL_VERSION, type: 'hello' });
export const left = (): WalkMessage => ({ v: PROTOCOL_VERSION, type: 'left' });
export function stateMessage(s: Omit<StateMessage, 'v' | 'type'>): WalkMessage {
  return { v: PROTOCOL_VERSION, type: 'state', ...s, presenter: s.presenter.slice(0, MAX_PRESENTER_NAME) };
}
