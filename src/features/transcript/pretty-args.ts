/**
 * A call's arguments for reading: JSON indented, with the line breaks of multi-line strings (a
 * file's text, a script) shown as line breaks, not as `\n` escapes on one long line.
 */
export function prettyArgs(args: unknown): string {
  if (typeof args === 'string') return args;
  const json = JSON.stringify(args, null, 2) ?? '';
  // Inside string literals only: `\\` stays an escaped backslash, `\n` becomes a line break.
  return json.replace(/"(?:[^"\\]|\\.)*"/g, (lit) => lit.replace(/\\(.)/g, (m, c: string) => (c === 'n' ? '\n' : m)));
}
