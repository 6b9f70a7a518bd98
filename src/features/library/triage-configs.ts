/**
 * The configs the library triages under now: the picker's preset, else the draft being tuned
 * (and the draft too when a preset is picked). A folder import computes its runs' digests under
 * them, so the library shows the new runs' figures without reading their turns back.
 */
import type { EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { useAppStore } from '../../state/store';
import { useLibraryView, YOUR_CONFIG } from './library-store';

export function libraryTriageConfigs(): EngineConfig[] {
  const { draft } = useAppStore.getState();
  const choice = useLibraryView.getState().configChoice;
  const preset = choice === YOUR_CONFIG ? undefined : presetByName(choice);
  return preset ? [preset, draft] : [draft];
}
