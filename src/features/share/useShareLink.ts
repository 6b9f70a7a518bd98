import { useEffect, useRef, useState } from 'react';
import { presetByName } from '../../engine/presets/index';
import { findLinkedRun } from '../../persistence/linked-run';
import { decodeConfig } from '../../persistence/share-link';
import { parseShareLink, type LinkTarget, type ParsedShareLink } from '../../persistence/share-link-target';
import type { IncomingConfig, LinkRun } from '../../state/link-lifecycle';
import { useAppStore } from '../../state/store';
import { formatHash } from '../../state/url';

function notify(status: 'done' | 'error', message: string): void {
  // The app's notice area (the import status list) shows it on every page, with a dismiss button.
  const s = useAppStore.getState();
  s.updateJob(s.addJob('share link', 0), { status, message });
}

/** The link's config, validated; null (and a message saying why) when it cannot be used. */
function incomingConfig(payload: string | null): IncomingConfig | null {
  if (payload === null) return null;
  try {
    const config = decodeConfig(payload);
    const current = useAppStore.getState().presetName;
    const presetName = config.basedOn && presetByName(config.basedOn) ? config.basedOn : current;
    return { draft: config, presetName, name: config.name ?? presetName };
  } catch (e) {
    notify('error', `Share link: ${(e as Error).message}. Your current config is kept.`);
    return null;
  }
}

/** What stays in the address once the link is taken up: never the config, so Back does not apply it again. */
function usedOnce(parsed: ParsedShareLink, hash: string): string {
  // An older link stays on its `#/t/<id>/turn/<n>`. Any other keeps what is open (nothing, on
  // start) until its run is found, so a link opened over the same run does not leave it.
  if (parsed.target.kind === 'library-number') return hash.slice(0, hash.indexOf('?'));
  const { transcriptId, turn } = useAppStore.getState();
  return formatHash({ transcriptId, turn });
}

async function runOf(target: LinkTarget): Promise<LinkRun> {
  if (target.kind === 'library-number') return { status: 'found', id: target.id, turn: target.turn };
  if (target.kind !== 'run') return { status: 'none' };
  try {
    const id = await findLinkedRun(target);
    return id === null ? { status: 'missing', title: target.title } : { status: 'found', id, turn: target.turn };
  } catch (e) {
    notify('error', `Share link: the library could not be searched for its run (${(e as Error).message}).`);
    return { status: 'missing', title: target.title };
  }
}

/** Resolves once the store's flag is set: the draft read back, the first start's samples stored. */
function settled(flag: 'draftRestored' | 'samplesSeeded'): Promise<void> {
  return new Promise((resolve) => {
    if (useAppStore.getState()[flag]) return resolve();
    const unsubscribe = useAppStore.subscribe((s) => {
      if (!s[flag]) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Whether the link is still the one being handled (a newer link replaces it). */
function current(target: LinkTarget): boolean {
  const link = useAppStore.getState().shareLink;
  return link.phase !== 'idle' && link.target === target;
}

async function follow(hash: string): Promise<void> {
  const parsed = parseShareLink(hash);
  if (!parsed) return;
  history.replaceState(history.state, '', usedOnce(parsed, hash));
  const { target } = parsed;
  if (target.kind === 'damaged') notify('error', `Share link: the run in this link cannot be read (${target.reason}).`);
  const s = useAppStore.getState();
  s.linkEvent({ type: 'open', target, incoming: incomingConfig(parsed.payload) });
  let run = await runOf(target);
  if (run.status === 'missing' && !useAppStore.getState().samplesSeeded) {
    // A first visit stores the samples meanwhile: a link to one of them finds it once they are in.
    await settled('samplesSeeded');
    if (!current(target)) return;
    run = await runOf(target);
  }
  if (!current(target)) return;
  s.linkEvent({ type: 'resolve', run });
  // The draft saved in this browser is read back first: asking is only fair against the real one.
  await settled('draftRestored');
  if (!current(target)) return;
  const { draft, presetName } = useAppStore.getState();
  s.linkEvent({ type: 'decide', current: { draft, presetName } });
}

/**
 * Takes up a share link in the URL fragment (share-link-target.ts), on start and when one is
 * opened in a running app: finds its run, then applies its config or asks first. Call it first in
 * App, before the hooks that read the fragment and restore the stored draft.
 */
export function useShareLink(): void {
  // Read during the first render, before any effect can rewrite the fragment.
  const [initial] = useState(() => window.location.hash);
  const done = useRef(false);
  useEffect(() => {
    if (!done.current) {
      done.current = true;
      void follow(initial);
    }
    const onHash = (e: HashChangeEvent) => void follow(new URL(e.newURL).hash);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [initial]);
}
