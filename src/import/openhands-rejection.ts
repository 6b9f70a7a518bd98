/**
 * The tool a rejected OpenHands (V0) call was meant for, read from the rejection text. V0 writes a
 * refused call as an agent `ErrorObservation` with no cause and no record of the call itself; the
 * name is only in the message. Templates, verbatim from All-Hands-AI/OpenHands:
 * - `openhands/llm/fn_call_converter.py` @fb12270e (FunctionCallValidationError, non-native calls):
 *   "Missing required parameters for function '{fn_name}': {missing_params}",
 *   "Parameter '{param_name}' is not allowed for function '{fn_name}'. Allowed parameters: {…}",
 *   "Function '{fn_name}' not found in available tools: [...]".
 *   ("Parameter '{p}' is expected to be one of / an integer / an array" names no function.)
 * - `openhands/agenthub/codeact_agent/function_calling.py` @3db179ab (native calls):
 *   'Missing required argument "{arg}" in tool call {name}',
 *   'Unexpected argument {key} in tool call {name}. Allowed arguments are: {…}',
 *   'Tool {name} is not registered. (arguments: {…}). Please check the tool name and retry …'.
 *   ("Failed to parse tool call arguments: …" names no tool.)
 */

const TEMPLATES: RegExp[] = [
  /^Missing required parameters for function '([^']+)'/,
  /^Parameter '.*' is not allowed for function '([^']+)'/,
  /^Function '([^']+)' not found in available tools/,
  /^Missing required argument "[^"]*" in tool call (\S+)/,
  /^Unexpected argument \S+ in tool call (\S+?)\. Allowed arguments/,
  /^Tool (\S+) is not registered\./,
];

/** The tool name a rejection message names, or undefined when its template names none. */
export function rejectedToolName(text: string): string | undefined {
  const t = text.trim();
  for (const re of TEMPLATES) {
    const m = re.exec(t);
    if (m) return m[1];
  }
  return undefined;
}
