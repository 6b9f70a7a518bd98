import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bashFileRead, canonicalJson, exactFingerprint, primaryFingerprint } from './fingerprint';

describe('exactFingerprint', () => {
  it('does not depend on key order, at any depth', () => {
    const a = exactFingerprint('edit_file', { path: 'a.ts', edit: { old: 'x', new: 'y' }, opts: [1, { b: 2, a: 1 }] });
    const b = exactFingerprint('edit_file', { opts: [1, { a: 1, b: 2 }], edit: { new: 'y', old: 'x' }, path: 'a.ts' });
    expect(a).toBe(b);
    expect(a).toBe('edit_file:{"edit":{"new":"y","old":"x"},"opts":[1,{"a":1,"b":2}],"path":"a.ts"}');
  });

  it('differs when a value or the tool differs', () => {
    expect(exactFingerprint('read_file', { path: 'a.ts' })).not.toBe(exactFingerprint('read_file', { path: 'b.ts' }));
    expect(exactFingerprint('read_file', { path: 'a.ts' })).not.toBe(exactFingerprint('view', { path: 'a.ts' }));
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });
});

/** The canonical form written out piece by piece: what canonicalJson must equal. */
function reference(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return '[' + v.map(reference).join(',') + ']';
  const o = v as Record<string, unknown>;
  const parts = Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => JSON.stringify(k) + ':' + reference(o[k]));
  return '{' + parts.join(',') + '}';
}

describe('canonicalJson', () => {
  it('equals the piece-by-piece canonical text for any JSON, keys in any order', () => {
    const key = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('1', '10', '2', '__proto__', 'toJSON', 'a'));
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(key, tie('v'), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 3000 },
    );
  });

  it('sorts keys an object keeps in another order (indexes) and drops undefined values', () => {
    expect(canonicalJson({ b: 1, 10: 'x', 2: 'y', a: undefined })).toBe('{"10":"x","2":"y","b":1}');
    expect(canonicalJson({ z: [{ y: 1, x: 2 }], a: null })).toBe('{"a":null,"z":[{"x":2,"y":1}]}');
  });
});

describe('bash file-read normalisation (the doom-loop design)', () => {
  it('cat / head / tail foo.ts share bash:file_read:foo.ts', () => {
    for (const command of [
      'cat foo.ts',
      'head foo.ts',
      'tail foo.ts',
      '  cat   foo.ts  ',
      'less foo.ts',
      'more foo.ts',
    ])
      expect(primaryFingerprint('bash', { command })).toBe('bash:file_read:foo.ts');
  });

  it('reads with flags and quoted paths are still file reads', () => {
    for (const command of [
      'head -n 20 foo.ts',
      'tail -20 foo.ts',
      'tail -n +10 foo.ts',
      'head --lines=5 foo.ts',
      'cat -n "foo.ts"',
      "cat 'foo.ts'",
    ])
      expect(bashFileRead(command)).toBe('foo.ts');
  });

  it('piped, redirected, chained and substituted commands are left alone', () => {
    for (const command of [
      'cat foo.ts | grep x',
      'cat foo.ts > out.ts',
      'cat foo.ts; ls',
      'cd src && cat foo.ts',
      'cat $(ls)',
      'cat `ls`',
      'cat < foo.ts',
    ]) {
      expect(bashFileRead(command)).toBeNull();
      expect(primaryFingerprint('bash', { command })).toBe('bash:' + canonicalJson({ command }));
    }
  });

  it('other commands, several files and bare flags are not file reads', () => {
    expect(bashFileRead('grep x foo.ts')).toBeNull();
    expect(bashFileRead('cat a.ts b.ts')).toBeNull();
    expect(bashFileRead('cat -n')).toBeNull();
    expect(bashFileRead('catalog foo.ts')).toBeNull();
  });

  it('applies to the shell tools of other agents and to argv commands', () => {
    expect(primaryFingerprint('shell', { command: ['bash', '-lc', 'cat foo.ts'] })).toBe('bash:file_read:foo.ts');
    expect(primaryFingerprint('run_shell_command', { command: 'head foo.ts', description: 'look' })).toBe(
      'bash:file_read:foo.ts',
    );
    expect(primaryFingerprint('bash', 'tail foo.ts')).toBe('bash:file_read:foo.ts');
    // Not a shell tool: no normalisation.
    expect(primaryFingerprint('search', { command: 'cat foo.ts' })).toBe('search:{"command":"cat foo.ts"}');
  });

  it('stays fast on adversarial flag runs', () => {
    const cmd = 'head ' + '-1 '.repeat(5000) + 'a b';
    const t0 = Date.now();
    expect(bashFileRead(cmd)).toBeNull();
    // A guard against catastrophic backtracking (minutes), not a speed target: linear is ~1 ms.
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});

describe('primaryFingerprint', () => {
  it('ignores optional params', () => {
    const a = primaryFingerprint('read_file', { path: 'a.ts', encoding: 'utf8' });
    const b = primaryFingerprint('read_file', { path: 'a.ts', encoding: 'latin1', verbose: true });
    expect(a).toBe(b);
    expect(a).toBe('read_file:{"path":"a.ts"}');
  });

  it('keeps every primary key (offset and limit are primary)', () => {
    expect(primaryFingerprint('read_file', { path: 'a.ts', offset: 0 })).not.toBe(
      primaryFingerprint('read_file', { path: 'a.ts', offset: 100 }),
    );
    expect(primaryFingerprint('read_file', { path: 'a.ts' })).not.toBe(
      primaryFingerprint('read_file', { path: 'b.ts' }),
    );
  });

  it('compares a tool without primary keys on its full arguments', () => {
    expect(primaryFingerprint('todo', { items: ['x'], mode: 'add' })).toBe('todo:{"items":["x"],"mode":"add"}');
    expect(primaryFingerprint('todo', { items: ['x'] })).not.toBe(primaryFingerprint('todo', { items: ['y'] }));
  });
});
