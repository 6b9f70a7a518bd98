/**
 * `loopscope` over a project as it sits on disk: its `.specstory/` folder is walked (the one
 * hidden folder that is), `.git/` is not, and SpecStory's own hidden note is left out.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './run-cli.test-util';

const EXCERPT = resolve(__dirname, '../import/fixtures/specstory/claude-code-pr-review.excerpt.md');
const project = mkdtempSync(join(tmpdir(), 'loopscope-specstory-'));
mkdirSync(join(project, '.specstory/history'), { recursive: true });
mkdirSync(join(project, '.git'));
copyFileSync(EXCERPT, join(project, '.specstory/history/2026-03-02_22-30-03Z-actually-4-and-7.md'));
writeFileSync(join(project, '.specstory/.what-is-this.md'), '# SpecStory Artifacts Directory\n');
writeFileSync(join(project, '.git/HEAD'), 'ref: refs/heads/main\n');

describe('loopscope over a project with a .specstory folder', () => {
  it('imports each chat of .specstory/history and leaves .git unread', async () => {
    const r = await cli('detect', '--json', project);
    expect(r.code).toBe(0);
    const records = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; format: string; calls: number });
    expect(records.map((x) => [x.file.replace(`${project}/`, ''), x.format, x.calls])).toEqual([
      ['.specstory/history/2026-03-02_22-30-03Z-actually-4-and-7.md', 'specstory', 6],
    ]);
    // Hidden files are left out of the walk unread, as everywhere in the CLI.
    expect(r.err).toBe('');
  });
});
