import { describe, expect, it } from 'vitest';
import { missingSamples, SAMPLE_NAMES } from './samples';

describe('bundled samples', () => {
  it('are missing when no stored sample has their file name; an import of the same name does not count', () => {
    expect(SAMPLE_NAMES).toHaveLength(6);
    const stored = SAMPLE_NAMES.filter((n) => n !== 'same-error-forever.loop.jsonl').map((fileName) => ({
      fileName,
      sample: true,
    }));
    expect(missingSamples(stored)).toEqual(['same-error-forever.loop.jsonl']);
    expect(missingSamples([...stored, { fileName: 'same-error-forever.loop.jsonl' }])).toEqual([
      'same-error-forever.loop.jsonl',
    ]);
    expect(missingSamples([])).toEqual([...SAMPLE_NAMES].sort());
  });
});
