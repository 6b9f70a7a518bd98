/**
 * `loopscope formats`: every importer's id (what --format takes), its name, and a line on the
 * files it reads. The unknown-format message points here (src/import/unknown-format.ts).
 */
import { importers } from '../../import/registry';
import type { Out } from '../io';

/** One line per format id: what files it reads and how they are recognised. Details: docs/formats.md. */
export const FORMAT_NOTES: Readonly<Record<string, string>> = {
  'claude-code': 'session files (<uuid>.jsonl): entries with "type" and "sessionId"',
  'loopscope-jsonl': '*.loop.jsonl: meta/user/assistant/label records, one a line',
  'inspect-ai': 'a .eval zip archive, or a .json EvalLog with "eval" and "samples"',
  aider: '.aider.chat.history.md: Markdown with "# aider chat started at" lines',
  specstory: '.specstory/history/*.md (Cursor, Copilot, Claude Code): _**User**_ / _**Assistant**_ messages',
  openhands: 'action/observation or SDK "kind" events: a list, one a line, or an events/ folder',
  'swe-agent': '*.traj: "trajectory" steps with action/observation, or "history"',
  moatless: 'a trajectory with a root "transitions" list',
  'cline-task':
    'api_conversation_history.json (XML or native tool calls), or a tasks/<id>/ folder with ui_messages.json',
  'cline-ui-messages': "ui_messages.json: the panel's say/ask events, when no task history is next to it",
  'codex-rollout': 'rollout-*.jsonl: {timestamp, type, payload} lines',
  'gemini-cli': 'chat recordings {sessionId, projectHash, messages}, or Gemini API contents',
  'otel-genai': '"resourceSpans" with gen_ai spans: one document, or one a line',
  'openai-responses': 'input/output items, a request or a response: one document, or one a line',
  'anthropic-messages': 'a messages array, a request or a response: one document, or one a line',
  'openai-chat': 'a messages array, requests or responses: one document, or one a line',
};

export function printFormats(json: boolean, out: Out): void {
  for (const imp of importers) {
    const note = FORMAT_NOTES[imp.id] ?? '';
    if (json) out.write(JSON.stringify({ id: imp.id, label: imp.label, description: note }) + '\n');
    else out.write(`${imp.id.padEnd(19)}${imp.label} — ${note}\n`);
  }
  if (!json) out.write('\nForce one with --format ID; how each is read: docs/formats.md\n');
}
