/**
 * Vite features in code the package bundles. `import.meta.glob('./dir/*.ext', { query: '?raw',
 * import: 'default' })` (eager or not) becomes the files' text, as Vite would inline it; any other
 * Vite-only import (`?raw`, `?url`, `?worker` on a specifier, or another glob form) fails the
 * build naming the file, instead of a bundle that throws when a command reaches it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

const GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*(['"])([^'"]+)\1\s*(?:,\s*\{([^}]*)\}\s*)?\)/g;

/** `./dir/*.ext` relative to `file`: the matches, keyed as Vite keys them. */
function globFiles(file, pattern) {
  const dir = dirname(pattern);
  const [prefix, suffix, extra] = basename(pattern).split('*');
  if (suffix === undefined || extra !== undefined || dir.includes('*')) return undefined;
  const abs = join(dirname(file), dir);
  return readdirSync(abs)
    .filter((n) => n.startsWith(prefix) && n.endsWith(suffix))
    .sort()
    .map((n) => [`${dir}/${n}`, readFileSync(join(abs, n), 'utf8')]);
}

export function viteOnlyPlugin(root) {
  return {
    name: 'vite-only',
    setup(b) {
      b.onResolve({ filter: /\?(raw|url|worker|inline)/ }, (args) => ({
        errors: [
          {
            text: `${relative(root, args.importer)}: '${args.path}' is a Vite-only import; the package cannot bundle it`,
          },
        ],
      }));
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.glob')) return undefined;
        const where = relative(root, args.path);
        const errors = [];
        const contents = source.replace(GLOB, (call, _q, pattern, options = '') => {
          const files =
            /query:\s*['"]\?raw['"]/.test(options) && /import:\s*['"]default['"]/.test(options)
              ? globFiles(args.path, pattern)
              : undefined;
          if (!files) {
            errors.push({
              text: `${where}: only import.meta.glob('./dir/*.ext', { query: '?raw', import: 'default' }) can be bundled, not ${call.slice(0, 120)}`,
            });
            return call;
          }
          const eager = /eager:\s*true/.test(options);
          const entries = files.map(
            ([k, text]) =>
              `${JSON.stringify(k)}: ${eager ? JSON.stringify(text) : `() => Promise.resolve(${JSON.stringify(text)})`}`,
          );
          return `({${entries.join(', ')}})`;
        });
        if (contents.includes('import.meta.glob') && errors.length === 0)
          errors.push({ text: `${where}: an import.meta.glob the package cannot bundle` });
        return errors.length > 0 ? { errors } : { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
