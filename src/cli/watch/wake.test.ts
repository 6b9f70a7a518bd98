import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFile } from './follow.test-util';
import { Wake } from './wake';

async function timed(p: Promise<void>): Promise<number> {
  const t0 = Date.now();
  await p;
  return Date.now() - t0;
}

describe('Wake', () => {
  it('a change to a watched file ends the wait long before the interval', async () => {
    const path = tempFile('s.jsonl');
    const wake = new Wake(new AbortController().signal);
    wake.watch([path]);
    setTimeout(() => appendFileSync(path, '{}\n'), 50);
    expect(await timed(wake.sleep(10_000))).toBeLessThan(3000);
    wake.close();
  });

  it('without a change (or a path it cannot watch) the wait is the interval', async () => {
    const wake = new Wake(new AbortController().signal);
    wake.watch(['/no/such/file.jsonl']);
    const ms = await timed(wake.sleep(150));
    expect(ms).toBeGreaterThanOrEqual(145);
    wake.close();
  });

  it('stopping ends the wait at once', async () => {
    const stop = new AbortController();
    const wake = new Wake(stop.signal);
    setTimeout(() => stop.abort(), 20);
    expect(await timed(wake.sleep(10_000))).toBeLessThan(3000);
    expect(await timed(wake.sleep(10_000))).toBeLessThan(100);
  });
});
