import { describe, expect, it } from 'vitest';
import { mjsModuleFileName, mjsTypesFileName, pyModuleFileName, tsModuleFileName } from './export-files';

describe('module file names', () => {
  it('names the three modules after the export name, the .mjs and its .d.mts alike', () => {
    const name = 'recommended (tuned)';
    expect(mjsModuleFileName(name)).toBe('loopscope-recommended-tuned.mjs');
    expect(mjsTypesFileName(name)).toBe('loopscope-recommended-tuned.d.mts');
    expect(tsModuleFileName(name)).toBe('loopscope-recommended-tuned.ts');
    expect(pyModuleFileName(name)).toBe('loopscope_recommended_tuned.py');
  });

  it('keeps a hostile name out of the path', () => {
    expect(mjsModuleFileName('../../x */ "y"')).toBe('loopscope-x-y.mjs');
    expect(mjsTypesFileName('../../x */ "y"')).toBe('loopscope-x-y.d.mts');
  });
});
