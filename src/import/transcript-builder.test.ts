import { describe, expect, it } from 'vitest';
import { titleFrom } from './transcript-builder';

describe('titleFrom: the first line of the task, not a template tag', () => {
  it('skips a wrapper block that opens the prompt (the OpenHands SWE-bench template)', () => {
    const text =
      "<uploaded_files>\n/workspace/ponylang__ponyc__0.1\n</uploaded_files>\nI've uploaded a C code repository in the directory ponylang__ponyc__0.1. Consider the following issue description:\n\n<issue_description>\nCommandParser ignores parent default options\n</issue_description>";
    expect(titleFrom(text)).toBe("I've uploaded a C code repository in the directory ponylang__ponyc__0.1. Consid…");
  });

  it('skips several opening blocks, one-line blocks and lines that are only a tag', () => {
    expect(titleFrom('<env>linux</env>\n\n<repo name="x">\n/r\n</repo>\n<task>\nFix the parser\n</task>')).toBe(
      'Fix the parser',
    );
    expect(titleFrom('<br/>\n  Rename   the  file \n')).toBe('Rename the file');
  });

  it('takes the task from the last block when nothing follows the blocks', () => {
    expect(titleFrom('<uploaded_files>\n/w\n</uploaded_files>\n<issue>\nFix the bug\n</issue>')).toBe('Fix the bug');
    expect(titleFrom('<issue_description>Fix the bug</issue_description>')).toBe('Fix the bug');
  });

  it('keeps lines that merely start with a tag, and unclosed tags, as text', () => {
    expect(titleFrom('<div> does not render\nmore')).toBe('<div> does not render');
    expect(titleFrom('<b>Bold</b> move')).toBe('<b>Bold</b> move');
    expect(titleFrom("what's 1+1?")).toBe("what's 1+1?");
  });

  it('is undefined for nothing but tags', () => {
    expect(titleFrom('<a>\n</a>')).toBeUndefined();
    expect(titleFrom('')).toBeUndefined();
  });
});
