import { describe, expect, it } from 'vitest';
import { parsePresent, withPresent } from './present-link';

describe('presenter mode in the address', () => {
  it('reads ?present and ?present=<sample>, with or without the extension', () => {
    expect(parsePresent('')).toEqual({ on: false, sample: null });
    expect(parsePresent('?bench')).toEqual({ on: false, sample: null });
    expect(parsePresent('?present')).toEqual({ on: true, sample: null });
    expect(parsePresent('?present=')).toEqual({ on: true, sample: null });
    expect(parsePresent('?present=missing-path-ls-loop')).toEqual({
      on: true,
      sample: 'missing-path-ls-loop.loop.jsonl',
    });
    expect(parsePresent('?x=1&present=same-error-forever.loop.jsonl')).toEqual({
      on: true,
      sample: 'same-error-forever.loop.jsonl',
    });
  });

  it('adds and removes ?present, keeping the rest of the address and the fragment', () => {
    expect(withPresent('http://h:1/#/t/3/turn/7', true)).toBe('http://h:1/?present#/t/3/turn/7');
    expect(withPresent('http://h:1/?present#/t/3/turn/7', false)).toBe('http://h:1/#/t/3/turn/7');
    expect(withPresent('http://h:1/?bench#/', true)).toBe('http://h:1/?bench&present#/');
    expect(withPresent('http://h:1/?bench&present#/', false)).toBe('http://h:1/?bench#/');
    // A sample name already asked for stays while presenting and goes when leaving.
    expect(withPresent('http://h:1/?present=judge-recorded#/t/2/turn/1', true)).toBe(
      'http://h:1/?present=judge-recorded#/t/2/turn/1',
    );
    expect(withPresent('http://h:1/?present=judge-recorded#/t/2/turn/1', false)).toBe('http://h:1/#/t/2/turn/1');
  });
});
