/**
 * Reading a config file (`--config`) with a byte limit that holds whatever size the
 * file reports: a device reports 0 (`/dev/urandom` was read to 1.2 GB), a FIFO blocks the reader
 * until someone writes. Only regular files are read, and never past the limit.
 */
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { withLineColumn } from '../import/json-parse';
import { CONFIG_LIMITS, describeBytes } from '../model/limits';
import { UsageError } from './io';

const CHUNK = 64 * 1024;

function cannotRead(file: string) {
  return (e: NodeJS.ErrnoException): never => {
    throw new UsageError(`${file}: cannot read (${e.code ?? e.message})`);
  };
}

/**
 * The file's text, at most `maxBytes` bytes; `what` and `flag` name the limit in the message
 * ("a config file", "--max-config-mb"); without a flag the limit is fixed.
 */
export async function readLimitedText(file: string, maxBytes: number, what: string, flag?: string): Promise<string> {
  const over = (size?: string) =>
    new UsageError(
      `${file}: ${size ? `${size}, ` : ''}over the ${describeBytes(maxBytes)} limit for ${what}${flag ? ` (raise it with ${flag})` : ''}`,
    );
  const s = await stat(file).catch(cannotRead(file));
  if (!s.isFile()) {
    const kind = s.isDirectory() ? 'a folder' : s.isFIFO() ? 'a pipe' : s.isSocket() ? 'a socket' : 'a device';
    throw new UsageError(`${file}: ${kind}, not a regular file; only regular files are read as ${what}`);
  }
  if (s.size > maxBytes) throw over(describeBytes(s.size));
  // O_NONBLOCK: should the path have been swapped for a FIFO since the stat, opening it does not wait.
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK).catch(cannotRead(file));
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.alloc(Math.min(CHUNK, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(buf, 0, buf.length).catch(cannotRead(file));
      if (bytesRead === 0) break;
      chunks.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      // Read one byte past the limit to know the file goes on: its reported size was wrong.
      if (total > maxBytes) throw over();
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A config file of at most `maxBytes`, as JSON; errors name the line and column. */
export async function readJsonFile(file: string, maxBytes: number = CONFIG_LIMITS.fileBytes): Promise<unknown> {
  const text = await readLimitedText(file, maxBytes, 'a config file', '--max-config-mb');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not valid JSON (${withLineColumn((e as Error).message, text)})`);
  }
}
