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
    // An equal long text is shared; the other is remembered too (its key clashed with the first's).
    expect(pool.share(head + 'a'.repeat(20_000) + tail)).toBe(one);
    expect(pool.size).toBe(2);
  });

  it('shares a text whose sampled characters match another, different text', () => {
    const pool = new StringPool();
    // Same length, same first, last and spread characters: only the unsampled middle differs.
    const a = 'x'.repeat(40) + 'A' + 'x'.repeat(40);
    const b = 'x'.repeat(40) + 'B' + 'x'.repeat(40);
    pool.share(a);
    pool.share(b);
    const copyOfB = ['x'.repeat(40), 'B', 'x'.repeat(40)].join('');
    expect(pool.share(copyOfB)).toBe(b);
    expect(pool.share(copyOfB).indexOf('B')).toBe(40);
    expect(pool.size).toBe(2);
  });
});
