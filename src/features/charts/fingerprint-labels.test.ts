import { describe, expect, it } from 'vitest';
import { distinctFingerprintLabels } from './fingerprint-labels';

const fp = (name: string, args: Record<string, unknown>) => ({ name, fingerprint: `${name}:${JSON.stringify(args)}` });

describe('fingerprint bar labels are told apart by what differs', () => {
  it('names the argument that differs when the clipped labels coincide', () => {
    const long = 'src/components/settings/panels/AccountSettingsPanel';
    expect(
      distinctFingerprintLabels(
        [fp('read', { path: `${long}.tsx`, limit: 200 }), fp('read', { path: `${long}.test.tsx`, limit: 200 })],
        30,
      ),
    ).toEqual(['read path=…ingsPanel.tsx', 'read path=…ingsPanel.test.tsx']);
  });

  it('shows the first argument that differs, whole when it is short', () => {
    expect(
      distinctFingerprintLabels(
        [
          fp('grep', { pattern: 'loadConfig', path: 'src/very/long/folder/name/here' }),
          fp('grep', { pattern: 'loadConfig', path: 'lib/very/long/folder/name/here' }),
        ],
        30,
      ),
    ).toEqual(['grep path=src/very/long/folde…', 'grep path=lib/very/long/folde…']);
  });

  it('leaves labels that already differ as they are, and says "(none)" for a missing argument', () => {
    expect(distinctFingerprintLabels([fp('ls', { path: 'a' }), fp('ls', { path: 'b' })], 30)).toEqual(['ls a', 'ls b']);
    expect(
      distinctFingerprintLabels(
        [
          fp('bash', { command: 'x'.repeat(40), timeout: 5 }),
          fp('bash', { command: 'x'.repeat(40), timeout: 10 }),
          fp('bash', { command: 'x'.repeat(40), cwd: '/' }),
        ],
        30,
      ),
    ).toEqual(['bash timeout=5', 'bash timeout=10', 'bash cwd=/']);
  });

  it('numbers labels only when nothing shown can tell them apart, saying of how many', () => {
    const same = 'y'.repeat(60);
    const labels = distinctFingerprintLabels(
      [
        { name: 'run', fingerprint: `run:${same}a${'z'.repeat(40)}` },
        { name: 'run', fingerprint: `run:${same}b${'z'.repeat(40)}` },
      ],
      30,
    );
    expect(labels.map((l) => l.length <= 30)).toEqual([true, true]);
    expect(new Set(labels).size).toBe(2);
  });
});
