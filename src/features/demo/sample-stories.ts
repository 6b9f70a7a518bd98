/**
 * One line per bundled sample (src/samples, written by make-samples.ts): what the agent did and
 * which loop it shows. Keyed by file name, the same key the library uses to know a sample; the
 * title is the file's own meta title (a test keeps them equal). Ordered for a first-time visitor:
 * the plainest loop first, the clean run (no loop) last but one, the judge sample last.
 */
export interface SampleStory {
  /** The sample's file name in src/samples. */
  file: string;
  /** The title inside the file (`meta.title`), as the library shows it. */
  title: string;
  /** What the agent did, in one sentence. */
  story: string;
  /** The loop it shows, in a few words. */
  loop: string;
}

export const SAMPLE_STORIES: readonly SampleStory[] = [
  {
    file: 'missing-path-ls-loop.loop.jsonl',
    title: 'Stuck listing a missing folder',
    story:
      'Asked to find where plugins are loaded, the agent lists src/plugins 12 times in a row although every answer is "No such file or directory".',
    loop: 'the same failing call, repeated',
  },
  {
    file: 'edit-test-oscillation.loop.jsonl',
    title: 'Edit and test oscillation',
    story:
      'Fixing a failing test, the agent makes the same edit and reruns pytest 7 times, getting the same ValueError each time, before it tries a real fix.',
    loop: 'a two-step edit ↔ test cycle',
  },
  {
    file: 'same-error-forever.loop.jsonl',
    title: 'Same build error, slightly different commands',
    story:
      'The agent retries the build 8 times with slightly different commands (npm run build, npx vite build --debug, …) and gets the same "Cannot find module" error until it installs the plugin.',
    loop: 'varied commands, one error',
  },
  {
    file: 'swarm-global-doom-loop.loop.jsonl',
    title: 'Swarm: two workers, one search',
    story:
      'Two workers of a swarm take turns running the same empty grep for loadConfig, 14 times between them, neither learning from the other.',
    loop: 'a loop spread across agents',
  },
  {
    file: 'healthy-docstrings.loop.jsonl',
    title: 'Healthy: docstrings module by module',
    story:
      'The agent reads, edits and tests 10 modules one after the other; pytest -q runs 10 times but every edit is new and the suite keeps passing.',
    loop: 'no loop: a rhythm that must not be flagged',
  },
  {
    file: 'judge-recorded.loop.jsonl',
    title: 'Docs writer with recorded LLM judge answers',
    story:
      'The agent writes 32 distinct docs pages, then rewrites the same docs/api.md intro 13 times; the LLM judge answers recorded in the file stop it at turn 42 under the llm-check preset.',
    loop: 'repeated rewrites, with an LLM judge',
  },
];

/** The story of a bundled sample by file name. */
export function storyOf(file: string): SampleStory | undefined {
  return SAMPLE_STORIES.find((s) => s.file === file);
}
