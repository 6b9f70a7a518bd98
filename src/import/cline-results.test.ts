import { describe, expect, it } from 'vitest';
import { clineResultFlag, resultHeader, splitRequestText, splitUserMessage } from './cline-results';

describe('resultHeader', () => {
  it('finds the tool name and where the answer starts', () => {
    expect(resultHeader("[execute_command for 'npm test'] Result:\nok")).toEqual({ name: 'execute_command', rest: 41 });
    expect(resultHeader('[attempt_completion] Result:')).toEqual({ name: 'attempt_completion', rest: 28 });
    expect(resultHeader("[search_files for 'x' in '*.ts'] Result:")?.name).toBe('search_files');
    expect(resultHeader('[ERROR] You did not use a tool')).toBeUndefined();
    expect(resultHeader('[read_file for a.ts] no result header')).toBeUndefined();
    expect(resultHeader('Result: [read_file]')).toBeUndefined();
  });
});

describe('clineResultFlag', () => {
  it('reads the harness wording, and the output inside the command wrapper', () => {
    expect(clineResultFlag('The tool execution failed with the following error:\n<error>\nENOENT\n</error>')).toEqual({
      isError: true,
    });
    expect(clineResultFlag('The user denied this operation.')).toEqual({ isError: true });
    expect(clineResultFlag('Command executed.\nOutput:\nbash: terraform: command not found')).toEqual({
      isError: true,
      inferred: 'command-not-found',
    });
    expect(clineResultFlag('Command executed.\nOutput:\nall good')).toEqual({ isError: false });
    expect(clineResultFlag('1 | import x from "y"')).toBeUndefined();
  });
});

describe('splitUserMessage', () => {
  it('a header alone takes the blocks after it, up to the editor state', () => {
    const parts = splitUserMessage([
      { type: 'text', text: "[read_file for 'a.ts'] Result:" },
      { type: 'text', text: 'line 1' },
      { type: 'image', source: {} },
      { type: 'text', text: '<environment_details>\n# Current Mode\nACT MODE\n</environment_details>' },
      { type: 'text', text: 'and please hurry' },
    ]);
    expect(parts).toEqual([
      { kind: 'result', name: 'read_file', content: 'line 1\n[image]' },
      { kind: 'text', text: 'and please hurry' },
    ]);
  });
});

describe('splitRequestText', () => {
  it('splits the request the panel log keeps at headers, notices and the editor state', () => {
    const text = [
      "[read_file for 'a.ts'] Result:",
      'line 1\n[not a header] in the file',
      'Tool [execute_command] was not executed because a tool has already been used in this message.',
      '<environment_details>\nx\n</environment_details>',
    ].join('\n\n');
    expect(splitRequestText(text)).toEqual([
      { kind: 'result', name: 'read_file', content: 'line 1\n[not a header] in the file' },
      {
        kind: 'not_run',
        name: 'execute_command',
        text: 'Tool [execute_command] was not executed because a tool has already been used in this message.',
      },
    ]);
  });

  it('stays linear on a megabyte of lines that open like headers', () => {
    const texts = ["\n[read_file for 'x'".repeat(50_000), '\n[a'.repeat(300_000), '\n[ERROR]'.repeat(120_000)];
    for (const text of texts) {
      const t0 = performance.now();
      const parts = splitRequestText(text);
      expect(performance.now() - t0, text.slice(0, 12)).toBeLessThan(1000);
      expect(parts.length, text.slice(0, 12)).toBe(1);
    }
  });
});

describe('the harness reminders in a request', () => {
  it('end the answer before them', () => {
    const text =
      "[list_files for '.'] Result:\n\nNo files found.\n\n\n\n# Todo List (Optional - Plan Mode)\n\nWhile in PLAN MODE…\n\n\n\n\t\t\t\t# TODO LIST UPDATE REQUIRED - You MUST include the task_progress parameter";
    expect(splitRequestText(text).map((p) => (p.kind === 'result' ? p.content : p.kind))).toEqual([
      'No files found.',
      'text',
      'text',
    ]);
  });
});
