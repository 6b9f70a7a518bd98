#!/usr/bin/env node
/**
 * The `loopscope` command: the entry the package's bundled CLI (dist/cli.mjs) is built from. It
 * only wires the process to `main`, which tests run in-process.
 */
import { main } from './main';

// `loopscope detect … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
process.exitCode = await main(process.argv.slice(2), process.stdout, process.stderr);
