import { describe, expect, it } from 'vitest';
import { SAMPLE_NAMES, sampleText } from '../../persistence/samples';
import { SAMPLE_STORIES, storyOf } from './sample-stories';

interface Line {
  type: string;
  title?: string;
  agent?: string;
  calls?: { name: string; args: Record<string, string>; result?: { content: string; isError: boolean } }[];
}

async function lines(file: string): Promise<Line[]> {
  const text = await sampleText(file);
  return text!
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
}

async function calls(file: string) {
  return (await lines(file)).flatMap((l) =>
    l.type === 'assistant' ? (l.calls ?? []).map((c) => ({ ...c, agent: l.agent })) : [],
  );
}

describe('sample stories', () => {
  it('tell one story per bundled sample, under the title the file itself gives', async () => {
    expect(SAMPLE_STORIES.map((s) => s.file).sort()).toEqual([...SAMPLE_NAMES].sort());
    for (const s of SAMPLE_STORIES) {
      const meta = (await lines(s.file))[0];
      expect(meta.type).toBe('meta');
      expect(meta.title, s.file).toBe(s.title);
    }
    expect(storyOf('missing-path-ls-loop.loop.jsonl')?.title).toBe('Stuck listing a missing folder');
    expect(storyOf('nope.loop.jsonl')).toBeUndefined();
  });

  // The counts the stories quote, checked against the files (make-samples.ts writes them).
  it('quote what is in the files: 12 failing ls of src/plugins', async () => {
    const ls = (await calls('missing-path-ls-loop.loop.jsonl')).filter((c) => c.args.path === 'src/plugins');
    expect(ls).toHaveLength(12);
    expect(ls.every((c) => c.result!.isError && c.result!.content.includes('No such file or directory'))).toBe(true);
  });

  it('quote what is in the files: the same edit and pytest 7 times, then a real fix', async () => {
    const all = await calls('edit-test-oscillation.loop.jsonl');
    const same = all.filter((c) => c.name === 'edit' && c.args.new === 'return int(s.strip())');
    expect(same).toHaveLength(7);
    expect(all.filter((c) => c.name === 'bash' && c.result!.content.includes('ValueError'))).toHaveLength(8);
    expect(all.at(-2)!.args.new).toBe('return int(s.strip() or 0)');
  });

  it('quote what is in the files: 8 build commands, one error, then the plugin installed', async () => {
    const all = await calls('same-error-forever.loop.jsonl');
    const failing = all.filter((c) => c.result!.content.startsWith('Error: Cannot find module'));
    expect(failing).toHaveLength(8);
    expect(new Set(failing.map((c) => c.args.command)).size).toBe(6);
    expect(all.at(-1)!.args.command).toBe('npm install -D @vitejs/plugin-react');
  });

  it('quote what is in the files: 14 empty greps for loadConfig by 2 workers', async () => {
    const all = await calls('swarm-global-doom-loop.loop.jsonl');
    expect(all).toHaveLength(14);
    expect(all.every((c) => c.name === 'grep' && c.args.pattern === 'loadConfig' && c.result!.content === '')).toBe(
      true,
    );
    expect([...new Set(all.map((c) => c.agent))].sort()).toEqual(['worker-a', 'worker-b']);
  });

  it('quote what is in the files: 10 modules read, edited and tested, 10 passing pytest -q', async () => {
    const all = await calls('healthy-docstrings.loop.jsonl');
    expect(new Set(all.filter((c) => c.name === 'edit').map((c) => c.args.path)).size).toBe(10);
    const tests = all.filter((c) => c.args.command === 'pytest -q');
    expect(tests).toHaveLength(10);
    expect(tests.every((c) => !c.result!.isError && c.result!.content.endsWith(' passed'))).toBe(true);
  });

  it('quote what is in the files: 32 distinct pages, then docs/api.md 13 times, with judge lines', async () => {
    const all = await lines('judge-recorded.loop.jsonl');
    const writes = all.flatMap((l) => l.calls ?? []).map((c) => c.args.path);
    expect(writes.slice(0, 32).every((p, i) => p === `docs/page-${i}.md`)).toBe(true);
    expect(writes.slice(32)).toEqual(Array(13).fill('docs/api.md'));
    expect(all.filter((l) => l.type === 'judge')).toHaveLength(4);
  });
});
