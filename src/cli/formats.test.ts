import { describe, expect, it } from 'vitest';
import { importers } from '../import/registry';
import { FORMAT_NOTES } from './commands/formats';
import { main } from './main';

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { write: (s: string) => (out += s) }, { write: (s: string) => (err += s) });
  return { code, out, err };
}

describe('loopscope formats', () => {
  it('lists every importer id with its name and a line on its files, in sniffing order', async () => {
    const r = await cli('formats');
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const lines = r.out.split('\n');
    expect(lines).toHaveLength(importers.length + 3);
    expect(lines[0]).toBe(
      'claude-code        Claude Code session JSONL — session files (<uuid>.jsonl): entries with "type" and "sessionId"',
    );
    expect(lines[4]).toBe(
      'specstory          SpecStory Markdown — .specstory/history/*.md (Cursor, Copilot, Claude Code): _**User**_ / _**Assistant**_ messages',
    );
    expect(lines.slice(8, 10)).toEqual([
      'cline-task         Cline / Roo Code task history — api_conversation_history.json (XML or native tool calls), or a tasks/<id>/ folder with ui_messages.json',
      "cline-ui-messages  Cline / Roo Code panel messages — ui_messages.json: the panel's say/ask events, when no task history is next to it",
    ]);
    expect(lines[15]).toBe(
      'openai-chat        OpenAI Chat Completions — a messages array, requests or responses: one document, or one a line',
    );
    expect(lines.slice(16)).toEqual(['', 'Force one with --format ID; how each is read: docs/formats.md', '']);
  });

  it('--json gives one object per format; every importer has a description', async () => {
    const r = await cli('formats', '--json');
    const rows = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; label: string; description: string });
    expect(rows.map((x) => x.id)).toEqual(importers.map((i) => i.id));
    expect(Object.keys(FORMAT_NOTES).sort()).toEqual(importers.map((i) => i.id).sort());
    expect(rows[1]).toEqual({
      id: 'loopscope-jsonl',
      label: 'Loopscope JSONL',
      description: '*.loop.jsonl: meta/user/assistant/label records, one a line',
    });
  });

  it('takes no files', async () => {
    expect(await cli('formats', 'x.json')).toEqual({ code: 2, out: '', err: 'loopscope: formats takes no files\n' });
  });
});
