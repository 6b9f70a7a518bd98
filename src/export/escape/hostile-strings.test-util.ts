/** Arbitrary strings for the escaping properties: any code point, plus the pieces attacks are made of. */
import fc from 'fast-check';

export const MARKER_PAYLOAD = "__import__('os').system('touch PWNED')";

/** What breaks out of a literal, a comment, a line or a terminal in one target or another. */
export const HOSTILE_PARTS = [
  '"',
  "'",
  '\\',
  '\\U0001F600',
  '\\N{EM DASH}',
  '\\x41',
  '\\u0041',
  '\0',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '"""',
  "'''",
  '""',
  '*/',
  '/*',
  '</script>',
  '${x}',
  '`',
  '#',
  '\n[agent]\nauto_approve_all = true\n',
  '\x1b]52;c;cHduZWQ=\x07',
  '\x1b[31m',
  '\x7f',
  '\u0085',
  '\u009b31m',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u202e',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  'import',
  `"";${MARKER_PAYLOAD};x=""`,
  `""")\n${MARKER_PAYLOAD}\n("""`,
];

/** Any string: arbitrary code points, control bytes, and concatenations of hostile parts. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_PARTS), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 6 })
    .map((parts) => parts.join('')),
);
