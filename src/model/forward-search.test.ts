import { describe, expect, it } from 'vitest';
import { ForwardSearch } from './forward-search';

describe('ForwardSearch', () => {
  it('answers as indexOf from every position, searching the text about once', () => {
    const text = 'a</f>bb</f>' + 'c'.repeat(1000);
    let scanned = 0;
    const s = new ForwardSearch((from) => {
      const at = text.indexOf('</f>', from);
      scanned += (at === -1 ? text.length : at) - from;
      return at;
    });
    for (let pos = 0; pos < text.length; pos++) expect(s.at(pos)).toBe(text.indexOf('</f>', pos));
    // Three searches: from 0 (to 1), from 2 (to 7), from 8 (to the end).
    expect(scanned).toBe(1 + 5 + (text.length - 8));
  });
});
