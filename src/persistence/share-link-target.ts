/**
 * What a share link points at. A link names its run by content, so it opens the same run in any
 * library that holds it, whatever number that library gave it:
 *
 *   #/run/<content hash>/<position in the file>/turn/<n>?title=<title>&config=<payload>
 *
 * The content hash is the imported file's (src/import/content-hash.ts); the position says which
 * of the file's transcripts (1 = the first), since a file may hold several; the title is shown
 * when the receiver does not have the run. Older links name the sender's library number
 * (`#/t/<id>/turn/<n>?config=…`), which means the same run only in the browser that made them.
 * A link may also carry a config alone (`#/?config=…`). Everything here comes from a link: it is
 * validated, and the title is cleaned and clipped before anyone shows it.
 */
import type { EngineConfig } from '../engine/config';
import { CONFIG_LIMITS } from '../model/limits';
import { encodeConfig } from './share-link';

/** A title in a link is clipped to this many characters (a real one is a line). */
export const LINK_TITLE_MAX = CONFIG_LIMITS.linkTitleChars;

/** The run a link names. */
export interface RunRef {
  /** The file's content hash: 16 hex digits, a dash and the byte length. */
  hash: string;
  /** Which of the file's transcripts, 1 = the first; absent when the sender's row did not know. */
  position?: number;
  /** The run's title, cleaned and clipped (linkTitle). */
  title: string;
}

export type LinkTarget =
  | ({ kind: 'run'; turn: number } & RunRef)
  | { kind: 'library-number'; id: number; turn: number }
  | { kind: 'config-only' }
  /** A run link whose run part does not parse; `reason` says what is wrong. */
  | { kind: 'damaged'; reason: string };

export interface ParsedShareLink {
  target: LinkTarget;
  /** The raw `config=` payload (decoded and validated by share-link.ts), or null. */
  payload: string | null;
}

const HASH = /^[0-9a-f]{16}-\d{1,15}$/;
const NUMBER = /^\d{1,9}$/;
// Control characters, and the format characters that reorder or hide text (bidi overrides and
// isolates, zero-width ones): a title from a link must read as what it says.
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A title as a link carries it: unshowable characters become spaces, at most LINK_TITLE_MAX characters. */
export function linkTitle(title: string): string {
  const chars = Array.from(title.replace(UNSHOWABLE, ' ').replace(/\s+/g, ' ').trim());
  return chars.length <= LINK_TITLE_MAX ? chars.join('') : `${chars.slice(0, LINK_TITLE_MAX - 1).join('')}…`;
}

/** The fragment of a link to a run (by content), a turn, and a config. */
export function runLinkHash(run: RunRef, turn: number, config: EngineConfig): string {
  const at = run.position === undefined ? '' : `/${run.position}`;
  const query = new URLSearchParams({ title: linkTitle(run.title), config: encodeConfig(config) });
  return `#/run/${run.hash}${at}/turn/${Math.max(1, Math.trunc(turn))}?${query.toString()}`;
}

function turnOf(raw: string | undefined): number {
  return raw !== undefined && NUMBER.test(raw) ? Math.max(1, Number(raw)) : 1;
}

function parseRun(path: string, params: URLSearchParams): LinkTarget {
  // run/<hash>[/<position>][/turn/<n>]
  const parts = path.split('/').slice(1);
  const [hash, ...rest] = parts;
  if (!hash || !HASH.test(hash))
    return { kind: 'damaged', reason: 'its run’s content hash is not 16 hex digits, a dash and a byte length' };
  let position: number | undefined;
  if (rest.length % 2 === 1) {
    const p = rest.shift()!;
    if (!NUMBER.test(p) || Number(p) < 1)
      return { kind: 'damaged', reason: 'its run’s position in the file is not a whole number from 1' };
    position = Number(p);
  }
  if (rest.length !== 0 && (rest.length !== 2 || rest[0] !== 'turn' || !NUMBER.test(rest[1])))
    return { kind: 'damaged', reason: 'its turn is not a whole number' };
  const title = linkTitle(params.get('title') ?? '');
  return { kind: 'run', hash, ...(position === undefined ? {} : { position }), title, turn: turnOf(rest[1]) };
}

/**
 * What a fragment asks for, or null when it is no share link: a plain `#/t/<id>/turn/<n>` is the
 * app's own navigation, not a link to apply.
 */
export function parseShareLink(hash: string): ParsedShareLink | null {
  const q = hash.indexOf('?');
  const path = (q < 0 ? hash : hash.slice(0, q)).replace(/^#\/?/, '');
  const params = new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
  const payload = params.get('config');
  if (path === 'run' || path.startsWith('run/')) return { target: parseRun(path, params), payload };
  if (payload === null) return null;
  const old = /^t\/(\d{1,9})(?:\/turn\/(\d{1,9}))?$/.exec(path);
  if (old) return { target: { kind: 'library-number', id: Number(old[1]), turn: turnOf(old[2]) }, payload };
  return { target: { kind: 'config-only' }, payload };
}
