/**
 * The Python module gives the engine's events on a crafted OpenHands run, where each check of
 * openhands-stuck fires on its own scenario: IPython syntax errors and edits, condensations,
 * empty responses, and the SDK's action-error nudge.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import { pythonModule } from './python-module';
import { engineEvents, np, python } from './python-module.test-util';

describe('Python module', () => {
  it("gives the engine's events on a crafted OpenHands run (IPython syntax errors and edits, condensations, empty responses)", async () => {
    const jupyter = '\n[Jupyter current working directory: /w]\n[Jupyter Python interpreter: /usr/bin/python]';
    const cell = (code: string, out: string, isError = false) => ({
      type: 'assistant',
      text: '',
      calls: [{ name: 'run_ipython', args: { code }, result: { content: out, isError } }],
    });
    const unterminated = '  File "x", line 1\nSyntaxError: unterminated string literal (detected at line 1)' + jupyter;
    const lines = [
      { type: 'user', text: 'Fix the parser.' },
      ...[1, 2, 3].map(() => cell("print('a)", unterminated)),
      ...[1, 2, 3].map(() =>
        cell(
          "edit_file_by_replace('p.py',\nto_replace='a',\nnew_content='b')",
          '[Your proposed edit has introduced new syntax error(s).]',
        ),
      ),
      // The same edit skill, place and 3rd line, other bodies: one action for stuck.py's _eq_no_pid.
      ...[1, 2, 3].map((i) =>
        cell(`edit_file_by_replace('p.py',\nto_replace='a',\nnew_content=\n"b${i}\n)`, unterminated),
      ),
      { type: 'system', text: 'summary 1', condensation: true },
      { type: 'system', text: 'summary 2', condensation: true },
      { type: 'assistant', text: '' },
      { type: 'assistant', text: '' },
      { type: 'assistant', text: ' ' },
      { type: 'user', text: 'Please continue.' },
      ...[1, 2, 3].map(() => cell('ls', 'p.py' + jupyter)),
      // The SDK's action-error nudge at the 3rd identical failure, stuck at the 4th.
      ...[1, 2, 3, 4].map(() => cell('boom()', 'NameError: boom', true)),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'loopscope-py-crafted-'));
    const file = join(dir, 'crafted.loop.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    // Every check of openhands-stuck out of reach (9) or off (0) but the one under test.
    const stuck = (s: Record<string, unknown>): EngineConfig => ({
      detectors: {
        'openhands-stuck': {
          actions: ['warn'],
          actionObservation: 9,
          actionError: 9,
          monologue: 9,
          alternatingPattern: 9,
          condensations: 0,
          emptyResponses: 0,
          ...s,
        },
      },
    });
    for (const config of [
      stuck({ actionError: 3 }),
      stuck({ condensations: 2 }),
      stuck({ emptyResponses: 3 }),
      stuck({
        flavour: 'sdk',
        actionErrorNudge: true,
        actions: ['terminate'], // the nudge warns, the stuck check terminates: told apart
        sinceLastUser: true,
        scanEvents: 20,
        actionError: 3,
      }),
      np({ k: 9, cycles: 0, recurrence: 3, sameTarget: true }),
    ]) {
      const expected = await engineEvents(config, [file]);
      // Each config fires on its scenario, so the port is compared on it.
      expect(expected[0].length).toBeGreaterThan(0);
      expect(python(pythonModule(config), [file], false)).toEqual(expected);
    }
  });
});
