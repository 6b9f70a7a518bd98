import { describe, expect, it } from 'vitest';
import { parseToolXml } from './cline-xml';

describe('parseToolXml', () => {
  it('reads a known tool tag with its parameters and leaves the prose', () => {
    const r = parseToolXml(
      'Let me run the plan.\n\n<execute_command>\n<command>cd infra && terraform plan</command>\n<requires_approval>false</requires_approval>\n</execute_command>',
    );
    expect(r).toEqual({
      calls: [{ name: 'execute_command', args: { command: 'cd infra && terraform plan', requires_approval: 'false' } }],
      prose: 'Let me run the plan.',
    });
  });

  it('reads every call of a message in order (the harness runs the first)', () => {
    const r = parseToolXml(
      '<read_file>\n<path>a.ts</path>\n</read_file>\n\n<execute_command><command>ls</command></execute_command>',
    );
    expect(r.calls.map((c) => [c.name, c.args])).toEqual([
      ['read_file', { path: 'a.ts' }],
      ['execute_command', { command: 'ls' }],
    ]);
    expect(r.prose).toBe('');
  });

  it('keeps a file whose content holds its own closing tag whole', () => {
    const r = parseToolXml(
      '<write_to_file>\n<path>doc.md</path>\n<content>\nUse </content> to close.\n</content>\n</write_to_file>',
    );
    expect(r.calls[0].args).toEqual({ path: 'doc.md', content: 'Use </content> to close.' });
  });

  it('takes a Roo Code nested read_file argument as its text', () => {
    const r = parseToolXml(
      '<read_file>\n<args>\n  <file>\n    <path>src/app.py</path>\n  </file>\n</args>\n</read_file>',
    );
    expect(r.calls[0].args).toEqual({ args: '<file>\n    <path>src/app.py</path>\n  </file>' });
  });

  it('runs an unclosed known tool to the end of the text, as Cline does', () => {
    const r = parseToolXml('Reading it.\n<read_file>\n<path>src/main.ts');
    expect(r).toEqual({
      calls: [{ name: 'read_file', args: { path: 'src/main.ts' }, unclosed: true }],
      prose: 'Reading it.',
    });
  });

  it('takes an unknown snake_case tag of nothing but parameters as a call', () => {
    const r = parseToolXml('<query_database>\n<sql>select 1</sql>\n</query_database>');
    expect(r.calls).toEqual([{ name: 'query_database', args: { sql: 'select 1' } }]);
  });

  it('does not take prose with angle brackets for a call', () => {
    const texts = [
      '<thinking>\nI should read the file.\n</thinking>\nDone.',
      'Wrap it in <div> and <span> tags.',
      '<final_file_content path="a.ts">\nx\n</final_file_content>',
      '<task_notes>\nsome text <b>bold</b>\n</task_notes>',
      '<my_notes></my_notes>',
      'if a < b && c > d then <read_file is a tool>',
    ];
    for (const t of texts) expect(parseToolXml(t).calls, t).toEqual([]);
    expect(parseToolXml(texts[0]).prose).toBe(texts[0]);
  });

  it('stays linear on a megabyte of unclosed openers', () => {
    const hostile = [
      '<execute_command>'.repeat(60_000),
      '<some_tool>'.repeat(90_000),
      '<some_tool><p>x</p>'.repeat(50_000) + '</some_tool>',
      '<a_b>x'.repeat(170_000) + '</a_b>',
      '\n<command>'.repeat(100_000),
    ];
    for (const text of hostile) {
      const t0 = performance.now();
      const r = parseToolXml(text);
      expect(performance.now() - t0, text.slice(0, 20)).toBeLessThan(500);
      expect(r.calls.length, text.slice(0, 20)).toBeLessThanOrEqual(1);
    }
    // The first unclosed known opener takes the rest: one call, its body the other openers.
    const first = parseToolXml(hostile[0]).calls;
    expect(JSON.stringify(first).slice(0, 200)).toBe('[{"name":"execute_command","args":{},"unclosed":true}]');
  });
});
