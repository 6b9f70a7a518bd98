import { describe, expect, it } from 'vitest';
import { prettyArgs } from './pretty-args';

describe('prettyArgs', () => {
  it('shows a multi-line string argument with its line breaks', () => {
    expect(prettyArgs({ command: 'create', file_text: 'import os\n\nprint(1)\n' })).toBe(
      '{\n  "command": "create",\n  "file_text": "import os\n\nprint(1)\n"\n}',
    );
  });

  it('keeps an escaped backslash before n, quotes and other escapes as they are', () => {
    expect(prettyArgs({ path: 'C:\\new', q: 'say "hi"\tnow' })).toBe(
      '{\n  "path": "C:\\\\new",\n  "q": "say \\"hi\\"\\tnow"\n}',
    );
  });

  it('a string argument is shown as it is; missing arguments as nothing', () => {
    expect(prettyArgs('ls -la\nwc -l')).toBe('ls -la\nwc -l');
    expect(prettyArgs(undefined)).toBe('');
  });
});
