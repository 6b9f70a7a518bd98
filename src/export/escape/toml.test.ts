import { describe, expect, it } from 'vitest';
import { tomlString, tomlStringBody } from './toml';

describe('TOML strings', () => {
  it('escapes quotes, backslashes, line breaks and control characters; writes U+FFFD for a lone surrogate', () => {
    expect(tomlString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(tomlStringBody('x\n[agent]\r\nauto_approve_all = true')).toBe('x\\n[agent]\\r\\nauto_approve_all = true');
    expect(tomlStringBody('\0\x1b\t\x7f\u0085\u2028é😀')).toBe('\\u0000\\u001B\\t\\u007F\\u0085\\u2028é😀');
    expect(tomlStringBody('\ud800x\udfff')).toBe('\\uFFFDx\\uFFFD');
  });
});
