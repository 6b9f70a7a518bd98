import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config';
import { brief, call, eventsOf, failed, transcriptOf, type CallSpec, type TurnSpec } from '../test-util';

const on = (params: Record<string, unknown> = {}): EngineConfig => ({
  detectors: { 'no-progress': { enabled: true, actions: ['warn'], ...params } },
});
const events = (items: (CallSpec | CallSpec[] | string | TurnSpec)[], params?: Record<string, unknown>) =>
  eventsOf(transcriptOf(items), on(params), 'no-progress');
// recommended's settings.
const REC = { k: 3, window: 20, sameError: true, recurrence: 3, sameTarget: true };

const PARSER = '/workspace/ponylang__ponyc__0.1/src/libponyc/ast/parser.c';
const view = () =>
  call(
    'str_replace_editor',
    { command: 'view', path: PARSER },
    `Here's the result of running \`cat -n\` on ${PARSER}:\n     1\t#include "parserapi.h"`,
  );
const grep = (rule: string, line: number) =>
  call(
    'execute_bash',
    { command: `grep -n "${rule}" ${PARSER}` },
    `${line}:${rule}\n[The command completed with exit code 0.]`,
  );

describe('no-progress: an edit repeated word for word', () => {
  // SWE-agent shows the file after an edit, so re-inserting a line never gives the same result.
  const reinsert = (i: number) =>
    call(
      'edit',
      { args: '14:14', body: 'def format_date(d):\n    if d is None: return ""\n' },
      `[File: /repo/utils/dates.py (${41 + i} lines total)]\n14:def format_date(d):\n${'15:    if d is None: return ""\n'.repeat(i + 1)}File updated.`,
    );
  const repro = () =>
    failed(
      'python',
      { args: 'reproduce.py' },
      "Traceback (most recent call last):\nTypeError: format_date() missing 1 required positional argument: 'd'",
    );

  it('is no progress whatever its result: the 3rd copy of edit + reproduction fires', () => {
    const items = [reinsert(0), repro(), reinsert(1), repro(), reinsert(2), repro()];
    expect(brief(events(items, REC))).toEqual([[5, 'warn', 1]]);
    // Compared by result only (the edit is not a change tool by name), nothing repeats.
    const renamed = items.map((c) => (c.name === 'edit' ? { ...c, name: 'apply' } : c));
    expect(events(renamed, REC)).toEqual([]);
  });

  it('a change that succeeds after failed copies of itself is new', () => {
    const body = { args: '88:90', body: '    def get(self, url, timeout=None):\n' };
    const lint =
      'Your proposed edit has introduced new syntax error(s).\nERRORS:\n- E999 IndentationError: unexpected indent';
    const items = [
      failed('edit', body, lint),
      failed('edit', body, lint),
      call('edit', body, '[File: /repo/src/client.py (240 lines total)]\nFile updated.'),
      call('submit', {}, 'diff --git a/src/client.py b/src/client.py'),
    ];
    expect(events(items, { k: 2 })).toEqual([]);
  });
});

