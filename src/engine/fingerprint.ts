/** Call and result fingerprints, computed once per call and shared by detectors. */
import type { Json, ToolResult } from '../model/transcript';
import { shellCommand } from './shell';

/**
 * The version of `exactFingerprint` and of the fingerprint series (series.ts). The workbench
 * stores both beside the turns (src/persistence/fingerprint-cache.ts) and recomputes them when
 * this changes: bump it whenever either would give a different answer for the same call.
 */
// 2: calls keyed by call-key.ts (hash and size), not a hash of the fingerprint text.
export const FINGERPRINT_VERSION = 2;

/**
 * True when JSON.stringify(value) already is the canonical JSON: plain data only, and every
 * object's keys already in sorted order (the common case: parsed arguments such as `{path}` or
 * `{command}`). A walk without allocation, then one native stringify, instead of rebuilding.
 */
function stringifyIsCanonical(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (v === null) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!stringifyIsCanonical(v[i])) return false;
    return true;
  }
  // A toJSON method (Date...) or a prototype with enumerable keys would make the two differ.
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  let prev: string | null = null;
  for (const k in v) {
    if (prev !== null && !(prev < k)) return false;
    prev = k;
    if (!stringifyIsCanonical((v as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** JSON with object keys sorted at every depth, so argument order never makes two calls differ. */
export function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && stringifyIsCanonical(value)) return JSON.stringify(value);
  return rebuild(value);
}

function rebuild(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return out + ']';
  }
  const keys = Object.keys(value).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    out += (first ? '' : ',') + JSON.stringify(k) + ':' + canonicalJson(v);
    first = false;
  }
  return out + '}';
}

export function exactFingerprint(name: string, args: Json): string {
  return name + ':' + canonicalJson(args);
}

/**
 * The doom-loop design's primary argument keys: everything else (optional params) is ignored by the fuzzy tier.
 * Listed in sorted order, so the picked object is built canonical (canonicalJson's fast path).
 */
export const PRIMARY_KEYS = [
  'command',
  'content',
  'file_path',
  'filename',
  'limit',
  'offset',
  'path',
  'pattern',
  'query',
  'url',
] as const;

// A file reader, its flags (`-n 20`, `-20`, `--lines=5`, `-n +10`), then exactly one file operand.
// Flags start with '-', flag values with a digit or '+': each token parses one way (no backtracking blow-up).
export const FILE_READ =
  /^\s*(?:cat|head|tail|less|more)(?:\s+-{1,2}\w[\w=+-]*(?:\s+\+?\d+)?)*\s+(['"]?)([^\s'"-][^\s'"]*)\1\s*$/;

// Pipes, redirects, separators, background jobs, command substitution: not a plain file read.
export const COMPLEX = /[|><;&`]|\$\(/;

/**
 * `cat foo.ts`, `head -n 20 foo.ts` and `tail foo.ts` all read foo.ts: they share the fingerprint
 * `bash:file_read:foo.ts`. Commands with a pipe, a redirect or a semicolon are left alone (the doom-loop design).
 */
export function bashFileRead(command: string): string | null {
  if (COMPLEX.test(command)) return null;
  const m = FILE_READ.exec(command);
  return m ? m[2] : null;
}

const PRIMARY = new Set<string>(PRIMARY_KEYS);

/**
 * `exact`, when given, must be exactFingerprint(name, args): arguments made of primary keys only
 * (`{path}`, `{command}`) then share the exact fingerprint's string instead of building an equal one.
 */
export function primaryFingerprint(name: string, args: Json, exact?: string): string {
  return primaryUnlessExact(name, args) ?? exact ?? exactFingerprint(name, args);
}

/**
 * primaryFingerprint, or null where it is the exact fingerprint (arguments of primary keys only,
 * or of none): the caller then uses the exact fingerprint it has or builds it on demand, so a
 * write's primary (`{path}`) never makes anyone write its multi-KB exact fingerprint.
 */
export function primaryUnlessExact(name: string, args: Json): string | null {
  const command = shellCommand(name, args);
  if (command !== null) {
    const file = bashFileRead(command);
    if (file !== null) return 'bash:file_read:' + file;
  }
  const picked = pickPrimary(args, asIs);
  return picked === null ? null : name + ':' + canonicalJson(picked);
}

const asIs = (v: Json): Json => v;

/**
 * The primary keys' values of object arguments, each through `map`; null where the primary
 * fingerprint is the exact one: arguments of primary keys only, or with none of them (a tool
 * with none is compared on its full arguments), or not an object.
 */
export function pickPrimary(args: Json, map: (v: Json) => Json): Record<string, Json> | null {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return null;
  let all = true;
  let any = false;
  for (const k in args) {
    if (PRIMARY.has(k)) any = true;
    else all = false;
  }
  if (all || !any) return null;
  const picked: Record<string, Json> = {};
  for (const k of PRIMARY_KEYS) if (Object.prototype.hasOwnProperty.call(args, k)) picked[k] = map(args[k]);
  return picked;
}

/** 32-bit FNV-1a over UTF-16 code units: a cheap stable key for long strings. */
export function hash32(s: string): number {
  // Kept an int32 throughout (the same bits as the textbook loop, without heap numbers).
  let h = 0x811c9dc5 | 0;
  const n = s.length;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function resultFingerprint(result: ToolResult | undefined): string {
  if (!result) return '';
  const c = result.content;
  const body =
    c.length <= 64 ? c : `${c.length}:${hash32(c).toString(36)}:${hash32(c.slice(c.length >> 1)).toString(36)}`;
  return (result.isError ? 'E:' : 'O:') + body;
}
