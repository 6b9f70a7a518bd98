import { describe, expect, it } from 'vitest';
import { ContentHasher, hashBlob, hashBytes } from './content-hash';

const enc = (s: string) => new TextEncoder().encode(s);

describe('content hash', () => {
  it('is the same for the same bytes however they are split, and ends with the length', async () => {
    const text = '{"type":"assistant","text":"hi"}\n'.repeat(1000);
    const whole = hashBytes(enc(text));
    const h = new ContentHasher();
    for (let i = 0; i < text.length; i += 777) h.update(enc(text.slice(i, i + 777)));
    expect(h.digest()).toBe(whole);
    expect(await hashBlob(new Blob([text]))).toBe(whole);
    expect(whole).toMatch(/^[0-9a-f]{16}-33000$/);
  });
  it('differs when one byte differs or the order changes', () => {
    expect(hashBytes(enc('abc'))).not.toBe(hashBytes(enc('abd')));
    expect(hashBytes(enc('ab'))).not.toBe(hashBytes(enc('ba')));
    expect(hashBytes(enc(''))).toBe('811c9dc59747b28c-0');
  });
});
