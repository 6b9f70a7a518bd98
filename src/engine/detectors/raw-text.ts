/**
 * The `rawText` parameter every detector that compares arguments or results carries: off (the
 * default), they compare through the observation normaliser (observation.ts); on, as recorded.
 */
import type { ParamSpec } from '../params';

export const RAW_TEXT_PARAM: ParamSpec = {
  key: 'rawText',
  label: 'Compare raw text',
  type: 'boolean',
  help: 'Off: arguments and results are compared with volatile tokens masked (shell line numbers, timestamps, durations, hex addresses, UUIDs, PIDs, temp paths, ANSI escapes, whitespace runs). On: compared exactly as recorded.',
};
