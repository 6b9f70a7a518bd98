/** The preset names docs/design.md promises never to change (tests pin them). */
export const STABLE_NAMES = [
  'chatloop',
  'chatloop-conservative',
  'chatloop-aggressive',
  'crustly',
  'cycle-escalation',
  'doom-loop',
  'llm-check',
  'gemini-cli',
  'openhands',
  'recommended',
];
