// Where each Command of the trace lives in the flow's source, computed once
// per (files, trace), and the highlight for the selected step.
import { useMemo } from 'react';
import type { TraceModel } from '../../core/trace/model';
import { locateAll } from '../../core/source/locate';
import { useSourceStore } from '../../stores/sourceStore';
import { useViewStore } from '../../stores/viewStore';

export interface GutterMarker {
  readonly file: string;
  readonly line: number;
  readonly tone: 'ok' | 'error' | 'mixed';
  readonly label: string;
  readonly badge: string;
}

export function useSourceModel(model: TraceModel | undefined) {
  const files = useSourceStore((s) => s.files);
  const activeFile = useSourceStore((s) => s.activeFile);
  const selected = useViewStore((s) => s.selected);

  const locations = useMemo(() => {
    if (!model || !files.length) return {};
    const names = Object.keys(model.commands).filter((n) => n !== 'Parallel' && n !== 'anonymous');
    return locateAll(files, names);
  }, [model, files]);

  const markers = useMemo<GutterMarker[]>(() => {
    if (!model) return [];
    return Object.entries(locations).map(([name, loc]) => {
      const stats = model.commands[name]!;
      const tone = stats.threw === 0 ? 'ok' : stats.threw === stats.count ? 'error' : 'mixed';
      const label = `${name} ran ${stats.count}×${stats.threw ? ` · threw ${stats.threw}×` : ' · always returned'}`;
      const badge = stats.threw === 0 ? `✓ ${stats.count}×` : stats.threw === stats.count ? `✗ threw ${stats.count}×` : `${stats.count}× · ✗ ${stats.threw}× threw`;
      return { file: loc.file, line: loc.line, tone, label, badge };
    });
  }, [model, locations]);

  const step = model?.steps[selected];
  const location = step ? locations[step.command] : undefined;
  const highlight = location && step ? { file: location.file, line: location.line, tone: step.threw ? ('error' as const) : ('info' as const) } : undefined;
  return { files, activeFile: activeFile ?? files[0]?.name, step, highlight, markers, located: location !== undefined };
}
