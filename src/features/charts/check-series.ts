/**
 * The judge chart's point series: one per model and answer source, so recorded, live (your
 * endpoint) and heuristic answers differ by shape and in the legend, and flash and pro by colour.
 */
import type { CheckRow } from './chart-data';

export type SymbolShape = 'circle' | 'star' | 'triangle' | 'diamond' | 'square' | 'cross';

export const SOURCE_STYLE: Record<string, { label: string; shape: SymbolShape }> = {
  recorded: { label: 'recorded', shape: 'circle' },
  'openai-compatible': { label: 'live', shape: 'star' },
  heuristic: { label: 'heuristic', shape: 'triangle' },
};

export const MODEL_COLOR = { flash: '#2563eb', pro: '#7c3aed' } as const;

export interface CheckSeries {
  key: string;
  model: 'flash' | 'pro';
  source: string;
  name: string;
  shape: SymbolShape;
  color: string;
}

export function seriesKey(model: 'flash' | 'pro', source: string): string {
  return `${model}_${source.replace(/[^a-z]/g, '')}`;
}

/** Rows with each answer also under its series key. */
export function withSeriesKeys(rows: readonly CheckRow[]): (CheckRow & Record<string, unknown>)[] {
  return rows.map((r) => {
    const out: CheckRow & Record<string, unknown> = { ...r };
    if (r.flash !== null) out[seriesKey('flash', r.source)] = r.flash;
    if (r.pro !== null) out[seriesKey('pro', r.source)] = r.pro;
    return out;
  });
}

/** The series present in these rows, flash before pro, in order of the sources' first appearance. */
export function checkSeries(rows: readonly CheckRow[]): CheckSeries[] {
  const sources = [...new Set(rows.filter((r) => r.check).map((r) => r.source))];
  const out: CheckSeries[] = [];
  for (const model of ['flash', 'pro'] as const)
    for (const source of sources) {
      if (!rows.some((r) => r.source === source && r[model] !== null)) continue;
      const style = SOURCE_STYLE[source] ?? { label: source, shape: 'square' as const };
      out.push({
        key: seriesKey(model, source),
        model,
        source,
        name: `${model} (${style.label})`,
        shape: style.shape,
        color: MODEL_COLOR[model],
      });
    }
  return out;
}
