/**
 * Snippets carry user strings only through the escapers: a tool name in the crustly TOML stays
 * inside its comment (no key or table added), a file name in the CLI command stays one word.
 * tomllib (python3) and bash read what a user would paste, every case of a property in one process.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveConfig, type EngineConfig } from '../../engine/config';
import { presetByName } from '../../engine/presets/index';
import { hostileString } from '../../export/escape/hostile-strings.test-util';
import { cliSnippet, crustlySnippet } from './snippets';

const crustly = presetByName('crustly')!;

function withTools(exploration: string[], modification: string[]): EngineConfig {
  return {
    ...crustly,
    detectors: {
      'consecutive-repeat': {
        ...crustly.detectors['consecutive-repeat'],
        explorationTools: exploration,
        modificationTools: modification,
      },
    },
  };
}

/** Each TOML text parsed by tomllib: its tables and keys, and each comment read back as a string. */
function readToml(texts: string[]): { doc: unknown; comments: string[] }[] {
  const script = [
    'import json, sys, tomllib',
    'out = []',
    'for t in json.load(sys.stdin):',
    '    doc = tomllib.loads(t)',
    '    notes = [l.split("  # ", 1)[1] for l in t.split("\\n") if "  # " in l]',
    '    out.append({"doc": doc, "comments": [tomllib.loads(\'v = "\' + n + \'"\')["v"] for n in notes]})',
    'print(json.dumps(out))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' }));
}

/** A lone surrogate cannot be written in UTF-8: TOML has U+FFFD there, as an encoder writes it. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const TABLE = {
  agent: {
    loop_detection: { exploration_threshold: 10, modification_threshold: 2, default_threshold: 3, buffer_size: 15 },
  },
};

describe('snippet escaping', () => {
  it('the crustly TOML snippet takes a tool name with a newline: it stays in the comment, no key is added', () => {
    const text = crustlySnippet(resolveConfig(withTools(['ls\n[agent]\nauto_approve_all = true'], ['write'])))!;
    expect(text.split('\n')).toEqual([
      '# crustly.toml',
      '[agent.loop_detection]',
      'exploration_threshold = 10  # ls\\n[agent]\\nauto_approve_all = true',
      'modification_threshold = 2  # write',
      'default_threshold = 3',
      'buffer_size = 15',
    ]);
    expect(readToml([text])).toEqual([{ doc: TABLE, comments: ['ls\n[agent]\nauto_approve_all = true', 'write'] }]);
  });

  it('property: any tool names leave the crustly TOML with its four keys and read back from its comments', () => {
    const cases = fc.sample(
      fc.record({ a: fc.array(hostileString, { maxLength: 3 }), b: fc.array(hostileString, { maxLength: 3 }) }),
      { numRuns: 200, seed: 20261128 },
    );
    const read = readToml(cases.map((c) => crustlySnippet(resolveConfig(withTools(c.a, c.b)))!));
    const shown = (names: string[]) => wellFormed(names.join(', ')) || 'none';
    expect(read).toEqual(cases.map((c) => ({ doc: TABLE, comments: [shown(c.a), shown(c.b)] })));
  });

  it('property: the CLI snippet keeps any file name one shell word, control characters escaped', () => {
    // NUL cannot be in an argument; the shell reads the snippet's word back as the name.
    const names = fc.sample(
      hostileString.filter((s) => s !== '' && !s.includes('\0')),
      { numRuns: 200, seed: 20261128 },
    );
    const lines = names.map((n) => cliSnippet(n, crustly, 'crustly', crustly).split('\n'));
    expect(lines.every((l) => l.length === 2 && !/[\x00-\x1f\x7f-\x9f]/.test(l.join('')))).toBe(true);
    // Every word is read by bash as one argument equal to the name (as UTF-8 bytes).
    const script = lines.map((l) =>
      l[0].replace(/^npx loopscope detect /, "printf '%s\\0' ").replace(/ --preset crustly$/, ''),
    );
    const out = execFileSync('bash', ['-c', script.join('\n')]);
    const expected = Buffer.concat(names.map((n) => Buffer.from(`${n}\0`, 'utf8')));
    expect(out.equals(expected)).toBe(true);
  });
});
