/**
 * The judge's page state: endpoint settings, the key (memory unless remembered), and the latest
 * run per transcript. Its own small store: nothing here belongs in a shared config or link.
 */
import { create } from 'zustand';
import type { JudgeProgress, JudgeRunResult } from '../../engine/judge/run';
import type { EngineConfig } from '../../engine/config';
import type { JudgeCache } from '../../engine/judge/request';
import { loadSettings, loadStoredKey, saveSettings, storeKey, type JudgeSettings } from './judge-settings';

export interface JudgeRunState {
  transcriptId: number;
  /** The settings the run used (its answers are filed under them). */
  endpoint: string;
  status: 'running' | 'done' | 'cancelled' | 'failed';
  progress: JudgeProgress | null;
  result: JudgeRunResult | null;
  error: string | null;
  /** The tuned config before this run turned the LLM check on to read its answers (for Undo). */
  configBefore?: ConfigBefore;
}

/** What asking the judge changed in the config, and the draft to go back to. */
export interface ConfigBefore {
  draft: EngineConfig;
  presetName: string;
  /** Each change in words, shown before Undo. */
  changes: string[];
}

/** The endpoint's answers the replays of one transcript read (llm-judge source openai-compatible). */
export interface LiveAnswers {
  transcriptId: number;
  /** Unique per change on this page: the engine swaps its answers when the revision it has differs. */
  rev: number;
  cache: JudgeCache;
}

interface JudgeStore {
  settings: JudgeSettings;
  apiKey: string;
  run: JudgeRunState | null;
  live: LiveAnswers | null;
  /** Cached answers that could not be read and were deleted (shown until the endpoint changes). */
  cacheWarnings: string[];
  noteCacheWarnings(warnings: string[]): void;
  setLive(transcriptId: number, cache: JudgeCache): void;
  setSettings(patch: Partial<JudgeSettings>): void;
  setApiKey(key: string): void;
  setRun(run: JudgeRunState | null): void;
  patchRun(patch: Partial<JudgeRunState>): void;
}

/** Identifies the endpoint and models a run's answers belong to. */
export function endpointId(s: JudgeSettings): string {
  return `${s.baseUrl.trim()}|${s.flashModel.trim()}|${s.proModel.trim()}`;
}

export const useJudgeStore = create<JudgeStore>((set, get) => ({
  settings: loadSettings(),
  apiKey: loadStoredKey(),
  run: null,
  live: null,
  cacheWarnings: [],
  noteCacheWarnings(warnings) {
    if (warnings.length) set({ cacheWarnings: [...get().cacheWarnings, ...warnings] });
  },
  setLive(transcriptId, cache) {
    set({ live: { transcriptId, rev: (get().live?.rev ?? 0) + 1, cache } });
  },
  setSettings(patch) {
    const settings = { ...get().settings, ...patch };
    saveSettings(settings);
    storeKey(get().apiKey, settings.rememberKey);
    set({ settings, cacheWarnings: [] });
  },
  setApiKey(apiKey) {
    storeKey(apiKey, get().settings.rememberKey);
    set({ apiKey });
  },
  setRun(run) {
    set({ run });
  },
  patchRun(patch) {
    const run = get().run;
    if (run) set({ run: { ...run, ...patch } });
  },
}));
