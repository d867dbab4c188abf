// The CLI's side of hidden inputs (core/source/ambient.ts): each place pure code read the clock or
// drew randomness in a replay, said on stderr and given in --json's `ambient` field. A read the
// replay answered from --clock or --seed is named by that flag, so a person sees which replays the
// flags made repeatable and which still read today's values. replay-all sums its rows up in a line.
import { ambientSentence, type AmbientRead, type AmbientWords } from '../core/source/ambient';
import { ambientJson, clockText, fixedWords, type AmbientJson } from '../core/source/ambientReport';
import { ambientSummary } from '../core/batch/ambient';
import type { BatchRow } from '../core/batch/row';
import type { AmbientArgs } from './argv';

/** How a terminal names the flags that fixed a read, and its files. */
export function cliWords(ambient: AmbientArgs | undefined, shown: (file: string) => string): AmbientWords {
  return { file: shown, ...fixedWords(ambient, { clock: (iso) => `--clock ${iso}`, seed: (seed) => `--seed ${seed}` }) };
}

/** A line per read for stderr: a warning when today's clock or randomness answered it, a note when a flag did. */
export function ambientLines(reads: readonly AmbientRead[], words: AmbientWords, prefix = ''): string[] {
  return reads.map((r) => {
    const sentence = ambientSentence(r, words);
    // "The flow read…" (a read with no line) continues a prefix in lower case.
    return `timescope: ${r.fixed ? '' : 'warning: '}${prefix}${prefix && sentence.startsWith('The ') ? `the ${sentence.slice(4)}` : sentence}\n`;
  });
}

/**
 * The flow's reads, then the recorded code's (production's facts were replayed from it) where they
 * say something the flow's do not: an unchanged line reads the clock in both replays.
 */
export function ambientText(flow: readonly AmbientRead[], flowWords: AmbientWords, recorded: readonly AmbientRead[] = [], recordedWords: AmbientWords = flowWords): string {
  const said = new Set(flow.map((r) => ambientSentence(r, flowWords)));
  const more = recorded.filter((r) => !said.has(ambientSentence(r, recordedWords)));
  return [...ambientLines(flow, flowWords), ...ambientLines(more, recordedWords, 'in the recorded code, ')].join('');
}

/** --json's fields: each read (none when pure code read nothing), and the clock and seed given, when given. */
export function ambientFields(reads: readonly AmbientRead[] | undefined, words: AmbientWords, ambient: AmbientArgs | undefined): { ambient?: AmbientJson[]; ambientSettings?: { clock?: string; seed?: number } } {
  return {
    ...(reads?.length ? { ambient: ambientJson(reads, words) } : {}),
    ...(ambient ? { ambientSettings: { ...(ambient.clock !== undefined ? { clock: clockText(ambient.clock) } : {}), ...(ambient.seed !== undefined ? { seed: ambient.seed } : {}) } } : {})
  };
}

/** The flags given, as a person would type them again: "--clock 2026-01-01T00:00:00.000Z and --seed 7"; '' when none. */
export function flagsText(ambient: AmbientArgs | undefined): string {
  const words = fixedWords(ambient, { clock: (iso) => `--clock ${iso}`, seed: (seed) => `--seed ${seed}` });
  return [words.clock, words.seed].filter((w) => w !== undefined).join(' and ');
}

/** replay-all's stderr: how many traces' replays read the clock or randomness in pure code, where, and what answered. */
export function corpusAmbientText(rows: readonly Pick<BatchRow, 'ambient'>[], ambient: AmbientArgs | undefined, shown: (file: string) => string): string {
  const { warning, note } = ambientSummary(rows, { file: shown, fixedBy: flagsText(ambient), fix: { clock: '--clock TIME', random: '--seed N' } });
  return `${warning ? `timescope: warning: ${warning}\n` : ''}${note ? `timescope: ${note}\n` : ''}`;
}
