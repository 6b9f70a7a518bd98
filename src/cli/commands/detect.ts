import { resolveConfig, type EngineConfig } from '../../engine/config';
import { metricsOf } from '../../engine/compare';
import { publicEvent } from '../../engine/event';
import { replay } from '../../engine/replay';
import { callCount } from '../../model/transcript';
import { terminalLine } from '../../export/escape/terminal';
import type { PublicEvent } from '../../engine/event';
import type { LoadedFile, Out } from '../io';
import { metricsLine } from './evaluate';

/** One JSON object per transcript, exactly the shape of docs/design.md, section 6. */
export function detectRecords(files: LoadedFile[], config: EngineConfig) {
  const resolved = resolveConfig(config);
  const records = [];
  for (const { file, result } of files) {
    for (const t of result.transcripts) {
      const r = replay(t, resolved);
      records.push({
        file,
        transcript: t.title,
        format: result.format,
        turns: t.turns.length,
        calls: callCount(t),
        events: r.events.map(publicEvent),
        checks: r.checks.map((c) => ({
          turn: c.turn,
          model: c.model,
          confidence: c.confidence,
          nextInterval: c.nextInterval,
        })),
        stoppedAt: r.stoppedAt ? { turn: r.stoppedAt.turn, call: r.stoppedAt.call ?? null } : null,
        metrics: metricsOf(r, t, resolved.countAction),
      });
    }
  }
  return records;
}

/**
 * `JSON.stringify(record)`, written a thousand events at a time: a run of a million steps has a
 * million events, and their one JSON string (twice its length in memory, the messages hold emoji)
 * pushed the CLI past 1.4 GB.
 */
function writeRecordJson(r: Record<string, unknown>, out: Out): void {
  let sep = '{';
  for (const [k, v] of Object.entries(r)) {
    if (k !== 'events' || !Array.isArray(v)) {
      const value = JSON.stringify(v) as string | undefined;
      if (value === undefined) continue;
      out.write(`${sep}${JSON.stringify(k)}:${value}`);
    } else {
      out.write(`${sep}"events":[`);
      for (let i = 0; i < v.length; i += 1000)
        out.write(
          (i > 0 ? ',' : '') +
            v
              .slice(i, i + 1000)
              .map((e) => JSON.stringify(e))
              .join(','),
        );
      out.write(']');
    }
    sep = ',';
  }
  out.write(sep === '{' ? '{}\n' : '}\n');
}

/** One event on one line: where, which detector, what it does, and its message's first line. */
export function eventLine(e: PublicEvent): string {
  const at = `turn ${e.turn}${e.call === undefined ? '' : ` call ${e.call}`}`;
  return `${at}  ${e.detector}  ${e.action} (level ${e.level})  ${terminalLine(e.message.split('\n')[0])}`;
}

export function printDetect(records: ReturnType<typeof detectRecords>, json: boolean, out: Out): void {
  for (const r of records) {
    if (json) {
      writeRecordJson(r, out);
      continue;
    }
    out.write(
      `${terminalLine(r.file)} — ${terminalLine(r.transcript)} (${r.format}, ${r.turns} turns, ${r.calls} calls)\n`,
    );
    if (r.events.length === 0) out.write('  no loop detected\n');
    for (const e of r.events) out.write(`  ${eventLine(e)}\n`);
    out.write(r.stoppedAt ? `  stopped at turn ${r.stoppedAt.turn}\n` : '  never stopped\n');
    if (r.metrics) out.write(`  ${metricsLine(r.metrics)}\n`);
  }
}
