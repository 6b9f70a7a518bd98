import { describe, expect, it } from 'vitest';
import { parseJudgeBody } from './answer';

const fields = { unproductive_state_analysis: 'same call', unproductive_state_confidence: 0.92 };
const completion = (content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content } }],
    ...extra,
  });

describe('only a well-formed body counts as an answer', () => {
  it('a chat completion whose content is the judge object, alone or alone in one fenced block', () => {
    expect(
      parseJudgeBody(completion(JSON.stringify(fields), { usage: { prompt_tokens: 9, completion_tokens: 2 } })),
    ).toEqual({
      answer: { confidence: 0.92, analysis: 'same call' },
      usage: { input: 9, output: 2 },
    });
    expect(parseJudgeBody(completion('```json\n' + JSON.stringify(fields) + '\n```'))).toEqual({
      answer: { confidence: 0.92, analysis: 'same call' },
    });
    expect(parseJudgeBody(completion(JSON.stringify({ unproductive_state_confidence: 0 })))).toEqual({
      answer: { confidence: 0 },
    });
  });

  it('an HTML page that contains a valid answer is refused by name', () => {
    const page = `<!DOCTYPE html><html><body><pre>${completion(JSON.stringify(fields))}</pre></body></html>`;
    expect(parseJudgeBody(page)).toEqual({
      problem: 'malformed answer: the body is not JSON (it begins "<!DOCTYPE html><html><body><pre>{\\"object")',
    });
  });

  it('prose around the object, a confidence outside 0..1, a non-text analysis, no content: refused with the reason', () => {
    expect(parseJudgeBody(completion('Sure! ' + JSON.stringify(fields) + ' hope that helps'))).toEqual({
      problem: "malformed answer: the message content is not the judge's JSON object",
    });
    expect(parseJudgeBody(completion(JSON.stringify({ unproductive_state_confidence: 1.7 })))).toEqual({
      problem: 'malformed answer: unproductive_state_confidence 1.7 is outside 0..1',
    });
    expect(parseJudgeBody(completion(JSON.stringify({ unproductive_state_confidence: '0.9' })))).toEqual({
      problem: 'malformed answer (no numeric unproductive_state_confidence)',
    });
    expect(
      parseJudgeBody(
        completion(JSON.stringify({ unproductive_state_confidence: 0.5, unproductive_state_analysis: 5 })),
      ),
    ).toEqual({ problem: 'malformed answer: unproductive_state_analysis is not a string' });
    expect(parseJudgeBody(JSON.stringify({ choices: [] }))).toEqual({
      problem: 'malformed answer: the body is not a chat completion (no choices[0].message.content string)',
    });
    // The judge object itself as the whole body is not a chat completion either.
    expect(parseJudgeBody(JSON.stringify(fields))).toEqual({
      problem: 'malformed answer: the body is not a chat completion (no choices[0].message.content string)',
    });
  });
});
