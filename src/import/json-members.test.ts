import { describe, expect, it } from 'vitest';
import { arrayElements, objectMembers } from './json-members';

const texts = (text: string, flat: number[]) =>
  Array.from({ length: flat.length / 2 }, (_, i) => text.slice(flat[2 * i], flat[2 * i + 1]));

describe('objectMembers and arrayElements', () => {
  it('find the members and elements a parse would give, strings with brackets and escapes included', () => {
    const text =
      ' {"a": 1, "t\\"x": "}", "trajectory" : [ {"s": "]\\\\"}, [1, [2]], "x", -1.5e3, true ] , "a": null }\n';
    const members = objectMembers(text)!;
    expect([...members.keys()]).toEqual(['a', 't"x', 'trajectory']);
    // A key given twice keeps its last value, as JSON.parse does.
    expect(text.slice(members.get('a')!.start, members.get('a')!.end)).toBe('null');
    const elements = texts(text, arrayElements(text, members.get('trajectory')!)!);
    expect(elements).toEqual(['{"s": "]\\\\"}', '[1, [2]]', '"x"', '-1.5e3', 'true']);
    expect(elements.map((e) => JSON.parse(e) as unknown)).toEqual(
      (JSON.parse(text) as { trajectory: unknown[] }).trajectory,
    );
  });

  it('give up on text that is not laid out as one object (the caller then parses it whole)', () => {
    expect(objectMembers('[1]')).toBeUndefined();
    expect(objectMembers('{"a": [1, 2}')).toBeUndefined();
    expect(objectMembers('{"a": "unclosed}')).toBeUndefined();
    expect(objectMembers('{"a": 1} {"b": 2}')).toBeUndefined();
    expect(arrayElements('[1 2]', { start: 0, end: 5 })).toBeUndefined();
    expect(objectMembers('{}')).toEqual(new Map());
  });
});
