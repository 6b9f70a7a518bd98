import { describe, expect, it } from 'vitest';
import type { ImportWarning } from '../model/transcript';
import { jsonProblem, parseJson } from './json-parse';
import { readTrajDocument } from './swe-agent-steps';

function read(text: string) {
  const warnings: ImportWarning[] = [];
  return { ...readTrajDocument(text, 'run.traj', warnings), warnings };
}

function error(text: string): string {
  try {
    const { steps } = read(text);
    for (let i = 0; i < steps.length; i++) steps.take(i);
  } catch (e) {
    return (e as Error).message;
  }
  return 'read';
}

describe('bounded memory: .traj steps are parsed one at a time', () => {
  it('parses the rest of the document whole and each step only when it is taken', () => {
    const { doc, steps } = read(
      '{"trajectory": [{"action": "ls"}, {"action": "pwd"}], "info": {"exit_status": "submitted"}}',
    );
    expect(doc).toEqual({ trajectory: [], info: { exit_status: 'submitted' } });
    expect(steps.length).toBe(2);
    const first = steps.take(0);
    expect(first).toEqual({ action: 'ls' });
    // A fresh object each time: nothing of a step is kept once the importer let it go.
    expect(steps.take(0)).not.toBe(first);
    expect(steps.take(1)).toEqual({ action: 'pwd' });
  });

  it('reports a broken step as the whole file would be reported, at its line and column', () => {
    const broken = '{"trajectory": [\n{"action": "ls"},\n{"action": ls}\n]}';
    let whole = '';
    try {
      parseJson(broken);
    } catch (e) {
      whole = `run.traj: ${jsonProblem(e)}`;
    }
    expect(error(broken)).toBe(whole);
    expect(error('{"trajectory": [\n{"action": "ls"},\n{"action": ls}\n]}')).toMatch(
      /^run\.traj: not valid JSON \(.*line 3 column 12/,
    );
  });

  it('counts the two levels above a step against the depth limit', () => {
    const step = (depth: number) => `{"trajectory": [{"observation": ${'['.repeat(depth)}${']'.repeat(depth)}}]}`;
    // Root object, trajectory list, step object: 3 levels above the observation's lists.
    expect(error(step(497))).toBe('read');
    expect(error(step(498))).toBe('run.traj: nested deeper than 500 levels');
  });

  it('reads a file with numbers too large to hold whole, and says so', () => {
    const { steps, warnings } = read('{"trajectory": [{"execution_time": 1e999}]}');
    expect(steps.take(0)).toEqual({ execution_time: null });
    expect(warnings).toHaveLength(1);
  });
});
