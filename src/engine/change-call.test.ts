import { describe, expect, it } from 'vitest';
import { changeTarget, isChangeCall, isShellChange } from './change-call';

describe('isChangeCall', () => {
  it.each([
    ['edit', { args: '287:295', body: 'x' }, true], // SWE-agent
    ['Edit', { file_path: '/a.py', old_string: 'a', new_string: 'b' }, true], // Claude Code
    ['write_file', { file_path: '/a.py', content: 'x' }, true], // Gemini CLI
    ['EditCode', { content: '<replace>…' }, true], // moatless
    ['replace_in_file', { path: 'infra/main.tf', diff: '<<<<<<< SEARCH…' }, true], // Cline
    ['apply_diff', { path: 'src/app.py', diff: '<<<<<<< SEARCH…' }, true], // Roo Code
    ['read_file', { path: 'src/app.py' }, false],
    ['str_replace_editor', { command: 'str_replace', path: '/a.py', old_str: 'a', new_str: 'b' }, true],
    ['str_replace_editor', { command: 'insert', path: '/a.py', insert_line: 3, new_str: 'b' }, true],
    ['str_replace_editor', { command: 'view', path: '/a.py' }, false],
    ['str_replace_editor', {}, false], // a rejected call without its command
    ['bash', { command: "sed -i 's/a/b/' a.py" }, false], // shell edits are not told apart
    ['open', { args: 'a.py' }, false],
    [
      'run_ipython',
      { code: "edit_file_by_replace(\n'/workspace/src/App.tsx',\nto_replace='a',\nnew_content='b')" },
      true,
    ],
    ['run_ipython', { code: "open_file('/workspace/src/App.tsx')" }, false],
  ])('%s %j: %s', (name, args, expected) => {
    expect(isChangeCall(name, args)).toBe(expected);
  });
});

describe('changeTarget', () => {
  it('SWE-agent edits of one line range share it, whatever the body', () => {
    const t = (body: string) => changeTarget('edit', { args: '287:295', body });
    expect(t("required = ['Rows']\n]")).toBe(t("required = ['Rows', 'Columns']\n"));
    expect(t('x')).not.toBe(changeTarget('edit', { args: '287:296', body: 'x' }));
  });

  it('a str_replace is placed by its old_str, not its new_str; the file and command count', () => {
    const t = (path: string, oldStr: string, newStr: string) =>
      changeTarget('str_replace_editor', { command: 'str_replace', path, old_str: oldStr, new_str: newStr });
    const long = 'return pattern_type;\n'.repeat(30); // past the 200-character cut for other arguments
    expect(t('/m.c', long, 'a')).toBe(t('/m.c', long, 'b'));
    expect(t('/m.c', 'return pattern_type;', 'a')).not.toBe(t('/m.c', 'case TK_MATCH_CAPTURE:', 'a'));
    expect(t('/m.c', 'x', 'a')).not.toBe(t('/n.c', 'x', 'a'));
  });

  it("SWE-agent's `edit 2:2 decrypt.py` edits the same lines as `edit 2:2`", () => {
    expect(changeTarget('edit', { args: '2:2 decrypt.py', body: 'a' })).toBe(
      changeTarget('edit', { args: '2:2', body: 'b' }),
    );
  });

  it('an IPython edit skill is placed by the first 3 lines of its code, as OpenHands does', () => {
    const edit = (file: string, body: string) =>
      changeTarget('run_ipython', { code: `edit_file_by_replace(\n'${file}',\nto_replace="""\n${body}` });
    expect(edit('/workspace/src/App.tsx', "import React from 'react'")).toBe(
      edit('/workspace/src/App.tsx', "import React, { useState } from 'react'"),
    );
    expect(edit('/workspace/src/App.tsx', 'x')).not.toBe(edit('/workspace/src/main.tsx', 'x'));
  });

  it('moatless EditCode has no target argument: every EditCode is one target', () => {
    expect(changeTarget('EditCode', { content: 'a' })).toBe(changeTarget('EditCode', { content: 'b' }));
  });
});

describe('isShellChange', () => {
  it.each([
    ["sed -i 's/a/b/' src/app.py", true],
    ["cd /workspace && sed -i.bak -e 's/a/b/' x", true],
    ["cat > /workspace/reproduce.py << 'EOF'\nprint(1)\nEOF", true],
    ['echo "x = 1" >> config.py', true],
    ['git apply fix.patch', true],
    ['pip install -e .', true],
    ['rm -rf build && mkdir build', true],
    ['python reproduce.py 2>&1', false],
    ['python -m pytest -q tests > /dev/null', false],
    ['grep -rn "def load" src | head -20', false],
    ['cd /workspace && python -m pytest tests/test_pages.py', false],
    ['git status', false],
  ])('%j: %s', (command, expected) => {
    expect(isShellChange('execute_bash', { command })).toBe(expected);
  });

  it('only shell tools', () => {
    expect(isShellChange('grep', { command: "sed -i 's/a/b/' x" })).toBe(false);
  });
});
