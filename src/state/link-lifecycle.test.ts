import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';
import type { LinkTarget } from '../persistence/share-link-target';
import {
  IDLE,
  linkTransition,
  needsAsking,
  type DraftSnapshot,
  type IncomingConfig,
  type LinkEvent,
  type LinkLifecycle,
} from './link-lifecycle';

const preset = (name: string): EngineConfig => structuredClone(presetByName(name)!);
const UNTUNED: DraftSnapshot = {
  draft: { ...preset('recommended'), basedOn: 'recommended' },
  presetName: 'recommended',
};
const TUNED: DraftSnapshot = {
  draft: { ...preset('crustly'), detectors: { 'consecutive-repeat': { bufferSize: 9 } } },
  presetName: 'crustly',
};
const INCOMING: IncomingConfig = {
  draft: { name: 'tight', basedOn: 'crustly', detectors: { 'consecutive-repeat': { bufferSize: 4 } } },
  presetName: 'crustly',
  name: 'tight',
};
const TARGET: LinkTarget = { kind: 'run', hash: '0123456789abcdef-10', position: 1, title: 'X', turn: 4 };
const FOUND = { status: 'found', id: 9, turn: 4 } as const;

function run(...events: LinkEvent[]): LinkLifecycle {
  return events.reduce(linkTransition, IDLE);
}
const open: LinkEvent = { type: 'open', target: TARGET, incoming: INCOMING };

describe('share link lifecycle', () => {
  it('applies at once over an untuned draft, keeping it for Undo', () => {
    const applied = run(open, { type: 'resolve', run: FOUND }, { type: 'decide', current: UNTUNED });
    expect(applied).toEqual({ phase: 'applied', target: TARGET, run: FOUND, incoming: INCOMING, previous: UNTUNED });
    expect(linkTransition(applied, { type: 'undo' })).toEqual({ ...applied, phase: 'undone' });
  });

  it('asks over a tuned draft; Apply keeps the draft of that moment for Undo, Keep mine changes nothing', () => {
    const asked = run(open, { type: 'resolve', run: FOUND }, { type: 'decide', current: TUNED });
    expect(asked).toEqual({ phase: 'asked', target: TARGET, run: FOUND, incoming: INCOMING });
    expect(linkTransition(asked, { type: 'apply', current: TUNED })).toMatchObject({
      phase: 'applied',
      previous: TUNED,
    });
    expect(linkTransition(asked, { type: 'keep' })).toEqual({ ...asked, phase: 'kept' });
    // Undo only undoes an apply.
    expect(linkTransition(asked, { type: 'undo' })).toBe(asked);
  });

  it('says the run is missing, and still decides on the config', () => {
    const missing = run(open, { type: 'resolve', run: { status: 'missing', title: 'X' } });
    expect(missing.phase).toBe('missing');
    expect(linkTransition(missing, { type: 'decide', current: TUNED })).toMatchObject({
      phase: 'asked',
      run: { status: 'missing', title: 'X' },
    });
  });

  it('has nothing to decide when the link’s config was refused', () => {
    const resolved = run({ type: 'open', target: TARGET, incoming: null }, { type: 'resolve', run: FOUND });
    expect(resolved).toMatchObject({ phase: 'resolved', incoming: null });
    expect(linkTransition(resolved, { type: 'decide', current: TUNED })).toBe(resolved);
  });

  it('ignores steps out of order, and a newer link replaces the last', () => {
    const pending = run(open);
    expect(linkTransition(pending, { type: 'decide', current: UNTUNED })).toBe(pending);
    expect(linkTransition(pending, { type: 'keep' })).toBe(pending);
    const applied = run(open, { type: 'resolve', run: FOUND }, { type: 'decide', current: UNTUNED });
    expect(linkTransition(applied, { type: 'resolve', run: FOUND })).toBe(applied);
    expect(linkTransition(applied, open)).toEqual({ phase: 'pending', target: TARGET, incoming: INCOMING });
    expect(linkTransition(applied, { type: 'dismiss' })).toBe(IDLE);
  });

  it('asks only when tuning would be lost: not for a preset as it is, nor for the very config of the link', () => {
    expect(needsAsking(UNTUNED, INCOMING)).toBe(false);
    expect(needsAsking(TUNED, INCOMING)).toBe(true);
    expect(needsAsking({ draft: { ...INCOMING.draft, name: 'mine' }, presetName: 'crustly' }, INCOMING)).toBe(false);
    // A draft measured against a preset this build does not know counts as tuned.
    expect(needsAsking({ draft: preset('crustly'), presetName: 'gone' }, INCOMING)).toBe(true);
  });
});
