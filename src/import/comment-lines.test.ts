/**
 * JSON Lines with `//` and `#` comment lines, and the Claude Code sniffer looking past lines that
 * are not messages: a real session file is never refused or taken for another format.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeImporter } from './claude-code';
import { importSource, resolveImporter } from './index';
import { sniffOpenAIResponses } from './openai-responses';
import { sourceFromBytes, sourceFromText } from './source';

const SHARE = path.resolve(__dirname, '../../corpus/real/claude-code/moredip__session-share');
const FIXTURE = path.join(SHARE, 'session-viewer/test/INTEGRATION/fixtures/general-tool-calls.jsonl');
const SUBAGENT = path.join(
  SHARE,
  'samples/claude-code-projects/0ccf1a04-1b4c-43b6-8aa5-79e41db43a68/subagents/agent-a9cad17.jsonl',
);
const bytes = (file: string) => new Uint8Array(readFileSync(file));
const fileLines = (file: string) => readFileSync(file, 'utf8').split('\n');

describe('comment lines in JSON Lines', () => {
  it('reads the real session its repository prepended two `// Source:` lines to, with one warning', async () => {
    const r = await importSource(sourceFromBytes('general-tool-calls.jsonl', bytes(FIXTURE)));
    expect(r.format).toBe('claude-code');
    expect(r.transcripts[0].title).toBe('Claude Code Session-Share Plugin Implementation');
    expect(r.transcripts[0].turns).toHaveLength(56);
    // Its later entries write the earlier history again (a resumed session): each call once.
    expect(r.transcripts[0].turns.flatMap((t) => t.calls)).toHaveLength(65);
    expect(r.warnings.filter((w) => w.reason.includes('read once'))).toEqual([
      {
        file: 'general-tool-calls.jsonl',
        reason: '164 entries repeat messages read before (the history a resumed session writes again); read once',
      },
    ]);
    expect(r.warnings.filter((w) => w.reason.includes('used twice'))).toEqual([]);
    expect(r.warnings.filter((w) => w.reason.includes('comment'))).toEqual([
      { file: 'general-tool-calls.jsonl', line: 1, reason: 'skipped 2 comment lines (not JSON): lines 1, 2' },
    ]);
  });

  it('skips `#` lines between records of any line format, naming the first five and counting the rest', async () => {
    const msg = (role: string, content: string) => JSON.stringify({ role, content });
    const text = [
      '# exported by hand',
      msg('user', 'hi'),
      '',
      '# a note',
      msg('assistant', 'hello'),
      ...Array.from({ length: 5 }, (_, i) => `// note ${i}`),
      msg('user', 'bye'),
    ].join('\n');
    const r = await importSource(sourceFromText('chat.jsonl', text));
    expect(r.format).toBe('openai-chat');
    expect(r.transcripts[0].turns.map((t) => t.text)).toEqual(['hello']);
    expect(r.warnings).toEqual([
      {
        file: 'chat.jsonl',
        line: 1,
        reason: 'skipped 7 comment lines (not JSON): lines 1, 4, 6, 7, 8 and 2 more',
      },
      {
        file: 'chat.jsonl',
        reason: 'no tool calls in this transcript: call-based detectors will have nothing to look at',
      },
    ]);
  });

  it('forced with --format, a commented Loopscope JSONL file reads the same', async () => {
    const text = [
      '// written by a test harness',
      '{"type":"meta","version":1,"title":"t"}',
      '{"type":"assistant","calls":[{"name":"ls","result":{"content":"a","isError":false}}]}',
    ].join('\n');
    const r = await importSource(sourceFromText('run.txt', text), {}, 'loopscope-jsonl');
    expect(r.transcripts[0].turns[0].calls[0].name).toBe('ls');
    expect(r.warnings).toEqual([{ file: 'run.txt', line: 1, reason: 'skipped 1 comment line (not JSON): line 1' }]);
  });

  it('leaves Markdown alone: `#` headings are not comments of a JSON file', async () => {
    await expect(resolveImporter(sourceFromText('notes.md', '# Title\n\n{"a": 1}\n'))).rejects.toThrow(
      'notes.md: not a transcript format Loopscope reads (the content is text, not JSON, starting "# Title")',
    );
  });
});

describe('Claude Code sniffing', () => {
  it('reads the root "type" of a line that writes `message` (with "type": "message") before it', async () => {
    // Lines 10 and 13 of the real file: a WebSearch call and its result, as a session's first lines.
    const head = [fileLines(FIXTURE)[9], fileLines(FIXTURE)[12]].join('\n');
    expect(head.indexOf('"type":"message"')).toBeLessThan(head.indexOf('"type":"assistant"'));
    // What used to claim it: the Responses API sniffer, which then found "no Responses API items".
    expect(sniffOpenAIResponses(`[${head.split('\n').join(',')}]`)).toBeNull();
    expect(claudeCodeImporter.sniff(head, 'x.jsonl')).toBeNull();
    const r = await importSource(sourceFromText('4f1c.jsonl', head));
    expect(r.format).toBe('claude-code');
    expect(r.transcripts[0].turns[0].calls[0]).toMatchObject({
      name: 'WebSearch',
      args: { query: 'Claude Code plugin development hooks custom commands 2026' },
      result: { isError: false },
    });
  });

  it('looks past lines that are not messages (a newer bookkeeping kind, snapshots) to the first entry', async () => {
    const session = '"sessionId":"5d1f0000-aaaa-4bbb-8ccc-000000000001"';
    const head = [
      `{"type":"custom-title","customTitle":"fix the build",${session}}`,
      `{"type":"response_item","payload":{"type":"message"},${session}}`,
      `{"parentUuid":null,"isSidechain":false,${session},"message":{"role":"user","content":"fix the build"},"type":"user","uuid":"u1","timestamp":"2026-01-01T00:00:00Z"}`,
      `{"parentUuid":"u1","isSidechain":false,${session},"message":{"id":"m1","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"make"}}]},"type":"assistant","uuid":"a1","timestamp":"2026-01-01T00:00:01Z"}`,
    ].join('\n');
    const r = await importSource(sourceFromText('5d1f.jsonl', head));
    expect(r.format).toBe('claude-code');
    expect(r.transcripts[0].turns[0].calls[0]).toMatchObject({ name: 'Bash', args: { command: 'make' } });
  });

  it('knows a first line longer than the 64 KB head, cut before its "type", by its leading keys', async () => {
    const session = '"sessionId":"5d1f0000-aaaa-4bbb-8ccc-000000000001"';
    const picture = 'A'.repeat(100_000);
    const text = [
      `{"parentUuid":null,"isSidechain":false,"userType":"external",${session},"message":{"role":"user","content":[{"type":"image","source":{"type":"base64","data":"${picture}"}},{"type":"text","text":"what is this?"}]},"type":"user","uuid":"u1","timestamp":"2026-01-01T00:00:00Z"}`,
      `{"parentUuid":"u1","isSidechain":false,${session},"message":{"id":"m1","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Read","input":{"file_path":"a.png"}}]},"type":"assistant","uuid":"a1","timestamp":"2026-01-01T00:00:01Z"}`,
    ].join('\n');
    expect(claudeCodeImporter.sniff(text.slice(0, 64 * 1024), 'x.jsonl')).toBeNull();
    const r = await importSource(sourceFromText('5d1f.jsonl', text));
    expect(r.format).toBe('claude-code');
    expect(r.transcripts[0].turns[0].before?.[0].text).toBe('[image]\nwhat is this?');
  });

  it('imports a subagent file on its own, titled by its agent and linked to its session', async () => {
    const r = await importSource(sourceFromBytes('subagents/agent-a9cad17.jsonl', bytes(SUBAGENT)));
    expect(r.format).toBe('claude-code');
    const t = r.transcripts[0];
    expect(t.title.startsWith('Subagent a9cad17: Write a poem about Thai green curry.')).toBe(true);
    expect(t.extra).toEqual({ agentId: 'a9cad17', parentSessionId: '0ccf1a04-1b4c-43b6-8aa5-79e41db43a68' });
    expect(t.turns[0].calls[0]).toMatchObject({ name: 'WebSearch', agent: 'a9cad17' });
  });
});
