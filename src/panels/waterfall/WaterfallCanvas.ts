// The imperative half of the waterfall: owns the canvas, the viewport and
// the input. Wheel, drag and keys change the viewport many times a second;
// that goes straight to a frame (at most one per animation frame) without a
// React render. React hands in the data, the size, the selection and the
// theme's colours; a click or ←/→ hands a step index back through onSelect.
import { drawWaterfall, type DrawnStep } from './draw';
import type { Indexed } from '../../core/trace/model';
import { AXIS_PX, ROW_PX, rowAtY, type RowGeometry } from './geometry';
import { stepAt, type LaneIndex } from './lanes';
import type { Palette } from './palette';
import { clampView, fit, panBy, reveal, zoomAt, type Extent, type Viewport } from './viewport';

/** One + or − press. */
const ZOOM_STEP = 1.5;
/** ctrl/⌘ + wheel: zoom factor per pixel of wheel delta. */
const WHEEL_ZOOM = 0.002;
/** A press that moves less than this is a click, not a drag. */
const DRAG_PX = 4;
/** How many drawn names the host's data-labels lists. */
const LABELS_SHOWN = 200;
/** How near a thin bar a click still hits it. */
const HIT_SLOP_PX = 3;

interface Data {
  readonly index: LaneIndex;
  readonly geometry: RowGeometry;
  readonly steps: Indexed<DrawnStep>;
}

interface Drag {
  readonly pointer: number;
  readonly x: number;
  readonly y: number;
  readonly from: Viewport;
  moved: boolean;
}

export class WaterfallCanvas {
  private data: Data | undefined;
  private width = 0;
  private height = 0;
  private selected = -1;
  private whatIf: ReadonlySet<number> = new Set();
  private palette: Palette | undefined;
  private vp: Viewport | undefined;
  /** still showing the whole run: a resize fits again instead of keeping the zoom */
  private fitted = true;
  private frame = 0;
  private drag: Drag | undefined;
  private frames = 0;
  private slowestMs = 0;

  constructor(
    private readonly host: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly onSelect: (index: number) => void
  ) {
    // Not passive: the wheel zooms and pans here instead of scrolling the page.
    host.addEventListener('wheel', this.onWheel, { passive: false });
    host.addEventListener('pointerdown', this.onPointerDown);
    host.addEventListener('pointermove', this.onPointerMove);
    host.addEventListener('pointerup', this.onPointerUp);
    host.addEventListener('pointercancel', this.onPointerCancel);
    host.addEventListener('keydown', this.onKeyDown);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.host.removeEventListener('wheel', this.onWheel);
    this.host.removeEventListener('pointerdown', this.onPointerDown);
    this.host.removeEventListener('pointermove', this.onPointerMove);
    this.host.removeEventListener('pointerup', this.onPointerUp);
    this.host.removeEventListener('pointercancel', this.onPointerCancel);
    this.host.removeEventListener('keydown', this.onKeyDown);
  }

  setData(index: LaneIndex, geometry: RowGeometry, steps: Indexed<DrawnStep>): void {
    this.data = { index, geometry, steps };
    // Where the first rows are, so a test (or devtools) can aim at a bar without knowing the layout rules.
    this.host.dataset.rowTops = Array.from(geometry.rowTop.subarray(0, 101)).join(' ');
    this.vp = undefined;
    this.fitted = true;
    this.frames = 0;
    this.slowestMs = 0;
    this.request();
  }

