import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../engine/config';
import { configPayload, decodeConfig, encodeConfig, shareHash, ShareLinkError } from './share-link';

const CONFIG: EngineConfig = {
  name: 'crustly',
  basedOn: 'crustly',
  detectors: { 'consecutive-repeat': { explorationThreshold: 5, bufferSize: 15 } },
};

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

describe('share link', () => {
  it('encodes as base64url deflate of the JSON, and decodes back', () => {
    const payload = encodeConfig(CONFIG);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(payload, 'base64url').length).toBeLessThan(JSON.stringify(CONFIG).length);
    expect(decodeConfig(payload)).toEqual(CONFIG);
  });

  it('builds the fragment with transcript, turn and config; reads the payload back', () => {
    const hash = shareHash(3, 12, CONFIG);
    expect(hash.startsWith('#/t/3/turn/12?config=')).toBe(true);
    expect(configPayload(hash)).toBe(encodeConfig(CONFIG));
    expect(configPayload('#/t/3/turn/12')).toBeNull();
    expect(configPayload('#/t/3/turn/12?other=1')).toBeNull();
  });

  it('round-trips a large config with every character base64url can carry', () => {
    const big: EngineConfig = {
      name: 'ünïcode ✓ / + = ?',
      detectors: { 'consecutive-repeat': { explorationTools: Array.from({ length: 3000 }, (_, i) => `tool-${i}`) } },
    };
    expect(decodeConfig(encodeConfig(big))).toEqual(big);
  });

  it('says clearly what is wrong with a bad payload', () => {
    expect(() => decodeConfig('')).toThrow(new ShareLinkError('the link has an empty config'));
    expect(() => decodeConfig('abc$%')).toThrow('the config in this link is damaged (not base64url text)');
    expect(() => decodeConfig('AAAAAAAA')).toThrow(
      'the config in this link is damaged (not deflate data); it may have been cut off',
    );
    // Cut off half way, as a mangled chat message would.
    const full = encodeConfig(CONFIG);
    expect(() => decodeConfig(full.slice(0, full.length >> 1))).toThrow(ShareLinkError);
    expect(() => decodeConfig(b64url(deflateSync(strToU8('{not json'))))).toThrow(
      'the config in this link is not JSON',
    );
  });

  it('names the bad field of a config that does not validate', () => {
    const bad = b64url(deflateSync(strToU8(JSON.stringify({ detectors: { pattern: { windowSize: 0 } } }))));
    expect(() => decodeConfig(bad)).toThrow(
      'the config in this link is invalid: detectors.pattern.windowSize: must be between 2 and 1000, got 0',
    );
    const unknown = b64url(deflateSync(strToU8(JSON.stringify({ detectors: { nope: {} } }))));
    expect(() => decodeConfig(unknown)).toThrow(
      /^the config in this link is invalid: detectors\.nope: unknown detector/,
    );
  });
});
