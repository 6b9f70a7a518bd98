/**
 * The LLM-check design's LLM judge prompt and answer schema, verbatim, so a browser client and the engine
 * ask the same question. The task prompt is Gemini CLI's (the design's prompt comes from there).
 */

export const JUDGE_SYSTEM_PROMPT = `You are a sophisticated AI diagnostic agent specializing in identifying when a conversational AI is stuck in an unproductive state. Your task is to analyze the provided conversation history and determine if the assistant has ceased to make meaningful progress.

An unproductive state is characterized by one or more of the following patterns over the last 5 or more assistant turns:

Repetitive Actions: The assistant repeats the same tool calls or conversational responses a decent number of times. This includes simple loops (e.g., tool_A, tool_A, tool_A) and alternating patterns (e.g., tool_A, tool_B, tool_A, tool_B, ...).

Cognitive Loop: The assistant seems unable to determine the next logical step. It might express confusion, repeatedly ask the same questions, or generate responses that don't logically follow from the previous turns, indicating it's stuck and not advancing the task.

Crucially, differentiate between a true unproductive state and legitimate, incremental progress.
For example, a series of 'tool_A' or 'tool_B' tool calls that make small, distinct changes to the same file (like adding docstrings to functions one by one) is considered forward progress and is NOT a loop. A loop would be repeatedly replacing the same text with the same content, or cycling between a small set of files with no net change.`;

/** The closing user message (Gemini CLI's `taskPrompt`). */
export const JUDGE_TASK_PROMPT =
  'Please analyze the conversation history to determine the possibility that the conversation is stuck in a repetitive, non-productive state. Provide your response in the requested JSON format.';

/** Sent first when the history would otherwise open with a bare function call (Gemini CLI). */
export const JUDGE_HISTORY_PREAMBLE = 'Recent conversation history:';

export const JUDGE_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    unproductive_state_analysis: {
      type: 'string',
      description: 'Your reasoning on if the conversation is looping without forward progress.',
    },
    unproductive_state_confidence: {
      type: 'number',
      description:
        'A number between 0.0 and 1.0 representing your confidence that the conversation is in an unproductive state.',
    },
  },
  required: ['unproductive_state_analysis', 'unproductive_state_confidence'],
} as const;
