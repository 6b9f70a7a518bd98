import { STABLE_NAMES } from '../engine/presets/stable-names.test-util';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../engine/config';
import { PRESETS } from '../engine/presets/index';
import { main } from './main';

function capture() {
  let text = '';
  return { out: { write: (s: string) => (text += s) }, text: () => text };
}

describe('loopscope presets --json', () => {
  it('lists every preset, the stable names first among them, each with its full config', async () => {
    const out = capture();
    const err = capture();
    expect(await main(['presets', '--json'], out.out, err.out)).toBe(0);
    const lines = out
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; what: string; source: string; config: unknown });
    expect(lines.map((l) => l.name)).toEqual(PRESETS.map((p) => p.name));
    for (const n of STABLE_NAMES) expect(lines.map((l) => l.name)).toContain(n);
    for (const l of lines) expect(l.config).toEqual(resolveConfig(PRESETS.find((p) => p.name === l.name)!));
    // Each with what it reproduces and the source its rules were read from.
    for (const l of lines) expect([l.name, l.what.length > 20, l.source.length > 10]).toEqual([l.name, true, true]);
    expect(lines.find((l) => l.name === 'openhands')?.source).toBe(
      'https://github.com/OpenHands/OpenHands/blob/331a1a43145f185f7596431e2a19668a0e0a6daa/openhands/controller/stuck.py',
    );
    expect(err.text()).toBe('');
  });

  it('the text listing names every detector, no-progress included, though no preset enables it', async () => {
    const out = capture();
    expect(await main(['presets'], out.out, capture().out)).toBe(0);
    expect(out.text()).toContain(
      '\nopencode\n  what: opencode: 3 identical calls in one response ask the user (doom_loop permission) before the call runs.\n' +
        '  source: https://github.com/sst/opencode/blob/31e22f65a23c498639b8cef24b90e6ae193cdcb6/packages/opencode/src/session/processor.ts\n',
    );
    // The ports of shipping detectors, each with its source at a commit.
    expect(out.text()).toContain(
      '\ncline\n  what: Cline: the same call 3 times in a row gets a warning; the 5th stops the task and asks the user (mistake limit).\n' +
        '  source: https://github.com/cline/cline/blob/592293271eb7762c63239991ab08dfbd57e6e28f/src/core/task/loop-detection.ts\n',
    );
    expect(out.text()).toContain(
      '\ncrush\n  what: Crush: one step (tool, input, output) more than 5 times among the last 10 steps stops the run.\n' +
        '  source: https://github.com/charmbracelet/crush/blob/248fc9c0a0c9bff328d4568652de2c79970a611a/internal/agent/loop_detection.go\n',
    );
    expect(out.text()).toContain(
      '  source: https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/services/loopDetectionService.ts\n',
    );
    expect(out.text()).toContain(
      '\n  identical-streak: The same call N times in a row: a warning at one count, a refusal or a stop at another.\n',
    );
    expect(out.text()).toContain(
      '\n  no-progress: k steps in a row whose (action, observation) pair was already seen in the window: a loop of any cycle length.\n',
    );
    const json = capture();
    await main(['presets', '--json'], json.out, capture().out);
    const first = JSON.parse(json.text().split('\n')[0]) as { config: { detectors: Record<string, unknown> } };
    expect(first.config.detectors['no-progress']).toEqual({
      enabled: false,
      window: 20,
      k: 4,
      sameError: true,
      cycles: 0,
      recurrence: 0,
      sameTarget: false,
      acrossChanges: 0,
      actions: ['warn', 'warn', 'terminate'],
      rawText: false,
    });
  });

  it('recommended is the default preset of detect', async () => {
    const out = capture();
    expect(
      await main(['detect', 'src/samples/missing-path-ls-loop.loop.jsonl', '--json'], out.out, capture().out),
    ).toBe(0);
    const viaDefault = out.text();
    const out2 = capture();
    await main(
      ['detect', 'src/samples/missing-path-ls-loop.loop.jsonl', '--json', '--preset', 'recommended'],
      out2.out,
      capture().out,
    );
    expect(viaDefault).toBe(out2.text());
    expect(JSON.parse(viaDefault).events.length).toBeGreaterThan(0);
  });
});
