import { describe, expect, it } from 'vitest';
import { titleFrom } from './transcript-builder';

describe('titleFrom: the first line of the task, not a template tag', () => {
  it('unwraps the OpenHands SWE-bench template: the issue first, then the repository folder', () => {
    const text =
      "<uploaded_files>\n/workspace/ponylang__ponyc__0.1\n</uploaded_files>\nI've uploaded a C code repository in the directory ponylang__ponyc__0.1. Consider the following issue description:\n\n<issue_description>\nCommandParser ignores parent default options\n</issue_description>";
    expect(titleFrom(text)).toBe('CommandParser ignores parent default options · ponylang__ponyc__0.1');
    const pr =
      "<uploaded_files>\n/testbed\n</uploaded_files>\nI've uploaded a python code repository in the directory /testbed. Consider the following PR description:\n\n<pr_description>\nQuerySet.only() after select_related() crashes on proxy models.\nDescription\n</pr_description>\n\nCan you help me implement the necessary changes";
    expect(titleFrom(pr)).toBe('QuerySet.only() after select_related() crashes on proxy models. · testbed');
  });

  it('cuts a long issue line, never the folder, to 80 characters', () => {
    const t = titleFrom(
      `<uploaded_files>\n/workspace/django__django__4.0\n</uploaded_files>\n<issue_description>\n${'x'.repeat(100)}\n</issue_description>`,
    )!;
    expect(t).toBe(`${'x'.repeat(57)}… · django__django__4.0`);
    expect(t.length).toBe(80);
  });

  it("takes SWE-agent's issue, not its template's first line", () => {
    const text =
      "We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nPixel Representation attribute should be optional\n**Describe the bug**\n\nINSTRUCTIONS:\nNow, you're going to solve this issue";
    expect(titleFrom(text)).toBe('Pixel Representation attribute should be optional');
  });

  it('skips several opening blocks, one-line blocks and lines that are only a tag', () => {
    expect(titleFrom('<env>linux</env>\n\n<repo name="x">\n/r\n</repo>\n<task>\nFix the parser\n</task>')).toBe(
      'Fix the parser',
    );
    expect(titleFrom('<br/>\n  Rename   the  file \n')).toBe('Rename the file');
  });

  it('takes the task from the last block when nothing follows the blocks', () => {
    expect(titleFrom('<uploaded_files>\n/w\n</uploaded_files>\n<issue>\nFix the bug\n</issue>')).toBe(
      'Fix the bug · w',
    );
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
