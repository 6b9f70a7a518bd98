#!/usr/bin/env node
// The CLI runs the same TypeScript engine and importers as the browser, through tsx.
import { register } from 'tsx/esm/api';

register();
// `loopscope detect … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2), process.stdout, process.stderr);
