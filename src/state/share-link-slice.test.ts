import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { EngineConfig } from '../engine/config';
import type { LinkTarget } from '../persistence/share-link-target';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createShareLinkSlice, type ShareLinkSlice } from './share-link-slice';
import { createTuningSlice, type TuningSlice } from './tuning-slice';

type State = ShareLinkSlice & SelectionSlice & TuningSlice;
const store = () =>
  create<State>()((...a) => ({
    ...createSelectionSlice(...a),
    ...createTuningSlice(...a),
    ...createShareLinkSlice(...a),
  }));

const LINKED: EngineConfig = {
  name: 'tight',
  basedOn: 'crustly',
  detectors: { 'consecutive-repeat': { bufferSize: 4 } },
};
const incoming = { draft: LINKED, presetName: 'crustly', name: 'tight' };
const RUN: LinkTarget = { kind: 'run', hash: '0123456789abcdef-10', position: 2, title: 'X', turn: 7 };

describe('share link slice', () => {
  it('opens the found run at the link’s turn, applies over an untuned draft, and Undo brings the draft back', () => {
    const s = store();
    const before = s.getState().draft;
    s.getState().linkEvent({ type: 'open', target: RUN, incoming });
    s.getState().linkEvent({ type: 'resolve', run: { status: 'found', id: 42, turn: 7 } });
    expect(s.getState()).toMatchObject({ transcriptId: 42, turn: 7 });
    const { draft, presetName } = s.getState();
    s.getState().linkEvent({ type: 'decide', current: { draft, presetName } });
    expect(s.getState()).toMatchObject({ draft: LINKED, presetName: 'crustly' });
    s.getState().linkEvent({ type: 'undo' });
    expect(s.getState().draft).toBe(before);
    expect(s.getState().presetName).toBe('recommended');
  });

  it('asks over a tuned draft and leaves it alone on Keep mine; opens nothing for a missing run', () => {
    const s = store();
    s.getState().setParam('detectors.exact-repeat.maxDuplicates', 7);
    const tuned = s.getState().draft;
    s.getState().linkEvent({ type: 'open', target: RUN, incoming });
    s.getState().linkEvent({ type: 'resolve', run: { status: 'missing', title: 'X' } });
    expect(s.getState().transcriptId).toBeNull();
    s.getState().linkEvent({ type: 'decide', current: { draft: tuned, presetName: 'recommended' } });
    expect(s.getState().shareLink.phase).toBe('asked');
    expect(s.getState().draft).toBe(tuned);
    s.getState().linkEvent({ type: 'keep' });
    expect(s.getState().shareLink.phase).toBe('kept');
    expect(s.getState().draft).toBe(tuned);
  });

  it('leaves an older link’s run to the address (the app opens `#/t/<id>` itself)', () => {
    const s = store();
    s.getState().linkEvent({ type: 'open', target: { kind: 'library-number', id: 5, turn: 3 }, incoming });
    s.getState().linkEvent({ type: 'resolve', run: { status: 'found', id: 5, turn: 3 } });
    expect(s.getState().transcriptId).toBeNull();
  });
});
