/**
 * Beside bad-input.test.ts: configs, share links, parameter paths and `__proto__`
 * fields from hostile input. Each case asserts the exact message, and that nothing outside the
 * input changed (Object.prototype, the config passed in).
 */
import { deflateSync, strToU8 } from 'fflate';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main';
import { getParam, setParam, validateConfig } from '../engine/config';
import { presetByName } from '../engine/presets/index';
import { CONFIG_LIMITS, echoValue } from '../model/limits';
import { decodeConfig, encodeConfig, ShareLinkError } from '../persistence/share-link';
import { importSource } from './index';
import { jsonErrorOffset } from './json-error-offset';
import { parseJson } from './json-parse';
import { sourceFromText } from './source';
import { writeLoopscopeJsonl } from './write-loopscope-jsonl';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const dir = mkdtempSync(join(tmpdir(), 'loopscope-hostile-'));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { write: (s: string) => (out += s) }, { write: (s: string) => (err += s) });
  return { code, out, err };
}

function validationError(raw: unknown): string {
  try {
    validateConfig(raw);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

const RUN = join(dir, 'run.loop.jsonl');
writeFileSync(
  RUN,
  ['{"type":"meta","version":1,"title":"t"}', '{"type":"assistant","calls":[{"name":"ls"}]}'].join('\n'),
);

describe('share links', () => {
  it('a 520 KB link is refused before it is decoded, at once', () => {
    const payload = 'A'.repeat(520 * 1024);
    const t0 = performance.now();
    expect(() => decodeConfig(payload)).toThrow(
      'the config in this link is 532,480 characters, over the 16,384-character limit for a link (save the config to a file and load it instead)',
    );
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('a small payload that inflates past the limit is stopped while inflating', () => {
    // 64 MiB of spaces deflate to about 64 KiB... too long for a link; 1 MiB deflates to ~1 KiB.
    const bomb = b64url(deflateSync(new Uint8Array(1024 * 1024).fill(32), { level: 9 }));
    expect(bomb.length).toBeLessThan(CONFIG_LIMITS.linkChars);
    expect(() => decodeConfig(bomb)).toThrow(
      'the config in this link inflates to more than 256 KiB, the limit for a config',
    );
  });

  it('a 7 MB name is stopped while inflating; a 300-character name is refused without echoing it', () => {
    const huge = b64url(
      deflateSync(strToU8(JSON.stringify({ name: 'n'.repeat(7 << 20), detectors: {} })), { level: 9 }),
    );
    expect(huge.length).toBeLessThan(CONFIG_LIMITS.linkChars);
    expect(() => decodeConfig(huge)).toThrow(
      'the config in this link inflates to more than 256 KiB, the limit for a config',
    );
    const long = b64url(deflateSync(strToU8(JSON.stringify({ name: 'n'.repeat(300), detectors: {} }))));
    expect(() => decodeConfig(long)).toThrow(
      new ShareLinkError('the config in this link is invalid: name: is 300 characters, over the 200-character limit'),
    );
  });

  it('a real config still round-trips', () => {
    const c = presetByName('recommended')!;
    expect(decodeConfig(encodeConfig(c))).toEqual(c);
  });
});

describe('config validation', () => {
  it('min > max pairs are refused naming both fields', () => {
    expect(validationError({ detectors: { pattern: { minPatternLength: 6, maxPatternLength: 4 } } })).toBe(
      'detectors.pattern.minPatternLength: is 6, greater than detectors.pattern.maxPatternLength (4); the detector would never fire',
    );
    expect(validationError({ detectors: { 'doom-loop': { warningAt: 9, criticalAt: 5 } } })).toBe(
      'detectors.doom-loop.warningAt: is 9, greater than detectors.doom-loop.criticalAt (5); the detector would never fire',
    );
    expect(validationError({ detectors: { 'llm-judge': { minInterval: 20, maxInterval: 3 } } })).toBe(
      'detectors.llm-judge.minInterval: is 20, greater than detectors.llm-judge.maxInterval (3); the detector would never fire',
    );
    expect(validationError({ detectors: { pattern: { minPatternLength: 4, maxPatternLength: 4 } } })).toBe('accepted');
  });

  it('a deeply nested value is refused in one short line', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(validationError({ detectors: { pattern: { windowSize: deep } } })).toBe(
      'config: nests deeper than 16 levels (a config needs 5)',
    );
  });

  it('values and keys are echoed at most 80 characters', () => {
    const msg = validationError({ detectors: { pattern: { windowSize: 'x'.repeat(1_000_000) } } });
    expect(msg).toBe(`detectors.pattern.windowSize: must be an integer, got "${'x'.repeat(79)}…`);
    expect(validationError({ ['k'.repeat(1000)]: 1, detectors: {} })).toBe(
      `${'k'.repeat(80)}…: unknown field (known: name, basedOn, countAction, ignoreTextualCalls, detectors)`,
    );
    expect(echoValue([[[[1]]], 'a'])).toBe('[[…],"a"]');
  });

  it('parameter paths read and write own, known fields only', () => {
    const c = presetByName('recommended')!;
    expect(() => setParam(c, 'detectors.__proto__.toString', 5)).toThrow(
      /^detectors\.__proto__: unknown detector \(known: /,
    );
    expect(() => setParam(c, 'detectors.pattern.constructor', 5)).toThrow(
      /^detectors\.pattern\.constructor: unknown parameter \(known: /,
    );
    expect(() => getParam(c, '__proto__')).toThrow(
      '__proto__: a parameter path is detectors.<detector-id>.<parameter>',
    );
    expect(Object.getOwnPropertyDescriptor(Object.prototype, 'toString')?.value).toBeTypeOf('function');
    expect(String({})).toBe('[object Object]');
  });
});

describe('the CLI on hostile configs (exit 2, one line, Object.prototype untouched)', () => {
  it('sweep --param detectors.__proto__.toString', async () => {
    const r = await cli('sweep', RUN, '--param', 'detectors.__proto__.toString', '--values', '5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^loopscope: --param detectors\.__proto__: unknown detector \(known: [a-z, -]+\)\n$/);
    expect(typeof ({} as { toString: unknown }).toString).toBe('function');
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, '5')).toBe(false);
  });

  it('a deeply nested config file', async () => {
    const file = join(dir, 'deep.json');
    writeFileSync(file, `{"detectors":{"pattern":{"windowSize":${'['.repeat(200_000)}${']'.repeat(200_000)}}}}`);
    const r = await cli('detect', RUN, '--config', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`loopscope: ${file}: config: nests deeper than 16 levels (a config needs 5)\n`);
  });

  it('a config file over 1 MiB is refused before it is read', async () => {
    const file = join(dir, 'big-name.json');
    writeFileSync(file, JSON.stringify({ name: 'n'.repeat(7 * 1024 * 1024), detectors: {} }));
    const r = await cli('detect', RUN, '--config', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${file}: 7 MiB, over the 1 MiB limit for a config file (raise it with --max-config-mb)\n`,
    );
  });

  it('--max-config-mb raises the file limit; the name limit still holds', async () => {
    const file = join(dir, 'big-name-2.json');
    writeFileSync(file, JSON.stringify({ name: 'n'.repeat(7 * 1024 * 1024), detectors: {} }));
    const r = await cli('detect', RUN, '--config', file, '--max-config-mb', '8');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`loopscope: ${file}: name: is 7340032 characters, over the 200-character limit\n`);
    const bad = await cli('detect', RUN, '--max-entry-mb', 'lots');
    expect(bad.err).toBe('loopscope: --max-entry-mb must be a positive number of MiB, got "lots"\n');
  });

  it('a config name over 200 characters', async () => {
    const file = join(dir, 'long-name.json');
    writeFileSync(file, JSON.stringify({ name: 'n'.repeat(300), detectors: {} }));
    const r = await cli('detect', RUN, '--config', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`loopscope: ${file}: name: is 300 characters, over the 200-character limit\n`);
  });

  it('a config that is not JSON names the line and column', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "detectors": {},\n}\n');
    const r = await cli('detect', RUN, '--config', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${file}: not valid JSON (Expected double-quoted property name in JSON at position 21 (line 3 column 1))\n`,
    );
  });
});

describe('__proto__ in unknown fields', () => {
  it('survives a convert round trip as data, and sets no prototype', async () => {
    const text = [
      '{"type":"meta","version":1,"title":"p","__proto__":{"polluted":true}}',
      '{"type":"assistant","calls":[{"name":"ls","__proto__":{"x":1}}],"__proto__":{"y":2}}',
    ].join('\n');
    const { transcripts } = await importSource(sourceFromText('p.loop.jsonl', text));
    const t = transcripts[0];
    expect(Object.getPrototypeOf(t.extra)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(t.extra, '__proto__')?.value).toEqual({ polluted: true });
    expect((t.extra as { polluted?: unknown }).polluted).toBeUndefined();
    const out = writeLoopscopeJsonl(t);
    expect(out.split('\n')[0]).toBe(
      '{"type":"meta","__proto__":{"polluted":true},"version":1,"title":"p","source":"p.loop.jsonl"}',
    );
    expect(out.split('\n')[1]).toBe(
      '{"type":"assistant","__proto__":{"y":2},"calls":[{"__proto__":{"x":1},"name":"ls","args":{}}]}',
    );
  });
});

describe('line length', () => {
  it('a line over the limit is refused while it is read, naming file and line', async () => {
    const text = ['{"type":"meta","version":1,"title":"t"}', `{"type":"assistant","text":"${'x'.repeat(5000)}"}`].join(
      '\n',
    );
    const ctx = { limits: { lineChars: 4096 } };
    const e = await importSource(sourceFromText('long.loop.jsonl', text, ctx), ctx).catch((x: unknown) => x);
    expect((e as Error).message).toBe(
      'long.loop.jsonl:2: the line is over the 4 KiB limit for one line (raise it with --max-line-mb)',
    );
  });

  it('the CLI takes --max-line-mb', async () => {
    const file = join(dir, 'long.loop.jsonl');
    writeFileSync(
      file,
      `{"type":"meta","version":1,"title":"t"}\n{"type":"assistant","text":"${'x'.repeat(200_000)}"}\n`,
    );
    const r = await cli('detect', file, '--max-line-mb', '0.1');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `loopscope: ${file}:2: the line is over the 102.4 KiB limit for one line (raise it with --max-line-mb)\n`,
    );
  });
});

describe('JSON errors name the line and column', () => {
  it('a whole document', () => {
    expect(() => parseJson('{\n  "a": 1,\n}')).toThrow(
      'Expected double-quoted property name in JSON at position 12 (line 3 column 1)',
    );
  });

  it('where V8 quotes the text instead of giving a position: found by a scan, on one line', () => {
    expect(() => parseJson('{\n  "messages": [\n    {"role": "user"},\n  ]\n}\n')).toThrow(
      'Unexpected token \']\', ..."user"},\\n  ]\\n}\\n" is not valid JSON (line 4 column 3)',
    );
  });

  it.each([
    ['{"a":1}', undefined],
    [' [1, "x", true, null, {}, [], -2.5e3] ', undefined],
    ['{"a":1,}', 7],
    ['[1,]', 3],
    ['{"a" 1}', 5],
    ['{"a":tru}', 5],
    ['"abc', 4],
    ['"a\\qb"', 2],
    ['[1] x', 4],
    ['{"a":[1,2}', 9],
    ['', 0],
    ['[', 1],
  ])('the first bad character of %j is at %s', (text, at) => {
    expect(jsonErrorOffset(text)).toBe(at);
  });
});
