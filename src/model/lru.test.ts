import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps at most its capacity, dropping the least recently set first', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3);
    expect(lru.keys()).toEqual(['b', 'c']);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(2);
  });

  it('moves a key read with get to the most recent place, so it outlives older ones', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.keys()).toEqual(['a', 'c']);
  });

  it('leaves the order alone on peek and has', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.peek('a')).toBe(1);
    expect(lru.has('a')).toBe(true);
    lru.set('c', 3);
    expect(lru.keys()).toEqual(['b', 'c']);
  });

  it('moves a key set again to the most recent place with its new value', () => {
    const lru = new Lru<string, number>(3);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 10);
    expect(lru.keys()).toEqual(['b', 'a']);
    expect(lru.peek('a')).toBe(10);
  });

  it('bounds the total weight with weigh, dropping as many old entries as the new one needs', () => {
    const lru = new Lru<string, string>(10, (s) => s.length);
    lru.set('a', 'xxxx');
    lru.set('b', 'xxx');
    lru.set('c', 'xx');
    expect(lru.weight).toBe(9);
    lru.set('d', 'xxxxxx');
    expect(lru.keys()).toEqual(['c', 'd']);
    expect(lru.weight).toBe(8);
  });

  it('does not keep a value heavier than the capacity, and drops the old value of its key', () => {
    const lru = new Lru<string, string>(5, (s) => s.length);
    lru.set('a', 'xx');
    lru.set('b', 'x');
    lru.set('a', 'xxxxxxx');
    expect(lru.keys()).toEqual(['b']);
    expect(lru.weight).toBe(1);
  });

  it('forgets a deleted key and its weight; clear empties it', () => {
    const lru = new Lru<string, string>(10, (s) => s.length);
    lru.set('a', 'xxx');
    lru.set('b', 'xx');
    expect(lru.delete('a')).toBe(true);
    expect(lru.delete('a')).toBe(false);
    expect(lru.weight).toBe(2);
    lru.clear();
    expect(lru.size).toBe(0);
    expect(lru.weight).toBe(0);
  });
});
