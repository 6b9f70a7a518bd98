/** What the Cline tests compare: each turn's calls as `name[!]:result`, and the fixture task's. */
import type { Transcript } from '../model/transcript';

/** `!` marks a refused call; `error`, `ok` or `-` (no answer) its result. */
export const callSummary = (t: Transcript) =>
  t.turns.map((u) =>
    u.calls.map((c) => `${c.name}${c.rejected ? '!' : ''}:${c.result?.isError ? 'error' : c.result ? 'ok' : '-'}`),
  );

export const TERRAFORM_TITLE = 'terraform plan fails in infra/ - fix the configuration so that the plan succeeds';

/** The calls of fixtures/cline-task/xml-task: a plan failing five times, a turn without a tool, the fix. */
export const TERRAFORM_CALLS = [
  ['read_file:ok'],
  ['execute_command:error'],
  ['execute_command:error'],
  ['execute_command:error'],
  ['execute_command:error'],
  ['execute_command:error'],
  ['no_tool_used!:error'],
  ['replace_in_file:ok'],
  ['read_file:ok', 'execute_command!:error'],
  ['execute_command:ok'],
  ['attempt_completion:-'],
];
