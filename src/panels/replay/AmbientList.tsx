// Under the verdict, beside what the sandbox refused: each place the flow's pure code read the
// clock or drew randomness (core/source/ambient.ts). A replay answers every Command from the
// recording, but those reads from today, so a verdict that rests on them may not be production's;
// a read the settings' fixed clock or seed answered is said to be, in a quieter tone.
import { ambientSentence, type AmbientRead, type AmbientSettings } from '../../core/source/ambient';
import { fixedWords } from '../../core/source/ambientReport';
import { useViewStore } from '../../stores/viewStore';

const SHOWN = 3;

export function AmbientList({ reads, settings }: { reads: readonly AmbientRead[] | undefined; settings: AmbientSettings | undefined }) {
  if (!reads?.length) return null;
  const words = fixedWords(settings, { clock: (iso) => `the fixed clock (${iso})`, seed: (seed) => `the seed ${seed}` });
  const more = reads.length - SHOWN;
  const today = reads.some((r) => !r.fixed);
  return (
    <ul aria-label="Clock and randomness read in pure code" className="mt-0.5 text-[11px]">
      {reads.slice(0, SHOWN).map((r, i) => {
        const sentence = ambientSentence(r, words);
        const where = r.location ? `${r.location.file}:${r.location.line}` : '';
        return (
          <li key={i} className={`truncate ${r.fixed ? 'text-muted' : 'text-warn'}`} title={sentence} data-ambient={r.fixed ? 'fixed' : 'today'}>
            {where && <span className="font-mono">{where}</span>}
            {sentence.slice(where.length)}
          </li>
        );
      })}
      {more > 0 && <li className="text-muted">and {more} more</li>}
      {today && (
        <li>
          <button type="button" className="text-fg underline underline-offset-2 hover:no-underline" onClick={() => useViewStore.getState().openDialog('settings')}>
            Set a fixed clock and seed for replays…
          </button>
        </li>
      )}
    </ul>
  );
}
