import { ConfigError, getParam, type EngineConfig } from '../../engine/config';
import { sweep, type SweepPoint } from '../../engine/sweep';
import { UsageError, type LoadedFile, type Out } from '../io';
import { scoreLines } from './evaluate';

/** `--values 2,3,4` parsed to the parameter's own type (numbers, booleans or strings). */
export function parseValues(raw: string): unknown[] {
  return raw.split(',').map((s) => {
    const v = s.trim();
    if (v === 'true' || v === 'false') return v === 'true';
    const n = Number(v);
    return v !== '' && Number.isFinite(n) ? n : v;
  });
}

export function sweepRecords(
  files: LoadedFile[],
  config: EngineConfig,
  param: string,
  values: unknown[],
): SweepPoint[] {
  try {
    if (getParam(config, param) === undefined) throw new ConfigError(param, 'no such parameter');
    return sweep(
      files.flatMap((f) => f.result.transcripts),
      config,
      param,
      values,
    );
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(`--param ${e.message}`);
    throw e;
  }
}

export function printSweep(param: string, points: SweepPoint[], json: boolean, out: Out): void {
  for (const p of points) {
    if (json) out.write(JSON.stringify({ param, value: p.value, metrics: p.metrics, unlabelled: p.unlabelled }) + '\n');
    else out.write(`${param} = ${JSON.stringify(p.value)}\n${scoreLines(p)}`);
  }
}
