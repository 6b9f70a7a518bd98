/**
 * `loopscope <command>`: the headless face of the same engine and importers (docs/design.md, section 6).
 * Exit 0 on success, 2 on bad usage or unreadable input, with a one-line message.
 */
import { parseArgs } from 'node:util';
import { resolveConfig } from '../engine/config';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { PRESETS } from '../engine/presets/index';
import { presetAbout } from '../engine/presets/about';
import { writeLoopscopeJsonl } from '../import/write-loopscope-jsonl';
import { configFromArgs } from './config-arg';
import { detectRecords, printDetect } from './commands/detect';
import { evalTotals, printEvalFile, printEvalTotal } from './commands/evaluate';
import { printFormats } from './commands/formats';
import { runWatch, watchFlags } from './commands/watch';
import { mergeShards, printMerge } from './commands/merge';
import { parseValues, printSweep, sweepRecords } from './commands/sweep';
import { terminalLine, terminalSink } from '../export/escape/terminal';
import { loadEach, loadPaths, megabytesFlag, UsageError, type Out } from './io';
import { runJudgeCommand } from './judge-command';
import { readLabelFiles } from './label-file';
import type { ImportContext } from '../import/types';
import type { ImportLimits } from '../model/limits';

export const HELP = `loopscope — loop detection for LLM tool-calling agents

Usage: loopscope <command> [options]

Commands:
  detect PATH...   replay transcripts through a preset or config and list what fires
                   [--preset NAME | --config FILE] [--format NAME] [--json]
  eval PATH...     false positives and negatives against labelled loops, per file and in total
                   (PATH may be a folder) [--preset NAME | --config FILE] [--format NAME] [--json]
                   [--labels FILE.tsv]...; runs without labels are counted apart (alarms, stops)
  sweep PATH...    metrics for each value of one parameter
                   --param detectors.<id>.<param> --values a,b,c [--preset|--config] [--json]
  merge SHARD...   sum the \`eval --json\` outputs of shards (files, or - for stdin) [--json]
  convert PATH     print the transcript(s) as Loopscope JSONL: a file, an events.jsonl or a
                   session folder (an OpenHands events/ folder, a Cline tasks/<id>/ folder)
                   [--format NAME]
  presets          list the presets and their full configs [--json]
  formats          list the transcript formats read, with their --format ids [--json]
  watch PATH       follow a session file (or the newest session in a folder) as an agent writes
                   it and print each event as it happens; exit 3 when the run would stop
                   [--preset NAME | --config FILE] [--format NAME] [--json]
                   [--exit-on stop|warn|never] [--interval MS] (default stop, 500; Ctrl-C ends)
  judge PATH...    ask an OpenAI-compatible endpoint the LLM check's questions and write the
                   transcripts as Loopscope JSONL with its answers as judge lines
                   --base-url URL --model M [--double-check-model M2] [--out DIR]
                   [--cache FILE] [--timeout S] [--max-wait S] [--deadline S] [--max-response-mb N]
                   [--all-checks] [--preset NAME | --config FILE]
                   (default preset llm-check; API key from $LOOPSCOPE_JUDGE_API_KEY; docs/judge.md)

Options:
  --preset NAME    a named preset (see \`loopscope presets\`); default: recommended
  --config FILE    a config file exported from the workbench
  --format NAME    skip format detection and use this importer (see \`loopscope formats\`)
  --json           machine-readable output, one JSON object per line
  --labels FILE    a label file in the corpus format (docs/corpus.md) for runs that carry no
                   labels; a row's source is the file's path from the current folder; repeatable
  --max-line-mb N      longest line of a JSON Lines file; default 256
  --max-entry-mb N     largest inflated archive entry (.eval); default 256
  --max-archive-mb N   largest inflated archive in all; default 2048
  --max-config-mb N    largest --config file; default 1 (every limit: docs/limits.md)
  -h, --help       this help

Exit status: 0 on success, 2 on bad usage or unreadable input, 3 when watch ends at an event.
`;

