import { useEffect, useRef, useState } from 'react';
import { presetByName } from '../../engine/presets/index';
import { saveDraft } from '../../persistence/draft';
import { configPayload, decodeConfig } from '../../persistence/share-link';
import { useAppStore } from '../../state/store';
import { linkTranscriptId, useAppliedLink } from './link-state';

function notify(status: 'done' | 'error', message: string): void {
  // The app's notice area (the import status list) shows it on every page, with a dismiss button.
  const s = useAppStore.getState();
  s.updateJob(s.addJob('share link', 0), { status, message });
}

function apply(hash: string): void {
  const payload = configPayload(hash);
  if (payload === null) return;
  // The link is used once: its entry loses the config, so Back does not apply it again.
  history.replaceState(history.state, '', hash.slice(0, hash.indexOf('?')) || '#/');
  try {
    const config = decodeConfig(payload);
    const s = useAppStore.getState();
    const presetName = config.basedOn && presetByName(config.basedOn) ? config.basedOn : s.presetName;
    // Stored first, so the restore of the saved draft on start reads this one (IndexedDB keeps the order).
    void saveDraft({ presetName, draft: config });
    s.setDraft(config, presetName);
    useAppliedLink.setState({ link: { transcriptId: linkTranscriptId(hash), configName: config.name ?? presetName } });
    notify('done', `Share link: applied the config “${config.name ?? presetName}”, measured against ${presetName}.`);
  } catch (e) {
    notify('error', `Share link: ${(e as Error).message}. Your current config is kept.`);
  }
}

/**
 * Applies a config carried in the URL fragment (`#/t/<id>/turn/<n>?config=…`), on start and when a
 * link is opened in a running app. Call it first in App, before the hooks that read the fragment
 * and restore the stored draft.
 */
export function useConfigFromLink(): void {
  // Read during the first render, before any effect can rewrite the fragment.
  const [initial] = useState(() => window.location.hash);
  const done = useRef(false);
  useEffect(() => {
    if (!done.current) {
      done.current = true;
      apply(initial);
    }
    const onHash = (e: HashChangeEvent) => apply(new URL(e.newURL).hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [initial]);
}
