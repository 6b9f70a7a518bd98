import { describe, expect, it } from 'vitest';
import { setParam } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { exportedConfig, exportName } from './export-name';

const recommended = presetByName('recommended')!;

describe('export name', () => {
  it('is the preset name while unchanged, "(tuned)" once a value changes, and back when undone', () => {
    expect(exportName(recommended, 'recommended')).toBe('recommended');
    const tuned = setParam(recommended, 'detectors.no-progress.window', 30);
    expect(exportName(tuned, 'recommended')).toBe('recommended (tuned)');
    expect(exportName({ ...tuned, name: 'recommended (tuned)' }, 'recommended')).toBe('recommended (tuned)');
    expect(exportName({ ...recommended, name: 'recommended (tuned)' }, 'recommended')).toBe('recommended');
    // A detector switched on counts as a change too.
    expect(exportName(setParam(recommended, 'detectors.cycle.enabled', true), 'recommended')).toBe(
      'recommended (tuned)',
    );
  });

  it('keeps a name the user gave, and names a nameless draft after its preset', () => {
    const crustly = presetByName('crustly')!;
    const tight = {
      ...setParam(crustly, 'detectors.consecutive-repeat.explorationThreshold', 5),
      name: 'crustly-tight',
    };
    expect(exportName(tight, 'crustly')).toBe('crustly-tight');
    expect(exportName({ detectors: crustly.detectors }, 'crustly')).toBe('crustly');
  });

  it('exports the name and the preset measured against', () => {
    const tuned = setParam(recommended, 'detectors.no-progress.k', 3);
    expect(exportedConfig(tuned, 'recommended')).toEqual({
      ...tuned,
      name: 'recommended (tuned)',
      basedOn: 'recommended',
    });
  });
});