describe('no-progress recurrence: copies with new steps between', () => {
  it('a full view re-read between different greps fires at its 3rd copy (real OpenHands ponyc-4595)', () => {
    const items = [view(), grep('DECL(pattern);', 29), view(), grep('DEF(pattern);', 666), view()];
    expect(events(items, { ...REC, recurrence: 0 })).toEqual([]);
    const ev = events(items, REC);
    expect(brief(ev)).toEqual([[5, 'warn', 1]]);
    expect(ev[0].message).toContain(`1. str_replace_editor({"command":"view","path":"${PARSER}"})`);
  });

  it('a new successful edit between the copies starts the count again (tests re-run after different edits)', () => {
    const test = () =>
      failed(
        'execute_bash',
        { command: 'pytest -q tests/test_pages.py' },
        '1 failed, 2 passed\n[Command finished with exit code 1]',
      );
    const edit = (i: number) =>
      call(
        'str_replace_editor',
        { command: 'str_replace', path: '/workspace/pages.py', old_str: `v${i}`, new_str: `v${i + 1}` },
        'The file /workspace/pages.py has been edited.',
      );
    expect(events([test(), edit(0), test(), edit(1), test(), edit(2), test()], REC)).toEqual([]);
  });

  it('edits made through the shell count too: the same failing test after each `sed -i` stays quiet', () => {
    const test = () =>
      failed(
        'execute_bash',
        { command: 'python reproduce.py' },
        'AssertionError: 3 != 4\n[Command finished with exit code 1]',
      );
    const sed = (i: number) =>
      call(
        'execute_bash',
        { command: `sed -i 's/v${i}/v${i + 1}/' src/calc.py` },
        '[Command finished with exit code 0]',
      );
    expect(events([test(), sed(0), test(), sed(1), test(), sed(2), test()], REC)).toEqual([]);
    // A read-only command between the runs is no change: the 3rd identical failure fires.
    const look = (i: number) => call('execute_bash', { command: `sed -n ${i},+5p src/calc.py` }, `line ${i}`);
    expect(brief(events([test(), look(1), test(), look(7), test()], REC))).toEqual([[5, 'warn', 1]]);
  });

  it('rejected calls each followed by a successful edit stay quiet; rejected 3 times in a row fire', () => {
    const rejected = () =>
      failed(
        'str_replace_editor',
        { path: '/workspace/app.py' },
        "Missing required parameters for function 'str_replace_editor': {'command'}",
      );
    const fix = (fn: string) =>
      call(
        'str_replace_editor',
        { command: 'str_replace', path: '/workspace/app.py', old_str: `def ${fn}(`, new_str: `def ${fn}(*, ` },
        'The file /workspace/app.py has been edited.',
      );
    const storm = ['a', 'b', 'c', 'd'].flatMap((fn) => [rejected(), fix(fn)]);
    expect(events(storm, REC)).toEqual([]);
    expect(brief(events([fix('a'), rejected(), rejected(), rejected()], REC))).toEqual([[4, 'warn', 1]]);
  });

  it('a poll whose answer advances starts the count again: sleep between status checks stays quiet', () => {
    const items: CallSpec[] = [];
    for (let i = 0; i < 5; i++) {
      items.push(call('bash', { command: 'sleep 30' }, 'Exit code: 0'));
      items.push(call('bash', { command: 'gh run view 4821' }, `run 4821: ${i * 2} of 8 jobs done`));
    }
    expect(events(items, REC)).toEqual([]);
  });

  it('a new user request starts the count again; the same "Please continue." nudge does not', () => {
    const turn = (user: string): TurnSpec => ({
      calls: [call('apply_edit', { path: 'a.py' }, 'Applied edit to a.py')],
      before: [{ role: 'user', text: user }],
    });
    expect(events([turn('add a flag'), turn('now document it'), turn('and test it')], REC)).toEqual([]);
    const nudged = [turn('add a flag'), turn('Please continue.'), turn('Please continue.'), turn('Please continue.')];
    // The first nudge is a message not heard before; the next two are not: turns 2-4 are 3 copies.
    expect(brief(events(nudged, { ...REC, k: 4 }))).toEqual([[4, 'warn', 1]]);
  });
});

describe('no-progress sameTarget: failed edits of one region', () => {
  const attempt = (oldStr: string, newStr: string, error: string) =>
    failed(
      'str_replace_editor',
      { command: 'str_replace', path: '/workspace/match.c', old_str: oldStr, new_str: newStr },
      `ERROR: No replacement was performed. ${error}`,
    );
  const look = (n: number) =>
    call(
      'str_replace_editor',
      { command: 'view', path: '/workspace/match.c', view_range: [n, n + 5] },
      `${n}\tcase TK_MATCH_CAPTURE:`,
    );

  it('the same old_str with a new body each time, a look between: the 3rd failure fires', () => {
    const items = [
      attempt(
        'return pattern_type;',
        'if (a) x;\nreturn pattern_type;',
        'Multiple occurrences of old_str `return pattern_type;` in lines [317, 449].',
      ),
      look(312),
      attempt(
        'return pattern_type;',
        'if (b) y;\nreturn pattern_type;',
        'Multiple occurrences of old_str `return pattern_type;` in lines [317, 449].',
      ),
      look(315),
      attempt('return pattern_type;', 'if (c) z;\nreturn pattern_type;', 'Parameter `old_str` must be unique.'),
    ];
    expect(events(items, { ...REC, sameTarget: false })).toEqual([]);
    expect(brief(events(items, REC))).toEqual([[5, 'warn', 1]]);
  });

  it('another old_str each time is another region: quiet', () => {
    const items = [
      attempt('case TK_MATCH_CAPTURE:', 'x', 'old_str `case TK_MATCH_CAPTURE:` did not appear verbatim.'),
      attempt(
        'return pattern_type;',
        'y',
        'Multiple occurrences of old_str `return pattern_type;` in lines [317, 449].',
      ),
      attempt(
        'case TK_MATCH_DONTCARE:\n\treturn pattern_type;',
        'z',
        'old_str `case TK_MATCH_DONTCARE: return pattern_type;` did not appear verbatim.',
      ),
    ];
    expect(events(items, REC)).toEqual([]);
  });
});

