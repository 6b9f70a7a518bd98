/**
 * What the events of a Cline / Roo Code panel log (`ui_messages.json`) show as tool calls, and
 * which events answer them (cline/cline `src/shared/ExtensionMessage.ts`: ClineAsk, ClineSay,
 * ClineSayTool). Read by cline-ui-messages.ts.
 */
import { tryParseJson } from './json-parse';
import { isObj, str, type Obj } from './transcript-builder';

/** ClineSayTool `tool` values, as the tool names the model used. */
const UI_TOOL_NAMES: Readonly<Record<string, string>> = {
  readFile: 'read_file',
  editedExistingFile: 'replace_in_file',
  newFileCreated: 'write_to_file',
  listFilesTopLevel: 'list_files',
  listFilesRecursive: 'list_files',
  listCodeDefinitionNames: 'list_code_definition_names',
  searchFiles: 'search_files',
  webFetch: 'web_fetch',
  webSearch: 'web_search',
  appliedDiff: 'apply_diff',
  insertContent: 'insert_content',
  searchAndReplace: 'search_and_replace',
  codebaseSearch: 'codebase_search',
  switchMode: 'switch_mode',
  newTask: 'new_task',
  fetchInstructions: 'fetch_instructions',
  updateTodoList: 'update_todo_list',
  generateImage: 'generate_image',
};

export function jsonText(text: string): Obj | undefined {
  const v = tryParseJson(text);
  return isObj(v) ? v : undefined;
}

/** ClineSayTool kinds that read: their `content` is not an argument. */
const READING_TOOLS = new Set([
  'readFile',
  'listFilesTopLevel',
  'listFilesRecursive',
  'listCodeDefinitionNames',
  'searchFiles',
  'webFetch',
  'webSearch',
  'codebaseSearch',
]);

export interface UiCall {
  name: string;
  args: Obj;
  /** What the tool gave back, when the event shows it (a reading tool's listing or hits). */
  output?: string;
}

/** The call a panel event shows, or undefined when it shows none. */
export function callOf(kind: string, text: string): UiCall | undefined {
  switch (kind) {
    case 'command':
      return { name: 'execute_command', args: { command: text } };
    case 'tool': {
      const o = jsonText(text);
      if (!o) return undefined;
      const { tool, ...args } = o;
      const name = typeof tool === 'string' ? (UI_TOOL_NAMES[tool] ?? tool) : 'unknown';
      // A reading tool's `content` is what it read (a listing, search hits) or, for readFile,
      // the absolute path: not an argument the model gave.
      if (typeof tool === 'string' && READING_TOOLS.has(tool) && 'content' in args) {
        const { content, ...rest } = args;
        return tool === 'readFile' || typeof content !== 'string'
          ? { name, args: rest }
          : { name, args: rest, output: content };
      }
      return { name, args };
    }
    case 'completion_result':
      return text.trim() ? { name: 'attempt_completion', args: { result: text } } : undefined;
    case 'followup': {
      const o = jsonText(text);
      return { name: 'ask_followup_question', args: o ?? { question: text } };
    }
    case 'plan_mode_respond': {
      const o = jsonText(text);
      return { name: 'plan_mode_respond', args: o ?? { response: text } };
    }
    case 'use_mcp_server': {
      const o = jsonText(text);
      if (!o) return undefined;
      const { type, ...args } = o;
      return { name: str(type) ?? 'use_mcp_tool', args };
    }
    case 'browser_action_launch':
      return { name: 'browser_action', args: { action: 'launch', url: text } };
    case 'browser_action': {
      const o = jsonText(text);
      return o ? { name: 'browser_action', args: o } : undefined;
    }
    case 'new_task':
      return { name: 'new_task', args: { context: text } };
    case 'load_mcp_documentation':
      return { name: 'load_mcp_documentation', args: {} };
    default:
      return undefined;
  }
}

/** Kinds whose event answers the call before it: output, an MCP or browser answer, an error. */
export const ANSWERS: Record<string, string | undefined> = {
  command_output: 'execute_command',
  mcp_server_response: undefined,
  browser_action_result: 'browser_action',
};

export function browserResult(text: string): string {
  const o = jsonText(text);
  if (!o) return text;
  // The screenshot is a data URL of hundreds of kilobytes: what it showed is not text.
  const { screenshot, ...rest } = o;
  return JSON.stringify(screenshot === undefined ? rest : { ...rest, screenshot: '[image]' });
}
