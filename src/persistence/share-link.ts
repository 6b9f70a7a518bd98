/**
 * A config in a link: `#/t/<id>/turn/<n>?config=<base64url(deflate(JSON))>`. The fragment never
 * reaches a server; the config is validated when the link is opened, like one from a file.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { ConfigError, validateConfig, type EngineConfig } from '../engine/config';

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

/** The config a payload holds, validated; throws ShareLinkError saying what is wrong. */
export function decodeConfig(payload: string): EngineConfig {
  if (payload === '') throw new ShareLinkError('the link has an empty config');
  const bytes = fromBase64Url(payload);
  let text: string;
  try {
    text = strFromU8(inflateSync(bytes));
  } catch {
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
