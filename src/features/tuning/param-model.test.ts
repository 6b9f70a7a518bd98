import { describe, expect, it } from 'vitest';
import { setParam } from '../../engine/config';
import { DETECTOR_DEFS } from '../../engine/detectors/registry';
import { presetByName } from '../../engine/presets/index';
import {
  addAction,
  detectorRows,
  formatValue,
  parseNumber,
  parseStrings,
  removeAction,
  replaceAction,
  sameValue,
  sliderOf,
} from './param-model';

const chatloop = presetByName('chatloop')!;

describe('detectorRows', () => {
  it('lists every detector in registry order with every parameter and its path', () => {
    const rows = detectorRows(chatloop, chatloop);
    expect(rows.map((r) => r.def.id)).toEqual(DETECTOR_DEFS.map((d) => d.id));
    const exact = rows[0];
    expect(exact.def.id).toBe('exact-repeat');
    expect(exact.enabled).toBe(true);
    expect(exact.params.map((p) => [p.path, p.value])).toEqual([
      ['detectors.exact-repeat.windowSize', 10],
      ['detectors.exact-repeat.maxDuplicates', 2],
      ['detectors.exact-repeat.actions', ['warn', 'warn', 'terminate']],
      ['detectors.exact-repeat.rawText', false],
    ]);
    expect(rows.filter((r) => r.enabled).map((r) => r.def.id)).toEqual(['exact-repeat', 'pattern']);
    // A detector no preset enables is still listed, to be switched on.
    const noProgress = rows.find((r) => r.def.id === 'no-progress')!;
    expect([noProgress.enabled, noProgress.params.map((p) => p.path)]).toEqual([
      false,
      [
        'detectors.no-progress.window',
        'detectors.no-progress.k',
        'detectors.no-progress.sameError',
        'detectors.no-progress.cycles',
        'detectors.no-progress.recurrence',
        'detectors.no-progress.sameTarget',
        'detectors.no-progress.acrossChanges',
        'detectors.no-progress.actions',
        'detectors.no-progress.rawText',
      ],
    ]);
    expect(rows.reduce((n, r) => n + r.changed, 0)).toBe(0);
  });

  it('marks the parameters that differ from the preset, with the preset value', () => {
    let draft = setParam(chatloop, 'detectors.exact-repeat.maxDuplicates', 3);
    draft = setParam(draft, 'detectors.exact-repeat.actions', ['warn']);
    draft = setParam(draft, 'detectors.cycle.enabled', true);
    const rows = detectorRows(draft, chatloop);
    const exact = rows.find((r) => r.def.id === 'exact-repeat')!;
    expect(exact.params.filter((p) => p.differs).map((p) => [p.spec.key, p.value, p.presetValue])).toEqual([
      ['maxDuplicates', 3, 2],
      ['actions', ['warn'], ['warn', 'warn', 'terminate']],
    ]);
    expect(exact.changed).toBe(2);
    const cycle = rows.find((r) => r.def.id === 'cycle')!;
    expect([cycle.enabled, cycle.presetEnabled, cycle.enabledDiffers, cycle.changed]).toEqual([true, false, true, 1]);
  });

  it('without a preset nothing differs', () => {
    const rows = detectorRows(setParam(chatloop, 'detectors.exact-repeat.maxDuplicates', 3), undefined);
    expect(rows.every((r) => r.changed === 0 && r.params.every((p) => p.presetValue === undefined))).toBe(true);
  });
});

describe('values', () => {
  it('compares lists by content', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameValue(2, 2)).toBe(true);
    expect(sameValue(2, '2')).toBe(false);
  });

  it('formats values for the preset hint', () => {
    expect(formatValue(['warn', 'terminate'])).toBe('warn, terminate');
    expect(formatValue([])).toBe('(none)');
    expect(formatValue(true)).toBe('on');
    expect(formatValue(0.9)).toBe('0.9');
    expect(formatValue(undefined)).toBe('—');
  });

  it('parses comma-separated strings and typed numbers', () => {
    expect(parseStrings(' ls, glob ,, read ,')).toEqual(['ls', 'glob', 'read']);
    expect(parseStrings('')).toEqual([]);
    expect(parseNumber('12')).toBe(12);
    expect(parseNumber('0.25')).toBe(0.25);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('-')).toBeNull();
    expect(parseNumber('1e')).toBeNull();
  });

  it('gives sliders the spec bounds', () => {
    expect(sliderOf({ key: 'k', label: 'K', type: 'int', min: 1, max: 100 })).toEqual({ min: 1, max: 100, step: 1 });
    expect(sliderOf({ key: 'k', label: 'K', type: 'number', min: 0, max: 1, step: 0.05 })).toEqual({
      min: 0,
      max: 1,
      step: 0.05,
    });
    expect(sliderOf({ key: 'k', label: 'K', type: 'boolean' })).toBeNull();
  });
});

describe('actions editor', () => {
  it('adds a copy of the last step, removes and replaces steps, never empties the list', () => {
    expect(addAction(['warn', 'terminate'])).toEqual(['warn', 'terminate', 'terminate']);
    expect(addAction([])).toEqual(['warn']);
    expect(removeAction(['warn', 'block', 'terminate'], 1)).toEqual(['warn', 'terminate']);
    expect(removeAction(['warn'], 0)).toEqual(['warn']);
    expect(replaceAction(['warn', 'warn'], 1, 'block')).toEqual(['warn', 'block']);
  });
});
