import { describe, expect, it } from 'vitest';
import { distinctEnds, fileLabels } from './file-labels';

const M = 'marshmallow-code__marshmallow-1867.traj';

describe('runs that share a title are told apart by their files', () => {
  it('shows the folder that differs, not the whole path, for one file name in several folders', () => {
    expect(
      fileLabels([
        { id: 1, title: 'marshmallow-1867', fileName: `demos/replay__default/${M}` },
        { id: 2, title: 'flash', fileName: 'demos/ctf/flash.traj' },
        { id: 3, title: 'marshmallow-1867', fileName: `demos/replay__function_calling/${M}` },
        { id: 4, title: 'marshmallow-1867', fileName: 'other/m.traj' },
      ]),
    ).toEqual(
      new Map([
        [1, `replay__default/${M}`],
        [3, `replay__function_calling/${M}`],
        [4, 'm.traj'],
      ]),
    );
  });

  it('names no run whose title is its own', () => {
    expect(fileLabels([{ id: 1, title: 'a', fileName: 'x/a.jsonl' }]).size).toBe(0);
  });

  it('keeps the whole path when two runs have the same file (dropped twice)', () => {
    expect(distinctEnds(['a/b.traj', 'a/b.traj', 'c/b.traj'])).toEqual(['a/b.traj', 'a/b.traj', 'c/b.traj']);
    expect(distinctEnds(['runs\\gpt4\\t.traj', 'runs\\claude\\t.traj'])).toEqual(['gpt4/t.traj', 'claude/t.traj']);
  });
});
