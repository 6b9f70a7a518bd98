import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config';
import { brief, call, eventsOf, failed, transcriptOf, type CallSpec, type TurnSpec } from '../test-util';

const on = (params: Record<string, unknown> = {}): EngineConfig => ({
  detectors: { 'no-progress': { enabled: true, ...params } },
});
const events = (items: (CallSpec | CallSpec[] | string | TurnSpec)[], params?: Record<string, unknown>) =>
  eventsOf(transcriptOf(items), on(params), 'no-progress');

describe('no-progress: loops of any cycle length', () => {
  // SWE-agent's persistent shell numbers every line it reads; the format carries no error flag.
  const cdLoop = Array.from({ length: 22 }, (_, i) =>
    call(
      'bash',
      { command: 'cd fastjson/' },
      `/bin/bash: line ${11301 + 15 * i}: cd: fastjson/: No such file or directory`,
    ),
  );

  it('the same failing command 22 times, only the shell line number changing: every 4th repeat, escalating', () => {
    expect(brief(events(cdLoop))).toEqual([
      [5, 'warn', 1],
      [9, 'warn', 2],
      [13, 'terminate', 3],
      [17, 'terminate', 4],
      [21, 'terminate', 5],
    ]);
    const first = events(cdLoop)[0];
    expect(first.message).toBe(
      '⚠️ No progress: the last 4 steps each repeated an action and its result (or an error) seen within the 20 steps before it:\n' +
        '  1. bash({"command":"cd fastjson/"})\n' +
        'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.',
    );
    expect(first.pattern).toEqual(['bash:{"command":"cd fastjson/"}']);
  });

  it('rawText: the same run compared as recorded never repeats (each line number is new)', () => {
    expect(events(cdLoop, { rawText: true, sameError: false })).toEqual([]);
  });

  it('an A-B-C-A-B-C search cycle with the same observations fires at the third round', () => {
    const round = [
      call('open', { path: 'src/Parser.java' }, '[File: src/Parser.java (812 lines total)]\n1:package x;'),
      call('search_file', { term: 'parseObject' }, 'Found 3 matches for "parseObject" in src/Parser.java'),
      call('goto', { line: 412 }, '412:    public Object parseObject() {'),
    ];
    expect(brief(events([...round, ...round, ...round]))).toEqual([[7, 'warn', 1]]);
  });

  it('prose sent as a shell command: different text each time, the same error, fires on the 5th', () => {
    const prose = [
      'I will now look at the parser to understand the failure',
      'Let me check the tests first and then fix the bug',
      'Now I should open the file Parser.java and read it',
      'The next step is to run the tests again after (the fix)',
      'I am going to search for the method definition (parseObject)',
    ];
    // The shell stops at the parenthesis each time: the same error, the shell line number aside.
    const same = prose.map((command, i) =>
      call(
        'bash',
        { command: command + ' (x)' },
        `/bin/bash: line ${200 + i * 3}: syntax error near unexpected token \`('`,
      ),
    );
    expect(brief(events(same))).toEqual([[5, 'warn', 1]]);
    expect(events(same, { sameError: false })).toEqual([]);
  });

  it('text-only turns repeated with a user nudge between them are steps (turn-level events)', () => {
    const turn: TurnSpec = {
      text: 'I will now edit the file  to fix the bug.',
      before: [{ role: 'user', text: 'Please continue.' }],
    };
    const items = Array.from({ length: 5 }, (_, i) => ({ ...turn, text: i % 2 ? turn.text + ' ' : turn.text }));
    const ev = events(items);
    expect(ev.map((e) => [e.turn, e.call, e.action])).toEqual([[5, undefined, 'warn']]);
    expect(ev[0].message).toContain('1. text: "I will now edit the file to fix the bug."');
  });

  it('k steps of progress end the episode: the next loop starts at level 1', () => {
    const loop = Array.from({ length: 5 }, () => call('bash', { command: 'make' }, 'make: *** No rule to make target'));
    const work = Array.from({ length: 4 }, (_, i) => call('read', { path: `src/f${i}.c` }, `int f${i};`));
    const loop2 = Array.from({ length: 5 }, () => call('bash', { command: 'make all' }, 'make: *** No rule'));
    expect(brief(events([...loop, ...work, ...loop2]))).toEqual([
      [5, 'warn', 1],
      [14, 'warn', 1],
    ]);
  });
});

describe('no-progress: hard negatives stay quiet', () => {
  it('ls one directory deeper each time', () => {
    const dirs = [
      'src',
      'src/main',
      'src/main/java',
      'src/main/java/com',
      'src/main/java/com/alibaba',
      'src/main/java/com/alibaba/fastjson',
    ];
    expect(events(dirs.map((d, i) => call('bash', { command: `ls ${d}` }, `entry${i}  other${i}`)))).toEqual([]);
  });

  it('scroll_down x3, each observation different', () => {
    const items = [
      call('open', { path: 'Parser.java' }, '[File: Parser.java (812 lines total)]\n1:package x;'),
      ...[101, 201, 301].map((l) => call('scroll_down', {}, `${l}:    line ${l} of the parser`)),
    ];
    expect(events(items)).toEqual([]);
  });

  it('the same search while its hits shrink', () => {
    const items: CallSpec[] = [];
    for (let n = 6; n >= 1; n--) {
      items.push(call('grep', { pattern: 'oldName', path: 'src' }, `${n} matches`));
      items.push(call('edit', { path: `src/f${n}.ts`, old: 'oldName', new: 'newName' }, 'Edited'));
    }
    expect(events(items)).toEqual([]);
  });

  it('tests re-run after different edits, even when one run prints the same failure again', () => {
    const fail = 'FAILED tests/test_price.py::test_round - AssertionError\n1 failed, 9 passed in 0.53s';
    const items = [
      call('edit', { path: 'price.py', old: 'a', new: 'b' }, 'Edited'),
      failed('bash', { command: 'pytest' }, fail),
      call('edit', { path: 'price.py', old: 'b', new: 'c' }, 'Edited'),
      failed('bash', { command: 'pytest' }, fail.replace('0.53s', '0.61s')),
      call('edit', { path: 'price.py', old: 'c', new: 'd' }, 'Edited'),
      failed('bash', { command: 'pytest' }, fail.replace('0.53s', '0.49s')),
      call('edit', { path: 'price.py', old: 'd', new: 'e' }, 'Edited'),
      call('bash', { command: 'pytest' }, '10 passed in 0.50s'),
    ];
    expect(events(items)).toEqual([]);
  });

  it('task-list updates', () => {
    const lists = [['read', 'fix', 'test'], ['fix', 'test'], ['test'], ['test', 'commit'], ['commit']];
    const items = lists.map((todos) => call('todo_write', { todos }, 'Todos have been modified successfully'));
    expect(events(items)).toEqual([]);
  });

  it('reading consecutive regions of a file (view_range [1, 50], [51, 100], ...)', () => {
    const items = [0, 1, 2, 3, 4, 5].map((i) =>
      call(
        'str_replace_editor',
        { command: 'view', path: '/repo/Parser.java', view_range: [i * 50 + 1, i * 50 + 50] },
        `${i * 50 + 1}\tline ${i * 50 + 1}`,
      ),
    );
    expect(events(items)).toEqual([]);
  });
});
