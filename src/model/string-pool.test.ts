import { describe, expect, it } from 'vitest';
import { StringPool } from './string-pool';

describe('StringPool', () => {
  it('gives back an equal text, remembering each distinct text of 11 characters or more once', () => {
    const pool = new StringPool();
    const a = 'Exit code: 0\nall tests passed';
    expect(pool.share(a)).toBe(a);
    // A copy built at run time (as JSON.parse gives one) comes back equal.
    expect(pool.share(['Exit code: 0', 'all tests passed'].join('\n'))).toBe(a);
    expect(pool.share('short text')).toBe('short text');
    expect(pool.share('')).toBe('');
    expect(pool.size).toBe(1);
  });

  it('stops remembering new texts at its bound and still gives every text back unchanged', () => {
    const pool = new StringPool(2);
    const texts = ['first result text', 'second result text', 'third result text'];
    expect(texts.map((t) => pool.share(t))).toEqual(texts);
    expect(pool.size).toBe(2);
    expect(pool.share('third result text')).toBe('third result text');
  });

  it('never swaps one long text for another of the same length, head and tail', () => {
    const pool = new StringPool();
    const head = 'h'.repeat(100);
    const tail = 't'.repeat(100);
    const one = head + 'a'.repeat(20_000) + tail;
    const other = head + 'a'.repeat(9_999) + 'b' + 'a'.repeat(10_000) + tail;
    expect(pool.share(one)).toBe(one);
    const back = pool.share(other);
    expect(back.length).toBe(other.length);
    expect(back === other).toBe(true);
    expect(back.indexOf('b')).toBe(10_099);
    // An equal long text is shared.
    expect(pool.share(head + 'a'.repeat(20_000) + tail)).toBe(one);
    expect(pool.size).toBe(1);
  });
});
