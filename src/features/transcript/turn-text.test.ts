import { describe, expect, it } from 'vitest';
import { turnReasoning, withoutBlankEdges } from './turn-text';

describe('withoutBlankEdges', () => {
  it("drops the blank lines Claude Code writes before a message, keeping the first line's indentation", () => {
    expect(withoutBlankEdges('\n\n\n\nLet me check the current state.')).toBe('Let me check the current state.');
    expect(withoutBlankEdges(' \t\r\n  indented\n  body\n\n  \n')).toBe('  indented\n  body');
    expect(withoutBlankEdges('a\n\nb')).toBe('a\n\nb');
    expect(withoutBlankEdges('\n \n')).toBe('');
  });
});

describe('turnReasoning', () => {
  it('reads reasoning, else thinking, and nothing when both are absent, blank or not text', () => {
    expect(turnReasoning({ extra: { thinking: '\nThe user has merge conflicts.\n' } })).toBe(
      'The user has merge conflicts.',
    );
    expect(turnReasoning({ extra: { reasoning: 'plan A', thinking: 'plan B' } })).toBe('plan A');
    expect(turnReasoning({ extra: { reasoning: '  \n', thinking: 'plan B' } })).toBe('plan B');
    expect(turnReasoning({ extra: { thinking: { text: 'x' } } })).toBeUndefined();
    expect(turnReasoning({})).toBeUndefined();
  });
});
