import { describe, expect, it } from 'vitest';
import type { DetectorSettings, EngineConfig } from '../config';
import { brief, call, eventsOf, failed, transcriptOf } from '../test-util';
import { bashCascadePrompt } from './bash-failure-cascade';

const cfg = (params: Partial<DetectorSettings> = {}): EngineConfig => ({
  detectors: { 'bash-failure-cascade': params },
});
const bad = (command: string, content = 'Exit code: 1') => call('bash', { command }, content);

describe('bash-failure-cascade (the doom-loop design)', () => {
  it('three consecutive failing commands get the cascade prompt, and every further one', () => {
    const t = transcriptOf([bad('npm install'), bad('npm ci'), bad('yarn install'), bad('pnpm install')]);
    const ev = eventsOf(t, cfg(), 'bash-failure-cascade');
    expect(brief(ev)).toEqual([
      [3, 'warn', 1],
      [4, 'warn', 2],
    ]);
    expect(ev[0].message).toBe(
      '[System] 3 consecutive shell commands have failed. Stop and:\n' +
        "1. Explain what you're trying to accomplish\n" +
        '2. Try a DIFFERENT approach or tool\n' +
        '3. Do not run another command of the same kind until you know why these failed',
    );
  });

  it('failing file operations are redirected to write_file / edit_file / read_file', () => {
    const t = transcriptOf([
      bad('cat src/missing.ts', 'cat: src/missing.ts: No such file or directory'),
      failed('bash', { command: "sed -i 's/a/b/' src/x.ts" }),
      failed('bash', { command: "cat <<'EOF' > src/new.ts" }),
    ]);
    const ev = eventsOf(t, cfg(), 'bash-failure-cascade');
    expect(brief(ev)).toEqual([[3, 'warn', 1]]);
    expect(ev[0].message).toBe(
      '[System] 3 consecutive shell commands have failed while doing file operations.\n' +
        'Stop using the shell for files. Use the file tools instead:\n' +
        '- read a file: read_file (instead of cat/head/tail)\n' +
        '- create a file: write_file (instead of echo/cat with a redirect or a heredoc)\n' +
        '- change a file: edit_file (instead of sed/awk)\n' +
        'Switch to these tools now.',
    );
    expect(ev[0].message).toBe(bashCascadePrompt(3, true));
  });

  it('a succeeding command resets the count; other tools do not touch it', () => {
    const ok = call('bash', { command: 'ls' }, 'a.ts\nExit code: 0');
    expect(eventsOf(transcriptOf([bad('a'), bad('b'), ok, bad('c'), bad('d')]), cfg(), 'bash-failure-cascade')).toEqual(
      [],
    );
    const read = call('read_file', { path: 'a.ts' }, 'x');
    expect(
      brief(
        eventsOf(
          transcriptOf([bad('a'), read, bad('b'), failed('edit_file', {}), bad('c')]),
          cfg(),
          'bash-failure-cascade',
        ),
      ),
    ).toEqual([[5, 'warn', 1]]);
  });

  it('commands without a result and outputs without an error do not count', () => {
    const t = transcriptOf([
      bad('a'),
      bad('b'),
      call('bash', { command: 'c' }),
      call('bash', { command: 'd' }, 'done'),
    ]);
    expect(eventsOf(t, cfg(), 'bash-failure-cascade')).toEqual([]);
  });
});
