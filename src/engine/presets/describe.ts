/**
 * A preset's full config as markdown (docs/detectors.md "Presets: full configs"): every enabled
 * detector with every parameter resolved. A test keeps the docs equal to this output.
 */
import { resolveConfig, type EngineConfig } from '../config';
import { DETECTOR_IDS } from '../types';

export function presetMarkdown(preset: EngineConfig): string {
  const r = resolveConfig(preset);
  const lines = [`### \`${preset.name}\``, ''];
  lines.push(`countAction: \`${r.countAction}\``, '');
  for (const id of DETECTOR_IDS) {
    const { enabled, ...params } = r.detectors[id];
    if (!enabled) continue;
    const shown = Object.entries(params).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
    lines.push(`- \`${id}\`: ${shown.join(', ')}`);
  }
  return lines.join('\n');
}
