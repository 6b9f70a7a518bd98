/**
 * The only way a user-controlled string reaches a generated shell command (the CLI snippet): one
 * word, bare when it is plain, in single quotes otherwise (nothing is special inside them), and in
 * ANSI-C quotes (`$'…'`, bash, zsh, ksh and POSIX sh) when it holds a control character, which is
 * then written as `\xHH`: a pasted command never carries a raw escape sequence or line break.
 */
export function shellWord(s: string): string {
  if (/^[A-Za-z0-9_./@%+=:,-]+$/.test(s)) return s;
  if (!/[\x00-\x1f\x7f-\x9f]/.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  const body = s.replace(/[\\'\x00-\x1f\x7f-\x9f]/g, (c) => {
    if (c === '\\' || c === "'") return `\\${c}`;
    // A C1 character is two bytes in UTF-8: each is written, so the word keeps its bytes.
    return [...new TextEncoder().encode(c)].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
  });
  return `$'${body}'`;
}
