/**
 * The only way a user-controlled string reaches a generated TOML file: the body of a basic string
 * ("…"), with quotes, backslashes and every control character (C0, DEL, C1, and the line and
 * paragraph separators editors break lines at) escaped. The same body is inert in a comment: it
 * has no line break, so it cannot start a new key or table.
 */
const SHORT: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

const unit = (c: string) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The text between the quotes of a TOML basic string of `s`. */
export function tomlStringBody(s: string): string {
  return (
    s
      .replace(/["\\\x00-\x1f\x7f-\x9f\u2028\u2029]/g, (c) => SHORT[c] ?? unit(c))
      // TOML text is UTF-8, where a lone surrogate cannot be written: U+FFFD, as an encoder writes it.
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\\uFFFD')
  );
}

/** A TOML basic string of `s`. */
export function tomlString(s: string): string {
  return `"${tomlStringBody(s)}"`;
}
