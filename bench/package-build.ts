import { spawnSync } from 'node:child_process';

/** Builds dist/cli.mjs (scripts/build-package.mjs) so a section times the sources' CLI; throws when the build fails. */
export function buildPackage(root: string, section: string, log: (s: string) => void): void {
  log(`${section}: building the package (scripts/build-package.mjs)`);
  const built = spawnSync(process.execPath, ['scripts/build-package.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`package build failed: ${built.stderr}`);
}
