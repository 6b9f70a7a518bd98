import { describe, expect, it } from 'vitest';
import type { DetectorEvent } from '../../engine/types';
import { WatchReport } from './watch-report';

function report(json: boolean) {
  let out = '';
  let err = '';
  const r = new WatchReport({ write: (s: string) => (out += s) }, { write: (s: string) => (err += s) }, json);
  return { r, out: () => out, err: () => err };
}

const hostile: DetectorEvent = {
  turn: 3,
  call: 4,
  detector: 'exact-repeat',
  action: 'terminate',
  level: 2,
  message:
    'Stop calling \u001b]52;c;cm0gLXJmIH4=\u0007rm\u009b31m:\n  1. rm({"path":"\u001b[2J"})\r\nDo something else.',
};

describe('WatchReport', () => {
  it('prints a message as text: control characters shown, never sent, its lines indented', () => {
    const { r, out } = report(false);
    expect(r.event('run.jsonl', { transcript: 0, title: 't', event: hostile })).toBe(true);
    expect(out()).toBe(
      'turn 3 call 4  exact-repeat  terminate (level 2)  Stop calling \\u001b]52;c;cm0gLXJmIH4=\\u0007rm\\u009b31m:\n' +
        '      1. rm({"path":"\\u001b[2J"})\\u000d\n' +
        '    Do something else.\n',
    );
  });

  it('prints an event once per session, whatever its title, and counts it in the summary', () => {
    const { r, out, err } = report(true);
    expect(r.event('a.jsonl', { transcript: 0, title: 'first title', event: hostile })).toBe(true);
    expect(r.event('a.jsonl', { transcript: 0, title: 'a later title', event: hostile })).toBe(false);
    expect(r.event('a.jsonl', { transcript: 1, title: 'another run in the file', event: hostile })).toBe(true);
    r.turns('a.jsonl', 9);
    expect(
      out()
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { transcript: string }).transcript),
    ).toEqual(['first title', 'another run in the file']);
    expect(r.summary()).toBe(
      'watched a.jsonl: 9 turns, 2 events (2 terminate), the run would stop at turn 3 (exact-repeat)',
    );
    r.warnings('a.jsonl', [{ file: 'a.jsonl', line: 2, reason: 'not valid JSON; skipped' }]);
    r.warnings('a.jsonl', [{ file: 'a.jsonl', line: 2, reason: 'not valid JSON; skipped' }]);
    expect(err()).toBe('warning: a.jsonl:2: not valid JSON; skipped\n');
  });

  it('sums up the other sessions a folder watch followed', () => {
    const { r } = report(true);
    r.event('old.jsonl', { transcript: 0, title: 't', event: { ...hostile, action: 'warn' } });
    r.turns('new.jsonl', 4);
    expect(r.summary()).toBe('watched new.jsonl: 4 turns, 0 events, no stop; 1 other session: 1 event');
  });
});
