/** Runs the CLI in-process for tests: its exit code and what it wrote to stdout and stderr. */
import { main } from './main';

export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { write: (s: string) => (out += s) }, { write: (s: string) => (err += s) });
  return { code, out, err };
}
