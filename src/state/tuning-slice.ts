import type { StateCreator } from 'zustand';
import { setParam as setConfigParam, type EngineConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';

export const DEFAULT_PRESET = 'recommended';

function preset(name: string): EngineConfig {
  return structuredClone(presetByName(name) ?? presetByName('chatloop')!);
}

/**
 * The config being tuned (the draft) and the preset it is measured against. Setting a parameter
 * validates it; an invalid value is refused with the field and reason in `paramError`.
 */
export interface TuningSlice {
  presetName: string;
  draft: EngineConfig;
  paramError: string | null;
  /** The draft saved in IndexedDB has been read back (or there was none): a share link may decide now. */
  draftRestored: boolean;
  setDraftRestored(): void;
  setPreset(name: string): void;
  setParam(path: string, value: unknown): void;
  setDraft(draft: EngineConfig, presetName?: string): void;
  resetDraft(): void;
}

export const createTuningSlice: StateCreator<TuningSlice, [], [], TuningSlice> = (set, get) => ({
  presetName: presetByName(DEFAULT_PRESET) ? DEFAULT_PRESET : 'chatloop',
  draft: preset(presetByName(DEFAULT_PRESET) ? DEFAULT_PRESET : 'chatloop'),
  paramError: null,
  draftRestored: false,
  setDraftRestored() {
    set({ draftRestored: true });
  },
  setPreset(name) {
    set({ presetName: name, draft: { ...preset(name), basedOn: name }, paramError: null });
  },
  setParam(path, value) {
    try {
      set({ draft: setConfigParam(get().draft, path, value), paramError: null });
    } catch (e) {
      set({ paramError: (e as Error).message });
    }
  },
  setDraft(draft, presetName) {
    set({ draft, presetName: presetName ?? get().presetName, paramError: null });
  },
  resetDraft() {
    get().setPreset(get().presetName);
  },
});
