/**
 * Every importer, in sniffing order: specific formats before general ones, because a general
 * sniffer (a JSON array of messages) would also accept a more specific file.
 */
import { loopscopeJsonlImporter } from './loopscope-jsonl';
import { aiderImporter } from './aider';
import { specStoryImporter } from './specstory';
import { inspectAiImporter } from './inspect-ai';
import { codexRolloutImporter } from './codex-rollout';
import { geminiCliImporter } from './gemini-cli';
import { otelGenaiImporter } from './otel-genai';
import { openaiResponsesImporter } from './openai-responses';
import { anthropicMessagesImporter } from './anthropic-messages';
import { openaiChatImporter } from './openai-chat';
import { claudeCodeImporter } from './claude-code';
import { openhandsImporter } from './openhands';
import { sweAgentImporter } from './swe-agent';
import { moatlessImporter } from './moatless';
import { clineTaskImporter } from './cline-task';
import { clineUiMessagesImporter } from './cline-ui-messages';
import type { Importer } from './types';

export const importers: Importer[] = [
  // Before loopscope-jsonl: its lines also have "type": "user" / "assistant" (plus sessionId).
  claudeCodeImporter,
  loopscopeJsonlImporter,
  inspectAiImporter,
  aiderImporter,
  specStoryImporter,
  openhandsImporter,
  sweAgentImporter,
  moatlessImporter,
  // Cline / Roo Code / Kilo Code task files: before the general message-array importers.
  clineTaskImporter,
  clineUiMessagesImporter,
  codexRolloutImporter,
  geminiCliImporter,
  otelGenaiImporter,
  openaiResponsesImporter,
  anthropicMessagesImporter,
  // Most general last: a plain JSON array of {role, content} messages.
  openaiChatImporter,
];

export function importerById(id: string): Importer | undefined {
  return importers.find((i) => i.id === id);
}
