/**
 * The regex translator: every table pattern compiles in python3 and matches as JavaScript does on
 * the texts where the dialects part (Unicode spaces, `$` before a final newline, line ends other
 * than \n, non-ASCII under i); constructs it cannot translate throw at generation.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pyRegex, UntranslatableRegexError } from './python-regex';
import { PY_PATTERNS } from './python-tables';

/** For each pattern, for each text: where Python's search() matches (index, or -1). */
function pythonSearch(patterns: RegExp[], texts: string[]): number[][] {
  const script = [
    'import json, re, sys',
    'cases = json.loads(sys.stdin.read())',
    'out = []',
    'for src, flags in cases["patterns"]:',
    '    r = re.compile(src, eval(" | ".join(flags)))',
    '    out.append([(lambda m: m.start() if m else -1)(r.search(t)) for t in cases["texts"]])',
    'print(json.dumps(out))',
  ].join('\n');
  const patternsIn = patterns.map((re) => {
    const p = pyRegex(re);
    return [p.source, p.flags];
  });
  const out = execFileSync('python3', ['-c', script], {
    input: JSON.stringify({ patterns: patternsIn, texts }),
    encoding: 'utf8',
  });
  return JSON.parse(out) as number[][];
}

const jsSearch = (re: RegExp, t: string) => t.search(new RegExp(re.source, re.flags.replace('g', '')));

const TEXTS = [
  'bash: foo: command not found',
  'bash: foo: command not found\n',
  'cat: x: No such file or directory',
  '\u00a0\u2003Exit code: 1',
  'ValueError: bad\n',
  'ok\u2028  FAILED x',
  'x\r--- FAIL: TestA',
  '3 failed, 2 passed',
  'cat\u00a0-n a.txt',
  'cat a.txt',
  "cat <<'EOF'",
  'git -C repo status',
  'EXİT CODE: 1',
  'Error: nope',
  '\u2028',
  '',
  '| a | b |\u2028- item',
  '## title',
  '+-_=',
  '─────',
  'Please continue.\n',
  'Please continue.\u3000',
  'System: Potential loop detected',
  '[The command completed with exit code 1.]\r',
  'x\u2028Exit Code: 2\u2029',
  'User denied the tool use',
  'missing required parameter',
  '(<duration>) [<duration>]',
  'This session is being continued from a previous conversation',
  'ſ ſtatus K',
];

describe('JavaScript patterns in Python', () => {
  it('every table pattern matches in python3 where it matches in JavaScript, on texts where the dialects differ', () => {
    const patterns = PY_PATTERNS.flatMap(([, re]) => (re instanceof RegExp ? [re] : [...re]));
    const got = pythonSearch(patterns, TEXTS);
    expect(got).toEqual(patterns.map((re) => TEXTS.map((t) => jsSearch(re, t))));
  });

  it('translates the constructs that differ: \\s, ., $, ^ under m, named groups', () => {
    const probes: [RegExp, string[]][] = [
      [/^a\s+b$/, ['a\u00a0b', 'a b\n', 'a\u3000b']],
      [/a.b/, ['a\rb', 'a\u2028b', 'a-b']],
      [/^x$/m, ['y\rx\rz', 'y\u2029x', 'x\n']],
      [/(?<word>\w+)-\1/, ['ab-ab', 'ab-cd']],
      [/a.b/s, ['a\nb']],
      [/[^\s:]+:/, ['\u00a0abc:', 'a\u2000b:']],
    ];
    const texts = probes.flatMap(([, t]) => t);
    const got = pythonSearch(
      probes.map(([re]) => re),
      texts,
    );
    expect(got).toEqual(probes.map(([re]) => texts.map((t) => jsSearch(re, t))));
    expect(pyRegex(/(?<n>a)/).source).toBe('(?P<n>a)');
    expect(pyRegex(/[[(]?x[&&||~~]/).source).toBe('[\\[(]?x[\\&&\\||\\~~]');
    expect(pyRegex(/a$/).source).toBe('a\\Z');
    expect(pyRegex(/x/i).flags).toEqual(['re.A', 're.I']);
  });

  it('refuses what it cannot translate safely, naming the construct', () => {
    const refused: [RegExp, string][] = [
      [/(?<=a)b/, 'a lookbehind'],
      [/(?<!a)b/, 'a lookbehind'],
      [/\p{L}/u, 'the flag u'],
      [/(?<n>a)\k<n>/, 'a named back-reference'],
      [/[^\S]/, '\\S inside a character class'],
      [/[^]/, 'an empty class'],
      [/[+--]/, 'a -- inside a class'],
      [/\cJ/, 'a control escape'],
      [/é/i, 'a non-ASCII character under the i flag'],
      [/a/d, 'the flag d'],
    ];
    for (const [re, why] of refused) {
      expect(() => pyRegex(re)).toThrow(UntranslatableRegexError);
      expect(() => pyRegex(re)).toThrow(`cannot translate /${re.source}/ to Python: ${why}`);
    }
  });
});
