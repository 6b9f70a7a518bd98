/**
 * A config in a link: `#/t/<id>/turn/<n>?config=<base64url(deflate(JSON))>`. The fragment never
 * reaches a server; the config is validated when the link is opened, like one from a file.
 */
import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import { ConfigError, validateConfig, type EngineConfig } from '../engine/config';
import { CONFIG_LIMITS, describeBytes } from '../model/limits';

/** A link whose config cannot be used; the message says why (and names the field when one is bad). */
export class ShareLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShareLinkError';
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new ShareLinkError('the config in this link is damaged (not base64url text)');
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new ShareLinkError('the config in this link is damaged (not base64url text)');
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The `config=` payload for a config: compact JSON, deflated, base64url without padding. */
export function encodeConfig(config: EngineConfig): string {
  return toBase64Url(deflateSync(strToU8(JSON.stringify(config)), { level: 9 }));
}

class InflatedTooLarge extends Error {}

/**
 * Inflates in 4 KiB slices and stops as soon as the output passes `limit`, so a small payload
 * that inflates to gigabytes costs at most the limit (inflateSync would allocate it all).
 */
function boundedInflate(bytes: Uint8Array, limit: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new InflatedTooLarge();
    parts.push(chunk);
  });
  const SLICE = 4096;
  for (let i = 0; i < bytes.length; i += SLICE) inflate.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
  if (bytes.length === 0) inflate.push(bytes, true);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The config a payload holds, validated; throws ShareLinkError saying what is wrong. */
export function decodeConfig(payload: string): EngineConfig {
  if (payload === '') throw new ShareLinkError('the link has an empty config');
  // Refused before any decoding: a real config link is a few hundred characters.
  if (payload.length > CONFIG_LIMITS.linkChars)
    throw new ShareLinkError(
      `the config in this link is ${payload.length.toLocaleString('en-US')} characters, over the ${CONFIG_LIMITS.linkChars.toLocaleString('en-US')}-character limit for a link (save the config to a file and load it instead)`,
    );
  const bytes = fromBase64Url(payload);
  let text: string;
  try {
    text = strFromU8(boundedInflate(bytes, CONFIG_LIMITS.inflatedBytes));
  } catch (e) {
    if (e instanceof InflatedTooLarge)
      throw new ShareLinkError(
        `the config in this link inflates to more than ${describeBytes(CONFIG_LIMITS.inflatedBytes)}, the limit for a config`,
      );
    throw new ShareLinkError('the config in this link is damaged (not deflate data); it may have been cut off');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ShareLinkError('the config in this link is not JSON');
  }
  try {
    return validateConfig(raw);
  } catch (e) {
    if (e instanceof ConfigError) throw new ShareLinkError(`the config in this link is invalid: ${e.message}`);
    throw e;
  }
}

/** The fragment of a link to a transcript, a turn and a config. */
export function shareHash(transcriptId: number, turn: number, config: EngineConfig): string {
  return `#/t/${transcriptId}/turn/${turn}?config=${encodeConfig(config)}`;
}

/** The raw `config` payload of a fragment, or null when it has none. */
export function configPayload(hash: string): string | null {
  const q = hash.indexOf('?');
  if (q < 0) return null;
  const params = new URLSearchParams(hash.slice(q + 1));
  return params.get('config');
}