const OPTIONS = {
  preset: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  labels: { type: 'string', multiple: true },
  param: { type: 'string' },
  values: { type: 'string' },
  'max-line-mb': { type: 'string' },
  'max-entry-mb': { type: 'string' },
  'max-archive-mb': { type: 'string' },
  'max-config-mb': { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'double-check-model': { type: 'string' },
  out: { type: 'string' },
  cache: { type: 'string' },
  timeout: { type: 'string' },
  'max-wait': { type: 'string' },
  deadline: { type: 'string' },
  'max-response-mb': { type: 'string' },
  'all-checks': { type: 'boolean' },
  interval: { type: 'string' },
  'exit-on': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Limit flags every command that reads files or a config takes (docs/limits.md). */
const LIMIT_FLAGS = ['max-line-mb', 'max-entry-mb', 'max-archive-mb'];

const ALLOWED: Record<string, string[]> = {
  detect: ['preset', 'config', 'format', 'json', ...LIMIT_FLAGS, 'max-config-mb'],
  eval: ['preset', 'config', 'format', 'json', 'labels', ...LIMIT_FLAGS, 'max-config-mb'],
  sweep: ['preset', 'config', 'format', 'json', 'param', 'values', ...LIMIT_FLAGS, 'max-config-mb'],
  merge: ['json'],
  convert: ['format', ...LIMIT_FLAGS],
  presets: ['json'],
  formats: ['json'],
  watch: ['preset', 'config', 'format', 'json', 'interval', 'exit-on', ...LIMIT_FLAGS, 'max-config-mb'],
  judge: [
    'base-url',
    'model',
    'double-check-model',
    'out',
    'cache',
    'timeout',
    'max-wait',
    'deadline',
    'max-response-mb',
    'all-checks',
    'preset',
    'config',
    'format',
    ...LIMIT_FLAGS,
    'max-config-mb',
  ],
};

export async function main(argv: string[], stdout: Out, stderr: Out): Promise<number> {
  // Every byte written passes through terminalText: no control character of a transcript, a config
  // or a server reaches the terminal raw (in --json output the same escape is a JSON escape).
  const out = terminalSink(stdout);
  const err = terminalSink(stderr);
  try {
    const { values: opts, positionals } = (() => {
      try {
        return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
      } catch (e) {
        throw new UsageError((e as Error).message.split('\n')[0]);
      }
    })();
    const [command, ...files] = positionals;
    if (opts.help || command === 'help' || command === undefined) {
      out.write(HELP);
      return command === undefined && !opts.help ? 2 : 0;
    }
    const allowed = ALLOWED[command];
    if (!allowed) throw new UsageError(`unknown command "${command}" (try --help)`);
    for (const k of Object.keys(opts))
      if (k !== 'help' && !allowed.includes(k)) throw new UsageError(`${command} does not take --${k}`);
    const { labels, ...single } = opts;
    return (await run(command, files, single, labels ?? [], out, err)) ?? 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err.write(`loopscope: ${terminalLine(e.message)}\n`);
      return 2;
    }
    err.write(`loopscope: internal error: ${terminalLine((e as Error).message)}\n`);
    return 1;
  }
}

/**
 * Runs the engine on one file; should it fail (a bug, or input no importer refused), the file is
 * named with the reason and the others go on, as for a file that fails to import in a folder.
 */
function orSkip(file: string, err: Out, run: () => void): void {
  try {
    run();
  } catch (e) {
    if (e instanceof UsageError) throw e;
    err.write(`error: ${file}: could not be checked (${(e as Error).message ?? String(e)}); skipped\n`);
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

async function run(
  command: string,
  files: string[],
  opts: {
    [flag: string]: string | boolean | undefined;
    preset?: string;
    config?: string;
    format?: string;
    json?: boolean;
    param?: string;
    values?: string;
    'max-line-mb'?: string;
    'max-entry-mb'?: string;
    'max-archive-mb'?: string;
    'max-config-mb'?: string;
  },
  labelFiles: string[],
  out: Out,
  err: Out,
): Promise<number | void> {
  const limits: Partial<ImportLimits> = {};
  const line = megabytesFlag('max-line-mb', opts['max-line-mb']);
  if (line !== undefined) limits.lineChars = line;
  const entry = megabytesFlag('max-entry-mb', opts['max-entry-mb']);
  const total = megabytesFlag('max-archive-mb', opts['max-archive-mb']);
  if (entry !== undefined) limits.entryBytes = entry;
  if (total !== undefined) limits.totalBytes = total;
  const ctx: ImportContext = { limits };
  const json = opts.json === true;
  if (command === 'presets') {
    if (files.length) throw new UsageError('presets takes no files');
    for (const p of PRESETS) {
      const full = resolveConfig(p);
      const about = presetAbout(p.name);
      if (json)
        out.write(JSON.stringify({ name: p.name, what: about?.what, source: about?.source, config: full }) + '\n');
      else {
        const on = Object.entries(full.detectors).filter(([, s]) => s.enabled);
        out.write(`${p.name}\n`);
        if (about) out.write(`  what: ${about.what}\n  source: ${about.source}\n`);
        for (const [id, s] of on) {
          const { enabled: _e, ...params } = s;
          out.write(`  ${id} ${JSON.stringify(params)}\n`);
        }
      }
    }
    // Detectors no preset enables yet (no-progress) are still available to every config.
    if (!json) {
      out.write('\ndetectors (enable any in a config: detectors.<id>.enabled)\n');
      for (const d of DETECTOR_DEFS) out.write(`  ${d.id}: ${d.summary}\n`);
    }
    return;
  }
  if (command === 'formats') {
    if (files.length) throw new UsageError('formats takes no files');
    printFormats(json, out);
    return;
  }
  if (files.length === 0) throw new UsageError(`${command} needs at least one file (try --help)`);
  if (command === 'merge') {
    printMerge(await mergeShards(files, readStdin), json, out);
    return;
  }
  if (command === 'convert') {
    if (files.length !== 1) throw new UsageError('convert takes exactly one file or session folder');
    // A session folder may hold several transcripts (an OpenHands events folder beside others).
    for await (const loaded of loadEach(files, opts.format, err, ctx))
      out.write(writeLoopscopeJsonl(loaded.result.transcripts));
    return;
  }
  if (command === 'judge') {
    await runJudgeCommand(files, opts, out, err, ctx);
    return;
  }
  const config = await configFromArgs(opts.preset, opts.config, megabytesFlag('max-config-mb', opts['max-config-mb']));
  if (command === 'watch') return runWatch(files, config, ctx, watchFlags(opts), out, err);
  if (command === 'sweep') {
    if (!opts.param || !opts.values) throw new UsageError('sweep needs --param PATH and --values a,b,c');
    const loaded = await loadPaths(files, opts.format, err, ctx);
    printSweep(opts.param, sweepRecords(loaded, config, opts.param, parseValues(opts.values)), json, out);
    return;
  }
  // One file (or session folder) at a time: a huge folder's transcripts are not all held at once.
  if (command === 'detect') {
    for await (const loaded of loadEach(files, opts.format, err, ctx))
      orSkip(loaded.file, err, () => printDetect(detectRecords([loaded], config), json, out));
    return;
  }
  const labels = await readLabelFiles(labelFiles);
  const totals = evalTotals(config);
  for await (const loaded of loadEach(files, opts.format, err, ctx))
    orSkip(loaded.file, err, () => printEvalFile(totals.add(labels.apply(loaded, err)), json, out));
  labels.reportUnused(err);
  printEvalTotal(totals.total(), json, out);
}
