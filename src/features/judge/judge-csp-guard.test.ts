import { describe, expect, it } from 'vitest';
import { ensureJudgePolicy, judgePolicyFellBack, LOOPBACK_ONLY } from './judge-csp-guard';
import { cspAllows } from './judge-settings';

/** A head that keeps what is appended, found again by id like a document. */
function fakeDocument(existing: string | null) {
  const added: Record<string, string>[] = [];
  const doc = {
    head: { appendChild: (m: Record<string, string>) => added.push(m) },
    createElement: () => {
      const m: Record<string, string> = {};
      return Object.assign(m, {
        setAttribute: (k: string, v: string) => (m[k] = v),
        getAttribute: (k: string) => (k === 'content' ? m.content : m[k]),
        hasAttribute: (k: string) => k in m,
      });
    },
    getElementById: (id: string) =>
      id !== 'judge-csp'
        ? null
        : existing !== null
          ? { getAttribute: () => existing, hasAttribute: () => false }
          : (added.find((m) => m.id === id) ?? null),
  };
  return { doc: doc as unknown as Document, added };
}

describe('judge policy guard', () => {
  it('without judge-csp.js, adds the loopback-only policy: no remote endpoint is allowed', () => {
    const { doc, added } = fakeDocument(null);
    expect(cspAllows('https://api.example.test/v1', doc)).toBe(false);
    expect(judgePolicyFellBack(doc)).toBe(false);
    expect(ensureJudgePolicy(doc)).toBe(true);
    expect(judgePolicyFellBack(doc)).toBe(true);
    expect(added).toHaveLength(1);
    expect([added[0].id, added[0].httpEquiv, added[0].content]).toEqual([
      'judge-csp',
      'Content-Security-Policy',
      "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    ]);
    expect(added[0].content).toBe(LOOPBACK_ONLY);
    expect(cspAllows('https://api.example.test/v1', doc)).toBe(false);
    expect(cspAllows('http://127.0.0.1:11434/v1', doc)).toBe(true);
    // Run again (a second mount): nothing more is added.
    expect(ensureJudgePolicy(doc)).toBe(false);
    expect(added).toHaveLength(1);
  });

  it('leaves the policy judge-csp.js added alone', () => {
    const { doc, added } = fakeDocument("connect-src 'self' http://127.0.0.1:* http://localhost:* https://a.test");
    expect(ensureJudgePolicy(doc)).toBe(false);
    expect(added).toEqual([]);
    expect(judgePolicyFellBack(doc)).toBe(false);
  });
});
