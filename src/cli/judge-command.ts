/** `loopscope judge`: flags to files. The work is in commands/judge.ts. */
import type { ImportContext } from '../import/types';
import { configFromArgs } from './config-arg';
import { defaultCachePath, judgedPath, judgeFile, parseJudgeArgs, writeJudged } from './commands/judge';
import { fileStore } from './judge-cache-file';
import { terminalLine } from '../export/escape/terminal';
import { loadEach, megabytesFlag, UsageError, type Out } from './io';

export async function runJudgeCommand(
  files: string[],
  opts: Record<string, string | boolean | undefined>,
  out: Out,
  err: Out,
  ctx: ImportContext,
): Promise<void> {
  const args = parseJudgeArgs(opts);
  const deadlineAt = Date.now() + args.deadlineSeconds * 1000;
  const outDir = typeof opts.out === 'string' ? opts.out : null;
  if (!outDir && files.length > 1) throw new UsageError('judge writes one file to stdout; give --out DIR for several');
  const preset = typeof opts.preset === 'string' ? opts.preset : undefined;
  const configFile = typeof opts.config === 'string' ? opts.config : undefined;
  const maxConfig = megabytesFlag('max-config-mb', opts['max-config-mb'] as string | undefined);
  // The llm-check preset is the LLM-check design's schedule; another preset or config brings its own settings.
  const config = await configFromArgs(preset ?? (configFile ? undefined : 'llm-check'), configFile, maxConfig);
  const store = await fileStore(typeof opts.cache === 'string' ? opts.cache : defaultCachePath(), {
    warn: (m) => err.write(`warning: ${terminalLine(m)}\n`),
    maxEntryChars: args.maxResponseBytes,
  });
  const format = typeof opts.format === 'string' ? opts.format : undefined;
  let loadedCount = 0;
  for await (const loaded of loadEach(files, format, err, ctx)) {
    loadedCount++;
    if (!outDir && loadedCount > 1)
      throw new UsageError('judge writes one file to stdout; give --out DIR for a folder');
    const judged = await judgeFile(loaded, config, args, store, err, deadlineAt);
    const target = outDir ? judgedPath(outDir, loaded.file) : null;
    await writeJudged(judged, target, out);
    if (target) err.write(`wrote ${terminalLine(target)}\n`);
  }
}
