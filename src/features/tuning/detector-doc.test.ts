import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETECTOR_DEFS } from '../../engine/detectors/registry';
import { detectorSection } from './detector-doc';

const DOC = readFileSync(new URL('../../../docs/detectors.md', import.meta.url), 'utf8');

describe("a detector's section of docs/detectors.md", () => {
  it('exists for every detector, so every Tune card can be looked up', () => {
    expect(DETECTOR_DEFS.filter((d) => detectorSection(DOC, d.id) === null).map((d) => d.id)).toEqual([]);
  });

  it('runs from its heading to the next one', () => {
    const doc = '# Top\n\n## `a` — one\nText a.\n### Detail\nMore a.\n## `ab` — two\nText b.\n';
    expect(detectorSection(doc, 'a')).toBe('## `a` — one\nText a.\n### Detail\nMore a.');
    expect(detectorSection(doc, 'ab')).toBe('## `ab` — two\nText b.');
    expect(detectorSection(doc, 'b')).toBeNull();
  });
});
