import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from './hostile-strings.test-util';
import { mdCode, mdText } from './markdown';

describe('Markdown text', () => {
  it('keeps a title on one line, HTML and links inert, escape sequences shown', () => {
    expect(mdText('a | b\n c\r\nd ')).toBe('a \\| b  c d');
    expect(mdText('<img src=x> [x](y) `z` & \x1b]52;c;aGk=\x07')).toBe(
      '&lt;img src=x&gt; \\[x\\](y) \\`z\\` &amp; \\u001b\\]52;c;aGk=\\u0007',
    );
  });

  it('writes a code span only when the text fits one', () => {
    expect(mdCode('chatloop')).toBe('`chatloop`');
    expect(mdCode('a`b\nc')).toBe('a\\`b c');
  });

  it('property: any text is one line with no tag, no raw control character and no unescaped bar', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const t = mdText(s);
        expect(t).not.toMatch(/[\n<>]|[\x00-\x1f\x7f-\x9f]|(^|[^\\])\|/);
      }),
      { numRuns: 500, seed: 20261128 },
    );
  });
});
