import { describe, expect, it } from 'vitest';
import { Lazy } from './lazy';

describe('Lazy', () => {
  it('makes nothing until asked, then makes the value once and hands back that same value', () => {
    let made = 0;
    const lazy = new Lazy(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = lazy.get();
    expect(lazy.get()).toBe(first);
    expect(first).toEqual({ n: 1 });
    expect(made).toBe(1);
  });
});
