/**
 * The Python module's tables, written from the TypeScript definitions at export time: the
 * patterns and name lists the ported core and detectors use, the detectors' message templates,
 * every detector's parameter defaults and the preset configs. The hand-ported .py files name these tables and copy none of them.
 */
import { DIVIDER, DIVIDER_FIXED, ELEMENT, ELEMENT_FIXED } from '../engine/detectors/chant-tracker';
import { EDITISH, READISH, TESTISH } from '../engine/detectors/cycle';
import { GIT_OVERVIEW } from '../engine/detectors/git-inspection';
import { MESSAGE_TEMPLATES, OPENHANDS_SCENARIOS, QWEN_LOOP_REASONS } from '../engine/detectors/message-templates';
import {
  DURATION_MASK,
  HARNESS_ERROR,
  MISSING_ARGS,
  SPACE,
  STATUS_LINE,
  STATUS_ONLY_MAX,
} from '../engine/detectors/no-progress-step';
import { DETECTOR_DEFS } from '../engine/detectors/registry';
import { CONTINUED } from '../engine/detectors/session-continued';
import { SAME_PROMPT } from '../engine/detectors/user-prompt';
import { COMPLEX, FILE_READ, PRIMARY_KEYS } from '../engine/fingerprint';
import { PRESETS } from '../engine/presets/index';
import { EXIT_CODE, FILE_OP, HEREDOC, SHELL_ERROR, SHELL_TOOLS, TEST_FAILURE } from '../engine/shell';
import {
  ANY_NEEDLE,
  BLANK,
  EDGE,
  EDIT_LINT_FAILED,
  ERROR_PREFIX,
  EXCEPTION_LINE,
  EXIT_LINE,
  NO_SUCH_FILE,
  NOT_FOUND,
  TIMED_OUT,
} from '../model/error-rules';
import { pyString, pyValue } from './escape/python-literal';
import { pyRegex } from './python-regex';

/** Python name → the engine's pattern it is compiled from (or a list of them). */
export const PY_PATTERNS: readonly (readonly [string, RegExp | readonly RegExp[]])[] = [
  // src/model/error-rules.ts
  ['_BLANK', BLANK],
  ['_EXIT_LINE', EXIT_LINE],
  ['_NOT_FOUND', NOT_FOUND],
  ['_NO_SUCH_FILE', NO_SUCH_FILE],
  ['_EXCEPTION_LINE', EXCEPTION_LINE],
  ['_ANY_NEEDLE', ANY_NEEDLE],
  ['_ERROR_PREFIX', ERROR_PREFIX],
  ['_EDIT_LINT_FAILED', EDIT_LINT_FAILED],
  ['_TIMED_OUT', TIMED_OUT],
  // src/engine/shell.ts
  ['_EXIT_CODE', EXIT_CODE],
  ['_SHELL_ERROR', SHELL_ERROR],
  ['_TEST_FAILURE', TEST_FAILURE],
  ['_FILE_OP', FILE_OP],
  ['_HEREDOC', HEREDOC],
  // src/engine/fingerprint.ts
  ['_FILE_READ', FILE_READ],
  ['_COMPLEX', COMPLEX],
  // src/engine/detectors/cycle.ts, git-inspection.ts
  ['_TESTISH', TESTISH],
  ['_EDITISH', EDITISH],
  ['_READISH', READISH],
  ['_QWEN_GIT', GIT_OVERVIEW],
  // src/engine/detectors/chant-tracker.ts, user-prompt.ts
  ['_ELEMENT', ELEMENT],
  ['_DIVIDER', DIVIDER],
  ['_ELEMENT_FIXED', ELEMENT_FIXED],
  ['_DIVIDER_FIXED', DIVIDER_FIXED],
  ['_SAME_PROMPT', SAME_PROMPT],
  // src/engine/detectors/no-progress-step.ts, session-continued.ts
  ['_NP_STATUS_LINE', STATUS_LINE],
  ['_NP_HARNESS', HARNESS_ERROR],
  ['_NP_MISSING_ARGS', MISSING_ARGS],
  ['_NP_DURATION_MASK', DURATION_MASK],
  ['_NP_SPACE', SPACE],
  ['_NP_CONTINUED', CONTINUED],
];

/** Python name → a constant of the engine (numbers, strings, name lists). */
const PY_CONSTANTS: readonly (readonly [string, unknown])[] = [
  ['_EDGE', EDGE],
  ['_NP_STATUS_ONLY_MAX', STATUS_ONLY_MAX],
  ['_SHELL_TOOLS', [...SHELL_TOOLS]],
  ['_PRIMARY_KEYS', [...PRIMARY_KEYS]],
  // Detector messages as templates (message-templates.ts), filled in by format_message.
  ['MESSAGES', MESSAGE_TEMPLATES],
  ['_QWEN_MESSAGES', QWEN_LOOP_REASONS],
  ['_OH_SCENARIO_TEXT', OPENHANDS_SCENARIOS],
];

/** Every name the tables define: no hand-ported file may define one of them again. */
export const PY_TABLE_NAMES: readonly string[] = [
  ...PY_PATTERNS.map(([name]) => name),
  ...PY_CONSTANTS.map(([name]) => name),
  'DEFAULTS',
  'PRESETS',
];

function compiled(re: RegExp): string {
  const { source, flags } = pyRegex(re);
  return `re.compile(${pyString(source)}, ${flags.join(' | ')})`;
}

function patternLine(name: string, re: RegExp | readonly RegExp[]): string {
  return `${name} = ${re instanceof RegExp ? compiled(re) : `[${re.map(compiled).join(', ')}]`}`;
}

/** The tables' Python text, placed after the module's imports and before the ported code. */
export function pythonTables(): string {
  return [
    '# ---- Tables written from the TypeScript definitions when this module was exported ----',
    ...PY_PATTERNS.map(([name, re]) => patternLine(name, re)),
    ...PY_CONSTANTS.map(([name, v]) => `${name} = ${pyValue(v)}`),
    "# Every detector's parameter defaults (the registry), and the presets by name.",
    `DEFAULTS = ${pyValue(Object.fromEntries(DETECTOR_DEFS.map((d) => [d.id, d.defaults])))}`,
    `PRESETS = ${pyValue(Object.fromEntries(PRESETS.map((p) => [p.name, p])))}`,
  ].join('\n');
}
