import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JUDGE_SYSTEM_PROMPT, JUDGE_TASK_PROMPT } from './prompt';

describe('docs/judge.md', () => {
  it('shows the exact prompt the judge sends', () => {
    const doc = readFileSync(new URL('../../../docs/judge.md', import.meta.url), 'utf8');
    expect(doc).toContain(JUDGE_SYSTEM_PROMPT);
    expect(doc).toContain(JUDGE_TASK_PROMPT);
  });
});
