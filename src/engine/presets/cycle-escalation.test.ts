import { describe, expect, it } from 'vitest';
import { brief, call, run, transcriptOf } from '../test-util';
import { presetByName } from '.';

const read = call('read_file', { path: 'src/auth.py' });
const edit = call('edit_file', { path: 'src/auth.py', old: 'a', new: 'b' });
const test = call('run_tests');

describe('preset cycle-escalation', () => {
  const preset = presetByName('cycle-escalation')!;

  it('stops a 3-call cycle at its fourth appearance', () => {
    const r = run(transcriptOf([read, edit, test, read, edit, test, read, edit, test, read, edit, test]), preset);
    expect(brief(r.events)).toEqual([
      [6, 'warn', 1],
      [9, 'warn', 2],
      [12, 'terminate', 3],
    ]);
    expect(r.stoppedAt).toEqual({ turn: 12, call: 12 });
  });

  it('stays silent on an edit-test session with different edits', () => {
    const items = [];
    for (let i = 0; i < 10; i++) items.push(call('edit_file', { path: 'a.py', new: String(i) }), test);
    const r = run(transcriptOf(items), preset);
    expect(r.events).toEqual([]);
    expect(r.stoppedAt).toBeNull();
  });
});
