// What one frame is drawn from, shared by the drawing's parts.
import type { Indexed, ParallelDecision, StepKind } from '../../core/trace/model';
import type { RowGeometry } from './geometry';
import type { LaneIndex } from './lanes';
import type { Palette } from './palette';
import type { Viewport } from './viewport';
import type { PlacedLabel } from './labels';

/** What a frame reads of a step: no values. */
export interface DrawnStep {
  readonly command: string;
  readonly kind: StepKind;
  readonly threw: boolean;
  readonly durationMs: number | undefined;
  readonly decision?: ParallelDecision;
}

export interface Scene {
  readonly index: LaneIndex;
  readonly geometry: RowGeometry;
  readonly steps: Indexed<DrawnStep>;
  readonly vp: Viewport;
  readonly widthPx: number;
  readonly heightPx: number;
  readonly selected: number;
  readonly palette: Palette;
  /** the steps a what-if changed: their bars are outlined in the what-if colour */
  readonly whatIf?: ReadonlySet<number>;
}

export interface FrameStats {
  /** steps drawn as bars of their own */
  readonly bars: number;
  /** pixel columns drawn for many thin steps at once */
  readonly columns: number;
  /** bars or columns drawn in the error colour (a step that threw, or a column holding one) */
  readonly errorMarks: number;
  readonly rows: number;
  /** the names drawn, where (y: the middle of their row's bars) */
  readonly labels: readonly (PlacedLabel & { readonly y: number })[];
}

export const LABEL_FONT = '11px ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace';
export const SMALL_FONT = '10px ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
