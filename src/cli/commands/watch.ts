/**
 * `loopscope watch PATH`: follows a session file (or the newest session in a folder) as an agent
 * writes it and prints each event as it happens. Exit 3 when an event ends the watch
 * (`--exit-on`), 0 after Ctrl-C with a one-line summary on stderr.
 */
import { stat } from 'node:fs/promises';
import { normalize } from 'node:path';
import { resolveConfig, type EngineConfig } from '../../engine/config';
import type { DetectorEvent } from '../../engine/types';
import type { ImportContext } from '../../import/types';
import { UsageError, type Out } from '../io';
import { FileTarget } from '../watch/file-target';
import { folderSessions, newestSession, type FolderSession } from '../watch/folder-sessions';
import { SessionFolderTarget } from '../watch/session-folder-target';
import { Wake } from '../watch/wake';
import { WatchedSession, type StepSettings } from '../watch/watched-session';
import { WatchReport } from '../watch/watch-report';

/** Exit status when an event ends the watch: the agent's run should stop. */
export const EXIT_STOPPED = 3;

const EXIT_ON = ['stop', 'warn', 'never'] as const;
export type ExitOn = (typeof EXIT_ON)[number];

export interface WatchFlags {
  json: boolean;
  format?: string;
  intervalMs: number;
  exitOn: ExitOn;
}

/** `--interval MS` and `--exit-on stop|warn|never`, checked. */
export function watchFlags(opts: {
  json?: boolean;
  format?: string;
  interval?: string;
  'exit-on'?: string;
}): WatchFlags {
  const raw = opts.interval ?? '500';
  const intervalMs = Number(raw);
  if (!/^\d+$/.test(raw) || intervalMs < 10 || intervalMs > 600_000)
    throw new UsageError(
      `--interval must be a whole number of milliseconds from 10 to 600,000, got "${raw.slice(0, 80)}"`,
    );
  const exitOn = opts['exit-on'] ?? 'stop';
  if (!(EXIT_ON as readonly string[]).includes(exitOn))
    throw new UsageError(`--exit-on must be stop, warn or never, got "${exitOn.slice(0, 80)}"`);
  return { json: opts.json === true, format: opts.format, intervalMs, exitOn: exitOn as ExitOn };
}

function endsWatch(exitOn: ExitOn): (e: DetectorEvent) => boolean {
  if (exitOn === 'warn') return () => true;
  if (exitOn === 'stop') return (e) => e.action === 'terminate';
  return () => false;
}

function targetOf(s: FolderSession) {
  return s.unit.kind === 'file' ? new FileTarget(s.unit.file.file) : new SessionFolderTarget(s.unit.path);
}

/**
 * The session to follow in a folder now: the current one until a session written later than it
 * appears (or it is gone), then that one.
 */
async function pickInFolder(dir: string, current: WatchedSession | undefined): Promise<FolderSession | undefined> {
  const sessions = await folderSessions(dir).catch(() => []);
  const newest = newestSession(sessions);
  if (!newest || newest.unit.path === current?.path) return undefined;
  const mine = current && sessions.find((s) => s.unit.path === current.path);
  return !mine || newest.mtimeMs > mine.mtimeMs ? newest : undefined;
}

/**
 * Follows PATH until an event ends the watch (EXIT_STOPPED) or `signal` (by default Ctrl-C)
 * stops it (0). A folder is followed by its newest session, switching when a newer one appears.
 */
export async function runWatch(
  paths: string[],
  config: EngineConfig,
  ctx: ImportContext,
  flags: WatchFlags,
  out: Out,
  err: Out,
  signal?: AbortSignal,
): Promise<number> {
  if (paths.length !== 1) throw new UsageError('watch takes exactly one session file or folder');
  const path = normalize(paths[0]).replace(/(.)\/+$/, '$1');
  const st = await stat(path).catch(() => {
    throw new UsageError(`${path}: no such file or folder`);
  });
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  if (signal) signal.addEventListener('abort', onSigint, { once: true });
  else process.once('SIGINT', onSigint);
  const report = new WatchReport(out, err, flags.json);
  const settings: StepSettings = {
    config: resolveConfig(config),
    ctx,
    format: flags.format,
    intervalMs: flags.intervalMs,
    importGapMs: flags.intervalMs,
    endsWatch: endsWatch(flags.exitOn),
  };
  const wake = new Wake(stop.signal);
  const folder = st.isDirectory() ? path : undefined;
  let current = folder ? undefined : new WatchedSession(new FileTarget(path), report, settings);
  let waitingNoted = false;
  report.note(folder ? `watching ${folder} for its newest session (Ctrl-C stops)` : `following ${path} (Ctrl-C stops)`);
  try {
    for (;;) {
      const final = stop.signal.aborted;
      if (folder && !final) {
        const next = await pickInFolder(folder, current);
        if (next) {
          const why = current ? ` (written after ${current.path})` : '';
          current = new WatchedSession(targetOf(next), report, settings);
          report.note(`following ${current.path}${why}`);
        } else if (!current && !waitingNoted) report.note(`${folder}: no session in it yet; waiting for one`);
        waitingNoted = !current;
      }
      const step = current ? await current.step(final) : { ended: false, loadMs: 0 };
      if (final || step.ended) {
        err.write(`${report.summary()}\n`);
        return final ? 0 : EXIT_STOPPED;
      }
      const watched = current ? [current.target.watchPath] : [];
      wake.watch(folder ? [folder, ...watched] : watched, step.replaced ? watched : []);
      // Never more reading than waiting: a slow import (a huge session) is followed by as long a rest.
      await wake.sleep(Math.max(flags.intervalMs, step.loadMs), step.loadMs);
    }
  } finally {
    wake.close();
    if (signal) signal.removeEventListener('abort', onSigint);
    else process.removeListener('SIGINT', onSigint);
  }
}
