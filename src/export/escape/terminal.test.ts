import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from './hostile-strings.test-util';
import { terminalLine, terminalSink, terminalText } from './terminal';

describe('terminal text', () => {
  it('shows C0, DEL and C1 characters instead of sending them', () => {
    expect(terminalLine('t\x1b]52;c;cHduZWQ=\x07\u009b31m\x7f\nx\ty')).toBe(
      't\\u001b]52;c;cHduZWQ=\\u0007\\u009b31m\\u007f\\u000ax\\u0009y',
    );
    expect(terminalText('a\x1b[2J\nb\tc\r')).toBe('a\\u001b[2J\nb\tc\\u000d');
    expect(terminalLine('é ✓ 😀 \u2028')).toBe('é ✓ 😀 \u2028');
  });

  it('leaves JSON valid, with the same values', () => {
    const v = { title: 'a\u009b\x7fb', n: 1 };
    expect(JSON.parse(terminalText(JSON.stringify(v)))).toEqual(v);
  });

  it('property: no output code point is in C0 or C1 but newline and tab (none at all for a line)', () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        expect(terminalText(s)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
        expect(terminalLine(s)).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
      }),
      { numRuns: 1000, seed: 20261128 },
    );
  });

  it('a sink passes every write through terminalText', () => {
    let out = '';
    terminalSink({ write: (s: string) => (out += s) }).write('x\x1b[31my\n');
    expect(out).toBe('x\\u001b[31my\n');
  });
});
