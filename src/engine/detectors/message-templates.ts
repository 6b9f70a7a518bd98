/**
 * Detector messages as data: one template per text, `{name}` marking where a value goes. The
 * engine formats them with formatMessage; the Python module gets the same templates written in
 * and formats them with the same rule (format_message), so the two cannot drift apart.
 */
/** ChatLoop's advice, closing each of its suggestions. */
const ADVICE = 'Consider a different approach or ask the user for help.';

const NO_PROGRESS_ASK =
  'Nothing new is being learned. Change something real (another command, file or approach), or explain what is blocking you.';

export const MESSAGE_TEMPLATES = {
  // ChatLoop's four detectors (chatloop-message.ts).
  'chatloop.warn': '⚠️ Loop detected ({description}). {suggestion}',
  'chatloop.terminate': 'Loop detected: {suggestion}',
  'exact-repeat.description': "exact duplicate of '{tool}'",
  'exact-repeat.suggestion': `The tool '{tool}' has been called {count} times with identical arguments. ${ADVICE}`,
  'similar-args.description': "similar arguments to '{tool}'",
  'similar-args.suggestion': `The tool '{tool}' has been called {count} times with similar arguments. ${ADVICE}`,
  'same-result.description': 'repetitive {kind}',
  'same-result.suggestion': `The result of '{tool}' is similar to {earlier} in the window. ${ADVICE}`,
  'pattern.description': 'repeating pattern of {length} calls',
  'pattern.suggestion': `The pattern {chain} has repeated {repetitions} times. ${ADVICE}`,
  // no-progress (no-progress-message.ts): {list} is the numbered steps, one per line.
  'no-progress.recurrence.terminate':
    'Loop detected: the same step {n} times in the last {window} steps, with no new change between. Stopping the run:\n  1. {shown}',
  'no-progress.recurrence.warn': `⚠️ No progress: the same step (or the same error, or the same failed edit) {n} times in the last {window} steps, with no new change between:\n  1. {shown}\n${NO_PROGRESS_ASK}`,
  'no-progress.window.terminate':
    'Loop detected: no progress in the last {n} steps (each repeated an action and result seen within the {window} steps before it). Stopping the run:\n{list}',
  'no-progress.window.warn': `⚠️ No progress: the last {n} steps each repeated an action and its result (or an error) seen within the {window} steps before it:\n{list}\n${NO_PROGRESS_ASK}`,
  'no-progress.across-changes.terminate':
    'Loop detected: the same failure {n} times in the last {window} steps, though edits came between. Stopping the run:\n  1. {shown}',
  'no-progress.across-changes.warn':
    '⚠️ No progress: the same failure {n} times in the last {window} steps, though edits came between:\n  1. {shown}\n' +
    'The edits are not changing the result. Read the error again, check the assumption behind the fix, or try another approach.',
  // Gemini CLI's recovery feedback and halt notice (content-chanting.ts).
  'gemini.terminate':
    'A potential loop was detected. This can happen due to repetitive tool calls or other model behavior. The request has been halted. Details: {detail}',
  'gemini.warn':
    "System: Potential loop detected. Details: {detail}. Please take a step back and confirm you're making forward progress. " +
    "If not, take a step back, analyze your previous actions and rethink how you're approaching the problem. " +
    'Avoid repeating the same tool calls or responses without new results.',
  'gemini.chanting': 'Repeating content detected: "{excerpt}..."',
  // doom-loop.ts: the doom-loop design's three nudges (tiers 3, 2, 1) and the rejection.
  'doom-loop.critical':
    "[System] CRITICAL: You've called {tool} with the same arguments {n} times.\n" +
    'You are in a doom loop. You MUST:\n' +
    '1. STOP calling {tool} immediately\n' +
    "2. Explain what you're stuck on\n" +
    '3. Try a completely different approach\n' +
    'Further identical calls will be rejected.',
  'doom-loop.warning':
    "[System] WARNING: You've called {tool} {n} times with identical arguments.\n" +
    'This is a stuck state.\n' +
    '1. Try a DIFFERENT approach or tool\n' +
    '2. If blocked, explain the blocker',
  'doom-loop.nudge':
    "[System] You've called {tool} with the same arguments {n} times.\n" +
    'This indicates a stuck state. Either:\n' +
    '1. Try a DIFFERENT approach or tool\n' +
    "2. If blocked, explain what's preventing progress\n" +
    '3. If the task is complete, say so explicitly',
  'doom-loop.rejection':
    '[System] REJECTED: {tool} called with the same arguments {n} times after the critical warning. ' +
    'This call was not run.\n' +
    'Stop calling {tool} and try a completely different approach.',
  // identical-streak.ts (Cline, Roo Code, CrewAI)
  'identical-streak.stop': 'Loop detected: {tool} called {count} times in a row with identical arguments.',
  'identical-streak.warn':
    'You have called "{tool}" with identical arguments {count} times consecutively without making progress. Try a different approach.',
  // hermes-state.ts (Hermes Agent's tool guardrails)
  'hermes.web-search-cap':
    'Blocked web_search: this turn has already made {max} web searches, the per-turn limit. This looks like a runaway search loop. Work with the results you already have and give the user your answer.',
  'hermes.subagent-cap':
    'Blocked delegate_task: this turn has already spawned {count} subagents (limit {max}). This looks like a runaway delegation loop. Finish the work with the results you have and answer the user.',
  'hermes.exact-failure-block':
    'Blocked {tool}: the same tool call failed {count} times with identical arguments. Stop retrying it unchanged; change strategy or explain the blocker.',
  'hermes.no-progress-block':
    'Blocked {tool}: this read-only call returned the same result {count} times. Stop repeating it unchanged; use the result already provided or try a different query.',
  'hermes.same-tool-halt':
    'Stopped {tool}: it failed {count} times this turn. Stop retrying the same failing tool path and choose a different approach.',
  'hermes.exact-failure-warn':
    '{tool} has failed {count} times with identical arguments. This looks like a loop; inspect the error and change strategy instead of retrying it unchanged.',
  'hermes.same-tool-warn':
    '{tool} has failed {count} times this turn. This looks like a loop. Do not switch to text-only replies; keep using tools, but diagnose before retrying.',
  'hermes.no-progress-warn':
    '{tool} returned the same result {count} times. Use the result already provided or change the query instead of repeating it unchanged.',
  'hermes.identical-halt':
    'Stopped {tool}: the same call with identical arguments returned the same result {count} times in a row. Stop repeating it unchanged; use the result already provided or change strategy.',
  'hermes.identical-note':
    '[hermes note: this is the {ordinal} consecutive identical call to {tool} with identical arguments returning the same result. Do not repeat it — change arguments, use a different tool, or proceed with what you have.]',
  'hermes.cycle-halt':
    'Stopped {tool}: the same repeating cycle of tool calls (period {period}) with identical arguments and identical results has run {laps} times. Repeating the batch unchanged is not progress; use the results already provided or change strategy.',
  'hermes.cycle-note':
    '[hermes note: the last {laps} rounds repeated the same cycle of {period} tool calls (ending with {tool}) with identical arguments and identical results. Do not repeat the batch — change arguments, use a different tool, or proceed with what you have.]',
  // The doom-loop design's other prompts (bash-failure-cascade.ts, test-fix.ts, summary-loop.ts, global-doom-loop.ts).
  'bash-failure-cascade.file-operations':
    '[System] {n} consecutive shell commands have failed while doing file operations.\n' +
    'Stop using the shell for files. Use the file tools instead:\n' +
    '- read a file: read_file (instead of cat/head/tail)\n' +
    '- create a file: write_file (instead of echo/cat with a redirect or a heredoc)\n' +
    '- change a file: edit_file (instead of sed/awk)\n' +
    'Switch to these tools now.',
  'bash-failure-cascade.other':
    '[System] {n} consecutive shell commands have failed. Stop and:\n' +
    "1. Explain what you're trying to accomplish\n" +
    '2. Try a DIFFERENT approach or tool\n' +
    '3. Do not run another command of the same kind until you know why these failed',
  'test-fix':
    "[System] You've had {n} consecutive test failures. Step back and rethink:\n" +
    '1. Re-read the error messages carefully\n' +
    '2. Consider whether your approach is fundamentally wrong\n' +
    '3. Try a DIFFERENT fix strategy instead of iterating on the same one',
  'summary-loop':
    '[System] Your last {n} responses were text only, without any tool call. You should be DOING the work, not summarizing it.\n' +
    'Pick the most important remaining task and start on it NOW with your tools (read_file, edit_file, write_file, bash...).\n' +
    'Do NOT write another status summary or task list.',
  'global-doom-loop':
    '[System] GLOBAL DOOM LOOP: {total} calls to {tool} across\n' +
    '{workers} workers. The entire swarm is stuck on this approach.\n' +
    '1. Try a fundamentally different strategy\n' +
    '2. Do NOT retry the same tool/parameters\n' +
    '3. Consider whether the task goal itself needs re-evaluation',
  // cycle.ts: {pattern} is the numbered calls, {alternatives} the suggestions, one per line.
  'cycle.terminate':
    'LOOP_DETECTED: stopping the session. The following pattern has repeated {count} times ' +
    '(detection {level} of this pattern):\n{pattern}',
  'cycle.first':
    '⚠️ Loop detected: You appear to be repeating the same sequence of tool calls\n' +
    'without making progress. The following pattern has repeated {count} times:\n{pattern}\n\n' +
    'Please try a different approach. Consider:\n' +
    '- Re-reading error messages more carefully\n' +
    '- Trying an alternative solution strategy\n' +
    '- Breaking the problem into smaller steps',
  'cycle.again':
    '⚠️ Loop detected again: You are still repeating the same sequence of tool calls\n' +
    'after a warning. The following pattern has repeated {count} times:\n{pattern}\n\n' +
    'This is detection {level} of this pattern. Do something specific and different now:\n{alternatives}',
  'cycle.last-warning': '\nIf this pattern repeats once more, the session will be stopped (LOOP_DETECTED).',
  // consecutive-repeat.ts (crustly): the message, and a hint by kind of tool.
  'consecutive-repeat': "⚠️ Detected tool loop: '{signature}' called {count} times in a row. Breaking loop.",
  'consecutive-repeat.exploration':
    '\n💡 Hint: The model is stuck trying to access the same path {count} times. ' +
    "This often means the path doesn't exist or the model is confused about the directory structure.",
  'consecutive-repeat.modification':
    '\n⚠️ Modification tool loop detected! This could be dangerous. ' +
    'The model tried to modify the same file/run the same command {count} times.',
  // batch-repeat.ts (docker-agent, octo-agent), step-repeat.ts (Crush)
  'batch-repeat':
    'Agent terminated: detected {count} consecutive identical calls to {tool}. ' +
    'This indicates a degenerate loop where the model is not making progress.',
  'step-repeat':
    'Agent stopped: the same tool call step ({step}) repeated more than {max} times in the last {window} steps.',
  // stuck-loop.ts (pydantic-deepagents)
  'stuck-loop.repeated': 'You called `{tool}` with identical arguments {n} times in a row. Try a different approach.',
  'stuck-loop.alternating':
    "You're alternating between `{first}` and `{second}` in a loop ({n} cycles). Step back and try a different strategy.",
  'stuck-loop.noop':
    '`{tool}` returned the same result {n} times in a row. The operation has no effect — try something different.',
  // tool-loop.ts (OpenClaw)
  'tool-loop.unknown-tool':
    'CRITICAL: attempted unavailable tool {tool} {count} times. Stop retrying that missing tool and answer without it.',
  'tool-loop.global-circuit-breaker':
    'CRITICAL: {tool} has repeated identical no-progress outcomes {count} times. Session execution blocked by global circuit breaker to prevent runaway loops.',
  'tool-loop.poll-critical':
    'CRITICAL: Called {tool} with identical arguments and no progress {count} times. This appears to be a stuck polling loop. Session execution blocked to prevent resource waste.',
  'tool-loop.poll-warning':
    'WARNING: You have called {tool} {count} times with identical arguments and no progress. Stop polling and either (1) increase wait time between checks, or (2) report the task as failed if the process is stuck.',
  'tool-loop.ping-pong-critical':
    'CRITICAL: You are alternating between repeated tool-call patterns ({count} consecutive calls) with no progress. This appears to be a stuck ping-pong loop. Session execution blocked to prevent resource waste.',
  'tool-loop.ping-pong-warning':
    'WARNING: You are alternating between repeated tool-call patterns ({count} consecutive calls). This looks like a ping-pong loop; stop retrying and report the task as failed.',
  'tool-loop.generic-critical':
    'CRITICAL: Called {tool} with identical arguments and identical outcomes {count} times. Session execution blocked to prevent runaway loops.',
  'tool-loop.generic-warning':
    'WARNING: You have called {tool} {count} times with identical arguments. If this is not making progress, stop retrying and report the task as failed.',
  // judge/judge-loop.ts (llm-judge): {by} is llm-judge.score, or llm-judge.flash-pro with pro or pro-unavailable.
  'llm-judge.confirmed': 'Loop confirmed by the {stand} at turn {turn}: {by} (threshold {threshold}).',
  'llm-judge.analysis': ' Analysis: {analysis}',
  'llm-judge.llm': 'LLM judge',
  'llm-judge.heuristic': 'heuristic stand-in (not an LLM)',
  'llm-judge.score': 'score {score}',
  'llm-judge.flash-pro': 'flash {score}, {pro}',
  'llm-judge.pro': 'pro {score}',
  'llm-judge.pro-unavailable': 'pro unavailable (trusting flash)',
  // qwen-loop.ts (Qwen Code): {reason} from QWEN_LOOP_REASONS.
  'qwen-loop': 'A potential loop was detected ({type}): {reason}. The turn has been halted.',
  // openhands-stuck.ts: {text} from OPENHANDS_SCENARIOS; the last action added when there is one.
  'openhands-stuck.nudge':
    'Nudge: the same action ended in an error {count} times in a row; repeating it again will not work.',
  'openhands-stuck.stuck': 'Agent stuck in a loop: {loopType} (scenario {scenario}, {text}).',
  'openhands-stuck.last-action': '\nLast action: {call}',
} as const;

