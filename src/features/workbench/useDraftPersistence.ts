import { useEffect } from 'react';
import { loadDraft, saveDraft } from '../../persistence/draft';
import { useAppStore } from '../../state/store';

/** Restores the tuned config on start and writes every change back (debounced). */
export function useDraftPersistence(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let restored = false;
    void loadDraft()
      .then((d) => {
        if (d) useAppStore.getState().setDraft(d.draft, d.presetName);
      })
      // An unreadable store keeps the preset; a share link waiting on the restore goes on.
      .catch(() => undefined)
      .finally(() => {
        restored = true;
        useAppStore.getState().setDraftRestored();
      });
    const unsubscribe = useAppStore.subscribe((s, prev) => {
      if (!restored || (s.draft === prev.draft && s.presetName === prev.presetName)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void saveDraft({ presetName: s.presetName, draft: s.draft }), 150);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
}
