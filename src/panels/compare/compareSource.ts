// What the source pane draws while two runs are compared: a mark per Command
// with how it fared in each run, and on the selected step's line both outcomes
// (the note under the line: "cmdChargeCard · A: threw … · B: returned …").
// Pure, so the words are tested without Monaco.
import type { Comparison } from '../../stores/compareStore';
import type { RowDetail, SideSummary } from '../../core/compare/session';
import { rowOf } from '../../core/compare/session';
import type { SourceLocation } from '../../core/source/locate';
import type { EditorHighlight, EditorMarker, MarkerTone } from '../../editor/types';

const CLIP = 60;
const clip = (text: string) => (text.length > CLIP ? `${text.slice(0, CLIP - 1)}…` : text);

/** The Command names a source mark is drawn for: those of either run a line can define. */
export function commandNames(c: Comparison): string[] {
  const names = new Set([...Object.keys(c.a.commands), ...Object.keys(c.b.commands)]);
  return [...names].filter((n) => n !== 'Parallel' && n !== 'anonymous');
}

function tally(side: SideSummary, name: string): string {
  const s = side.commands[name];
  if (!s) return 'not run';
  if (s.threw === 0) return `✓ ${s.count}×`;
  if (s.threw === s.count) return `✗ ${s.count}×`;
  return `${s.count}× · ✗ ${s.threw}×`;
}

function toneOf(c: Comparison, name: string): MarkerTone {
  const runs = [c.a.commands[name], c.b.commands[name]].filter((s) => s !== undefined);
  const threw = runs.reduce((n, s) => n + s.threw, 0);
  const count = runs.reduce((n, s) => n + s.count, 0);
  return threw === 0 ? 'ok' : threw === count ? 'error' : 'mixed';
}

/** Both outcomes of the selected row, in words; '…' while its detail is on its way from the compare worker. */
export function bothOutcomes(detail: RowDetail | undefined): string {
  if (!detail) return 'A: … · B: …';
  return `A: ${detail.a ? detail.a.outcome : 'no such step'} · B: ${detail.b ? detail.b.outcome : 'no such step'}`;
}

export function compareSource(c: Comparison, row: number, detail: RowDetail | undefined, locations: Readonly<Record<string, SourceLocation>>): { markers: EditorMarker[]; highlight: EditorHighlight | undefined } {
  const markers: EditorMarker[] = [];
  for (const name of commandNames(c)) {
    const loc = locations[name];
    if (!loc) continue;
    const badge = `A ${tally(c.a, name)} · B ${tally(c.b, name)}`;
    markers.push({ file: loc.file, line: loc.line, tone: toneOf(c, name), label: `${name}: ${badge}`, badge });
  }
  const r = rowOf(c.alignment, row);
  const selectedName = r && (locations[r.command] ? r.command : r.commandB);
  const loc = selectedName ? locations[selectedName] : undefined;
  if (!r || !loc) return { markers, highlight: undefined };
  const mine = detail?.row === row ? detail : undefined;
  const both = bothOutcomes(mine);
  const threw = Boolean(mine?.a?.threw || mine?.b?.threw);
  // The selected line's mark says both outcomes too, for the hover, beside the note under the line.
  const at = markers.find((m) => m.file === loc.file && m.line === loc.line);
  if (at) markers[markers.indexOf(at)] = { ...at, label: `${selectedName}: ${both}`, badge: clip(both) };
  return { markers, highlight: { file: loc.file, line: loc.line, tone: threw ? 'error' : 'info', note: `${selectedName} · ${both}` } };
}
