import { describe, expect, it } from 'vitest';
import { exactFingerprint } from './fingerprint';
import { normalizeArgs, normalizeText } from './observation';

const same = (a: string, b: string) => expect(normalizeText(a)).toBe(normalizeText(b));
const differ = (a: string, b: string) => expect(normalizeText(a)).not.toBe(normalizeText(b));

describe('normalizeText masks volatile tokens', () => {
  it('shell line numbers of a persistent shell (SWE-agent, real snippet)', () => {
    same(
      '/bin/bash: line 11301: cd: fastjson/: No such file or directory',
      '/bin/bash: line 11316: cd: fastjson/: No such file or directory',
    );
    expect(normalizeText('/bin/bash: line 11301: cd: fastjson/: No such file or directory')).toBe(
      '/bin/bash: line <n>: cd: fastjson/: No such file or directory',
    );
    expect(normalizeText('sh: 1: foo: not found')).toBe('sh: <n>: foo: not found');
  });

  it('timestamps: ISO 8601, Common Log Format, syslog / date / ls -l, clock times', () => {
    expect(normalizeText('2026-11-25T00:56:03.123Z INFO start')).toBe('<time> INFO start');
    expect(normalizeText('2026-11-25 00:56:03,123 +0100 x')).toBe('<time> x');
    expect(normalizeText('[25/Nov/2026:00:56:03 +0000] "GET /"')).toBe('[<time>] "GET /"');
    expect(normalizeText('Wed Nov 25 00:56:03 UTC 2026')).toBe('<time>');
    expect(normalizeText('-rw-r--r-- 1 u u 120 Nov 25 00:56 a.py')).toBe('-rw-r--r-- 1 u u 120 <time> a.py');
    expect(normalizeText('[00:56:03] done')).toBe('[<time>] done');
  });

  it('timestamps in file names, where ":" cannot go (npm logs); dates alone and version-like names stay', () => {
    expect(
      normalizeText(
        'npm ERR! A complete log of this run can be found in: /home/dev/.npm/_logs/2025-03-01T10_10_00_123Z-debug-0.log',
      ),
    ).toBe('npm ERR! A complete log of this run can be found in: /home/dev/.npm/_logs/<time>-debug-0.log');
    expect(normalizeText('report-2025-03-01T10-10-00.html')).toBe('report-<time>.html');
    expect(normalizeText('backup-2025-03-01.tar and v2025-03-01T10')).toBe('backup-2025-03-01.tar and v2025-03-01T10');
  });

  it('durations', () => {
    expect(normalizeText('3 failed, 12 passed in 0.53s')).toBe('3 failed, 12 passed in <duration>');
    expect(normalizeText('took 3.2 seconds, 12 ms, 1h2m3s, real\t0m1.234s')).toBe(
      'took <duration>, <duration>, <duration>, real <duration>',
    );
  });

  it('hex addresses, UUIDs, PIDs and background job ids', () => {
    expect(normalizeText('<Foo object at 0x7f3a2b1c4d50>')).toBe('<Foo object at 0x<hex>>');
    expect(normalizeText('request 123e4567-e89b-12d3-a456-426614174000 failed')).toBe('request <uuid> failed');
    expect(normalizeText('server started, pid 1234; PID: 99')).toBe('server started, pid <pid>; PID: <pid>');
    expect(normalizeText('[1] 12345\n[1]+  Done   sleep 3')).toBe('[1] <pid>\n[1]+ Done sleep 3');
  });

  it('generated temp paths, but not temp files the agent named', () => {
    expect(normalizeText('wrote /tmp/tmpab12cd34/x.py')).toBe('wrote /tmp/<tmp>/x.py');
    expect(normalizeText('cd /tmp/tmp.Xa9sdKq2Lm')).toBe('cd /tmp/<tmp>');
    expect(normalizeText('/var/folders/zz/zyxvpxvq6csfxvn_n0000gn/T/foo')).toBe('/var/folders/<tmp>/foo');
    expect(normalizeText('/tmp/pytest-of-root/pytest-12/test_a0')).toBe('/tmp/pytest-of-<user>/pytest-<n>/test_a0');
    expect(normalizeText('python /tmp/reproduce.py > /tmp/tmpoutput')).toBe(
      'python /tmp/reproduce.py > /tmp/tmpoutput',
    );
  });

  it('ANSI escapes and whitespace runs (indentation kept)', () => {
    expect(normalizeText('\x1b[31mFAILED\x1b[0m tests/a.py')).toBe('FAILED tests/a.py');
    expect(normalizeText('  ls   -la  \r\n\n\n  x\t y \n')).toBe('ls -la\n  x y');
    same('ls  -la', 'ls -la');
    differ('if x:\n    return', 'if x:\n        return');
  });

  it('returns the very same string when there is nothing to mask', () => {
    const s = 'def f():\n    return 1';
    expect(normalizeText(s)).toBe(s);
  });
});

describe('normalizeText keeps real content apart', () => {
  it('different paths, line ranges, test counts, traceback lines, line:column, short constants', () => {
    differ('ls src/a', 'ls src/b');
    differ('view_range [1, 50]', 'view_range [51, 100]');
    differ('3 failed, 12 passed in 0.53s', '2 failed, 13 passed in 0.53s');
    differ('File "x.py", line 12, in f', 'File "x.py", line 14, in f');
    differ('src/x.ts:12:34: error', 'src/x.ts:13:34: error');
    differ('mask 0xFF', 'mask 0xFE');
    differ('commit 3f2a9c1', 'commit 9b7d0e4');
    differ('test_x[1] PASSED', 'test_x[2] PASSED');
    differ('released 2026-11-25', 'released 2026-11-26');
    differ('5m rows', '6m rows');
  });
});

describe('normalizeArgs', () => {
  it('normalises strings at any depth and keeps the object when nothing changes', () => {
    const a = { command: 'ls  -la ', opts: ['x', { t: 'in 0.5s' }] };
    expect(normalizeArgs(a)).toEqual({ command: 'ls -la', opts: ['x', { t: 'in <duration>' }] });
    const b = { path: 'src/a.ts', limit: 50 };
    expect(normalizeArgs(b)).toBe(b);
    expect(exactFingerprint('bash', normalizeArgs({ command: ' cd  x ' }))).toBe(
      exactFingerprint('bash', { command: 'cd x' }),
    );
  });
});
