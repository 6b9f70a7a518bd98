/**
 * The CLI's judge answer store: one JSON file, `{"version":1,"answers":{key: entry}}`, rewritten
 * (write then rename) after each new answer. Reading it never stops a run: a file over the size
 * limit or not a cache is moved aside with a warning, an entry that cannot be read is dropped with
 * a warning, and an answer that would push the file over its limit is not cached.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readStoredAnswer, type JudgeAnswerStore, type StoredAnswer } from '../engine/judge/cache-key';
import { describeBytes, JUDGE_LIMITS } from '../model/limits';

export interface FileStoreOptions {
  /** One line per problem, without the `warning: ` prefix. */
  warn?: (message: string) => void;
  /** The longest analysis kept: the response limit (nothing longer can have come from a response). */
  maxEntryChars?: number;
  maxFileBytes?: number;
}

type Entries = Record<string, StoredAnswer>;

/** The entries of the file, or why it is not a cache. */
async function readCache(path: string, maxFileBytes: number): Promise<Record<string, unknown> | string | null> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return (e as Error).message.split('\n')[0];
  }
  if (size > maxFileBytes) return `${describeBytes(size)}, over the ${describeBytes(maxFileBytes)} cache file limit`;
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    return (e as Error).message.split('\n')[0];
  }
  const o = raw as { version?: unknown; answers?: unknown } | null;
  if (!o || typeof o !== 'object' || o.version !== 1 || !o.answers || typeof o.answers !== 'object')
    return 'not {"version":1,"answers":{…}}';
  return o.answers as Record<string, unknown>;
}

export async function fileStore(path: string, opts: FileStoreOptions = {}): Promise<JudgeAnswerStore> {
  const warn = opts.warn ?? (() => undefined);
  const maxEntryChars = opts.maxEntryChars ?? JUDGE_LIMITS.responseBytes;
  const maxFileBytes = opts.maxFileBytes ?? JUDGE_LIMITS.cacheFileBytes;
  const all: Entries = {};
  const read = await readCache(path, maxFileBytes);
  if (typeof read === 'string') {
    const aside = `${path}.unreadable`;
    const moved = await rename(path, aside).then(
      () => true,
      () => false,
    );
    warn(
      `${path}: unreadable judge cache (${read}); ` +
        (moved ? `moved to ${aside}, starting an empty cache` : 'starting an empty cache (it is not read)'),
    );
  } else if (read) {
    let dropped = 0;
    let first = '';
    for (const [key, value] of Object.entries(read)) {
      const entry = readStoredAnswer(value, maxEntryChars);
      if (!('problem' in entry)) all[key] = entry;
      else if (dropped++ === 0) first = `${key.slice(0, 120)}: ${entry.problem}`;
    }
    if (dropped)
      warn(
        `${path}: ${dropped} cached ${dropped === 1 ? 'entry' : 'entries'} could not be read and were dropped (${first})`,
      );
  }
  let full = false;
  return {
    async load(prefixes) {
      const out = new Map<string, StoredAnswer>();
      for (const [k, v] of Object.entries(all)) if (prefixes.some((p) => k.startsWith(p))) out.set(k, v);
      return out;
    },
    async put(key, value) {
      if ('problem' in readStoredAnswer(value, maxEntryChars)) return;
      all[key] = value;
      const text = JSON.stringify({ version: 1, answers: all });
      if (Buffer.byteLength(text) > maxFileBytes) {
        delete all[key];
        if (!full) warn(`${path}: the cache file is full (${describeBytes(maxFileBytes)}); new answers are not cached`);
        full = true;
        return;
      }
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, path);
    },
  };
}