  setSize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    const e = this.extent();
    if (this.vp && e) this.vp = this.fitted ? fit(e, this.vp.scrollY) : clampView(this.vp, e);
    this.request();
  }

  /** The steps a what-if changed, outlined in its colour. */
  setWhatIf(indices: ReadonlySet<number>): void {
    this.whatIf = indices;
    this.request();
  }

  setPalette(palette: Palette): void {
    this.palette = palette;
    this.request();
  }

  /** The selected step changed (here or anywhere else): show it. */
  setSelected(index: number): void {
    this.selected = index;
    this.revealSelected();
    this.request();
  }

  private extent(): Extent | undefined {
    if (!this.data || this.width <= 0 || this.height <= 0) return undefined;
    const tops = this.data.geometry.rowTop;
    return { extentMs: this.data.index.timing.extentMs, widthPx: this.width, contentPx: tops[tops.length - 1]!, viewPx: Math.max(0, this.height - AXIS_PX) };
  }

  /** The viewport, fitted on first use. */
  private view(): { vp: Viewport; e: Extent } | undefined {
    const e = this.extent();
    if (!e) return undefined;
    this.vp ??= fit(e);
    return { vp: this.vp, e };
  }

  private revealSelected(): void {
    const v = this.view();
    const data = this.data;
    const i = this.selected;
    if (!v || !data || i < 0 || i >= data.index.timing.startMs.length) return;
    const { timing } = data.index;
    const r = timing.row[i]!;
    const moved = reveal(v.vp, { startMs: timing.startMs[i]!, endMs: timing.endMs[i]! }, data.geometry.rowTop[r]!, data.geometry.rowTop[r + 1]!, v.e);
    if (moved.startMs !== v.vp.startMs) this.fitted = false;
    this.vp = moved;
  }

  private setView(next: Viewport): void {
    this.vp = next;
    this.fitted = false;
    this.request();
  }

  private request(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  private paint(): void {
    const v = this.view();
    const data = this.data;
    if (!v || !data || !this.palette) return;
    const dpr = window.devicePixelRatio || 1;
    const backingW = Math.round(this.width * dpr);
    const backingH = Math.round(this.height * dpr);
    if (this.canvas.width !== backingW || this.canvas.height !== backingH) {
      this.canvas.width = backingW;
      this.canvas.height = backingH;
      this.canvas.style.width = `${this.width}px`;
      this.canvas.style.height = `${this.height}px`;
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const started = performance.now();
    const stats = drawWaterfall(ctx, { ...data, vp: v.vp, widthPx: this.width, heightPx: this.height, selected: this.selected, palette: this.palette, whatIf: this.whatIf });
    const ms = performance.now() - started;
    this.frames++;
    this.slowestMs = Math.max(this.slowestMs, ms);
    // What the last frame drew, for tests and for anyone curious in devtools.
    const d = this.host.dataset;
    d.startMs = String(v.vp.startMs);
    d.pxPerMs = String(v.vp.pxPerMs);
    d.scrollY = String(v.vp.scrollY);
    d.bars = String(stats.bars);
    d.columns = String(stats.columns);
    d.errorMarks = String(stats.errorMarks);
    // The names drawn and where, for tests that check no name is cut that fits (the first ones only).
    d.labels = JSON.stringify(stats.labels.slice(0, LABELS_SHOWN).map((l) => ({ step: l.step, text: l.text, x: Math.round(l.x * 10) / 10, y: l.y, width: Math.round(l.width * 10) / 10, inside: l.inside })));
    d.frames = String(this.frames);
    d.drawMs = ms.toFixed(2);
    d.slowestDrawMs = this.slowestMs.toFixed(2);
  }

  private hit(clientX: number, clientY: number): number {
    const v = this.view();
    const data = this.data;
    if (!v || !data) return -1;
    const box = this.host.getBoundingClientRect();
    const x = clientX - box.left;
    const y = clientY - box.top;
    if (y < AXIS_PX) return -1;
    const r = rowAtY(data.geometry, y - AXIS_PX + v.vp.scrollY);
    if (r < 0) return -1;
    return stepAt(data.index.rows[r]!, v.vp.startMs + x / v.vp.pxPerMs, HIT_SLOP_PX / v.vp.pxPerMs);
  }

  private zoom(factor: number, x: number): void {
    const v = this.view();
    if (v) this.setView(zoomAt(v.vp, factor, x, v.e));
  }

  private pan(dx: number, dy: number): void {
    const v = this.view();
    if (v) this.setView(panBy(v.vp, dx, dy, v.e));
  }

  /** Where + and − zoom around: the selected step when it is in view, else the middle. */
  private zoomAnchor(): number {
    const v = this.view();
    const data = this.data;
    if (!v || !data || this.selected < 0 || this.selected >= data.index.timing.startMs.length) return this.width / 2;
    const { timing } = data.index;
    const mid = ((timing.startMs[this.selected]! + timing.endMs[this.selected]!) / 2 - v.vp.startMs) * v.vp.pxPerMs;
    return mid >= 0 && mid <= this.width ? mid : this.width / 2;
  }

  private readonly onWheel = (e: WheelEvent) => {
    if (!this.view()) return;
    e.preventDefault();
    const unit = e.deltaMode === 1 ? ROW_PX : e.deltaMode === 2 ? this.width : 1;
    const dx = e.deltaX * unit;
    const dy = e.deltaY * unit;
    if (e.ctrlKey || e.metaKey) return this.zoom(Math.exp(-dy * WHEEL_ZOOM), e.clientX - this.host.getBoundingClientRect().left);
    if (e.shiftKey) return this.pan(dy || dx, 0);
    if (Math.abs(dx) > Math.abs(dy)) return this.pan(dx, 0);
    // The plain wheel scrolls the rows when they overflow, and pans time when they do not.
    const e2 = this.extent();
    if (e2 && e2.contentPx > e2.viewPx) return this.pan(0, dy);
    this.pan(dy, 0);
  };

  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0 || !this.vp) return;
    this.drag = { pointer: e.pointerId, x: e.clientX, y: e.clientY, from: this.vp, moved: false };
    this.host.setPointerCapture(e.pointerId);
  };

  private readonly onPointerMove = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || drag.pointer !== e.pointerId) {
      this.host.style.cursor = this.hit(e.clientX, e.clientY) >= 0 ? 'pointer' : '';
      return;
    }
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < DRAG_PX) return;
    drag.moved = true;
    this.host.style.cursor = 'grabbing';
    const e2 = this.extent();
    if (e2) this.setView(panBy(drag.from, -dx, -dy, e2));
  };

  private readonly onPointerUp = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || drag.pointer !== e.pointerId) return;
    this.drag = undefined;
    this.host.releasePointerCapture(e.pointerId);
    this.host.style.cursor = '';
    if (drag.moved) return;
    const index = this.hit(e.clientX, e.clientY);
    if (index >= 0) this.onSelect(index);
  };

  private readonly onPointerCancel = () => {
    this.drag = undefined;
    this.host.style.cursor = '';
  };

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !this.data) return;
    const act = (fn: () => void) => {
      e.preventDefault();
      fn();
    };
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        const delta = e.key === 'ArrowLeft' ? -1 : 1;
        if (e.shiftKey) return act(() => this.pan((delta * this.width) / 8, 0));
        return act(() => this.stepBy(delta));
      }
      case 'ArrowUp':
      case 'ArrowDown':
        // Plain ↑/↓ stay the app's previous / next step in recorded order.
        if (e.shiftKey) act(() => this.pan(0, e.key === 'ArrowUp' ? -ROW_PX : ROW_PX));
        return;
      case '+':
      case '=':
        return act(() => this.zoom(ZOOM_STEP, this.zoomAnchor()));
      case '-':
      case '_':
        return act(() => this.zoom(1 / ZOOM_STEP, this.zoomAnchor()));
      case '0':
        return act(() => this.fitAll());
    }
  };

  private fitAll(): void {
    const e = this.extent();
    if (!e || !this.vp) return;
    this.vp = fit(e, this.vp.scrollY);
    this.fitted = true;
    this.request();
  }

  /** ← / →: the previous or next step in time (the order the eye reads the bars). */
  private stepBy(delta: -1 | 1): void {
    const { byTime, rankOf } = this.data!.index;
    if (byTime.length === 0) return;
    const at = this.selected >= 0 && this.selected < rankOf.length ? rankOf[this.selected]! + delta : 0;
    if (at >= 0 && at < byTime.length) this.onSelect(byTime[at]!);
  }
}