describe('no-progress cycles: whole rounds', () => {
  const a = () => call('open', { path: 'Cache.java' }, '1:package app;');
  const b = () =>
    failed('edit', { args: '44:44', body: 'void evict() {' }, 'Your proposed edit has introduced new syntax error(s).');

  it('with cycles 3, an A-B cycle waits for its 3rd round; k = 2 alone fires on the 2nd', () => {
    expect(brief(events([a(), b(), a(), b()], { k: 2 }))).toEqual([[4, 'warn', 1]]);
    expect(events([a(), b(), a(), b()], { k: 2, cycles: 3 })).toEqual([]);
    expect(brief(events([a(), b(), a(), b(), a(), b()], { k: 2, cycles: 3 }))).toEqual([[6, 'warn', 1]]);
  });
});

describe('no-progress sameError: prose sent as a command, a new first word each time', () => {
  it('`I: command not found`, `Let: command not found`… are the same error', () => {
    const prose = ['I think the renderer is wrong.', 'Let me check the loader.', 'The loader uses a relative path.'];
    const items = prose.map((p, i) => {
      const [word, ...rest] = p.split(' ');
      return failed(word, { args: rest.join(' ') }, `/bin/bash: line ${213 + 4 * i}: ${word}: command not found`);
    });
    expect(brief(events(items, REC))).toEqual([[3, 'warn', 1]]);
    expect(events(items, { ...REC, sameError: false })).toEqual([]);
  });
});

describe('no-progress sameError: a failure must say something', () => {
  const miss = (pattern: string) =>
    failed(
      'execute_bash',
      { command: `grep -rn "${pattern}" /workspace/src` },
      '\n[The command completed with exit code 1.]\n[Current working directory: /workspace]\n[Python interpreter: /usr/bin/python]',
    );

  it('different searches that each find nothing (exit code 1, no message) are not the same error', () => {
    expect(events([miss('parseObject'), miss('parse_object'), miss('ObjectParser'), miss('JSONParser')], REC)).toEqual(
      [],
    );
  });

  it('the same search finding nothing 3 times is the same step repeated', () => {
    expect(brief(events([miss('parseObject'), miss('parseObject'), miss('parseObject')], REC))).toEqual([
      [3, 'warn', 1],
    ]);
  });
});

describe('no-progress: an edit answered with an error did not apply, whatever its flag', () => {
  it('editor ERROR: answers recorded with isError false are failed edits, not progress', () => {
    const view = call(
      'str_replace_editor',
      { command: 'view', path: '/workspace/pages.py' },
      '1\tdef paginate(items, size):',
    );
    const attempt = (oldStr: string) => ({
      name: 'str_replace_editor',
      args: {
        command: 'str_replace',
        path: '/workspace/pages.py',
        old_str: oldStr,
        new_str: 'range(0, len(items), size)',
      },
      result: {
        content: `ERROR: No replacement was performed, old_str \`${oldStr}\` did not appear verbatim in /workspace/pages.py.`,
        isError: false,
      },
    });
    // Copies that differ only in a space alternate; the 3rd identical copy fires. Read as
    // successful edits, the first of each kind would start the count again and nothing fires.
    const items = [
      view,
      attempt('len(items)-1,size'),
      attempt('len(items)-1, size'),
      attempt('len(items)-1,size'),
      attempt('len(items)-1, size'),
      attempt('len(items)-1,size'),
    ];
    expect(brief(events(items, REC))).toEqual([[6, 'warn', 1]]);
  });
});