/** What each of Qwen Code's loop types means, in qwen-loop's message. */
export const QWEN_LOOP_REASONS = {
  consecutive_identical_tool_calls: 'the same tool call with identical arguments repeated',
  shell_command_stagnation: 'the same overview git inspection repeated',
  turn_tool_call_cap: 'too many tool calls in this turn',
  global_tool_call_duplicate: 'the same tool call repeated across the turn',
  alternating_tool_call_pattern: 'two tool calls alternating',
  read_file_loop: 'file reads without progress',
  action_stagnation: 'the same tool called repeatedly with varying arguments',
} as const;

/** OpenHands' stuck scenarios by number, in openhands-stuck's message. */
export const OPENHANDS_SCENARIOS: Readonly<Record<string, string>> = {
  1: 'the same action with the same observation',
  2: 'the same action ending in errors',
  3: 'the agent repeating its own message (monologue)',
  4: 'two actions and their observations alternating',
  5: 'condensations with nothing between them (context window loop)',
  6: 'empty responses in a row',
};

export type MessageKey = keyof typeof MESSAGE_TEMPLATES;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/**
 * The template with each `{name}` replaced by its value (numbers as String writes them). Values
 * are not read again for placeholders: a tool named `{count}` stays as it is.
 */
export function formatMessage(key: MessageKey, values: Record<string, string | number>): string {
  return MESSAGE_TEMPLATES[key].replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`message ${key}: no value for {${name}}`);
    return String(v);
  });
}
