/**
 * Gemini API `Content[]` ({role: "user" | "model", parts: Part[]}) -> canonical turns, and the
 * Part helpers the Gemini CLI recordings share. Schema: googleapis/js-genai types.ts (Content,
 * Part {text, thought, functionCall {id?, name, args}, functionResponse {id?, name, response}},
 * GenerateContentResponse {candidates[].content, usageMetadata}). The Gemini CLI's `/chat save`
 * checkpoints are this shape too.
 */
import { isObj, num, str, type Obj, type TranscriptBuilder } from './transcript-builder';

/** A PartListUnion (string | Part | (string | Part)[]) as a list of parts. */
export function partList(v: unknown): Obj[] {
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.map((p) => (typeof p === 'string' ? { text: p } : isObj(p) ? p : {}));
}

/** The visible text of parts: text that is not a thought; calls and responses are left out. */
export function partsText(v: unknown): string {
  return partList(v)
    .filter((p) => typeof p.text === 'string' && p.thought !== true)
    .map((p) => p.text as string)
    .join('');
}

/** What a function response told the model: its `output`, its `error`, or the whole object. */
export function responseContent(response: unknown): { content: unknown; isError: boolean } {
  if (!isObj(response)) return { content: response ?? '', isError: false };
  const hasError = response.error !== undefined && response.error !== null && response.error !== '';
  if (hasError) return { content: response.error, isError: true };
  if ('output' in response) return { content: response.output, isError: false };
  return { content: response, isError: false };
}

/** Text of a tool result given as parts (functionResponse parts and any text parts). */
export function resultFromParts(v: unknown): { content: unknown; isError: boolean } {
  const parts = partList(v);
  const out: string[] = [];
  let isError = false;
  for (const p of parts) {
    if (isObj(p.functionResponse)) {
      const r = responseContent(p.functionResponse.response);
      isError ||= r.isError;
      out.push(typeof r.content === 'string' ? r.content : JSON.stringify(r.content));
    } else if (typeof p.text === 'string') out.push(p.text);
    else if (isObj(p.inlineData)) out.push('[inline data]');
  }
  return { content: out.join('\n'), isError };
}

export function usageTokens(u: unknown): { input: number; output: number } | undefined {
  if (!isObj(u)) return undefined;
  return {
    input: num(u.promptTokenCount) ?? 0,
    output: (num(u.candidatesTokenCount) ?? 0) + (num(u.thoughtsTokenCount) ?? 0),
  };
}

/** Adds one Content; `tokens` belongs to a model Content taken from a response. */
export function addContent(
  b: TranscriptBuilder,
  c: unknown,
  where: string,
  tokens?: { input: number; output: number },
): void {
  if (!isObj(c)) return b.warn(`${where} is not an object; skipped`);
  const parts = partList(c.parts);
  if (c.role === 'model') {
    const turn = b.turn({ text: partsText(parts), tokens });
    for (const p of parts)
      if (isObj(p.functionCall))
        b.call(turn, {
          id: str(p.functionCall.id),
          name: str(p.functionCall.name) ?? 'unknown',
          args: p.functionCall.args ?? {},
        });
    return;
  }
  if (c.role !== 'user' && c.role !== undefined && c.role !== 'function')
    return b.warn(`${where}: unknown role ${JSON.stringify(c.role)}; skipped`);
  for (const p of parts) {
    if (!isObj(p.functionResponse)) continue;
    const fr = p.functionResponse;
    const { content, isError } = responseContent(fr.response);
    // Ids are optional in the Gemini API; without one, the oldest open call of that name.
    const id = str(fr.id);
    const known = id !== undefined && b.callById(id) !== undefined;
    b.answer(known ? id : undefined, str(fr.name), content, isError, `${where} (functionResponse)`);
  }
  b.context('user', partsText(parts));
}

/** A bare Content[], a request {contents, systemInstruction}, or a response {candidates}. */
export function addGeminiDocument(b: TranscriptBuilder, v: unknown): boolean {
  if (Array.isArray(v)) {
    v.forEach((c, i) => addContent(b, c, `content ${i + 1}`));
    return true;
  }
  if (!isObj(v)) return false;
  if (!Array.isArray(v.contents) && !Array.isArray(v.candidates)) return false;
  if (v.systemInstruction !== undefined) {
    const si =
      isObj(v.systemInstruction) && 'parts' in v.systemInstruction ? v.systemInstruction.parts : v.systemInstruction;
    b.context('system', partsText(si));
  }
  if (Array.isArray(v.contents)) v.contents.forEach((c, i) => addContent(b, c, `content ${i + 1}`));
  if (Array.isArray(v.candidates)) {
    if (v.candidates.length > 1) b.warn(`the response has ${v.candidates.length} candidates; only the first is read`);
    const first = v.candidates[0];
    if (isObj(first) && isObj(first.content))
      addContent(b, { ...first.content, role: 'model' }, 'candidate 1', usageTokens(v.usageMetadata));
  }
  return true;
}
