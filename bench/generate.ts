/**
 * A deterministic synthetic agent run as Loopscope JSONL lines, for the engine benchmark.
 * Mostly ordinary work (reads, listings, greps, shell commands, edits, writes with realistic
 * paths, commands and outputs; a few KB of text on some results and writes), with loops mixed
 * in: exact repeats, A-B oscillations, near-identical retries, same-error stretches, text-only
 * stretches and chanting text. Several agents take turns in blocks.
 */

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'user auth token session config parse render request response handler cache store query ' +
  'index router schema model view update delete create fetch retry timeout buffer stream ' +
  'event queue worker job task batch limit offset page cursor client server socket error ' +
  'logger metric trace span value result option state action reducer effect hook context ' +
  'format encode decode hash sign verify file path dir entry node tree graph edge weight'
).split(' ');
const DIRS = [
  'src',
  'src/api',
  'src/auth',
  'src/db',
  'src/ui/components',
  'src/ui/hooks',
  'src/utils',
  'src/workers',
  'lib',
  'tests',
  'tests/unit',
  'tests/integration',
  'scripts',
  'packages/core/src',
  'packages/cli/src',
];
const EXTS = ['.ts', '.ts', '.tsx', '.py', '.rs', '.go', '.md', '.json'];

interface Call {
  name: string;
  args: Record<string, unknown>;
  result?: { content: string; isError: boolean };
}

export interface GeneratedRun {
  lines: string[];
  calls: number;
  bytes: number;
}

export function generateRun(totalCalls: number, seed = 20260301): GeneratedRun {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const word = () => pick(WORDS);
  const camel = () => word() + word()[0].toUpperCase() + word().slice(1);

  const files: string[] = [];
  for (const d of DIRS) for (let i = 0; i < 120; i++) files.push(`${d}/${camel()}${pick(EXTS)}`);
  const contents = new Map<string, string>();
  // Identifiers as a real code base has them: each file (module) has its own, built from
  // syllables, around shared keywords; the project-wide words show up everywhere.
  const SYL =
    'ab ac ad al an ar as at ba be bi bo ca ce ci co da de di do el em en er es et fa fe fi fo ga ge gi go ha he hi ho il im in is it ka ke ki ko la le li lo ma me mi mo na ne ni no'.split(
      ' ',
    );
  const ident = () => {
    let s = pick(SYL) + pick(SYL);
    for (let i = int(3); i > 0; i--) s += pick(SYL)[0].toUpperCase() + pick(SYL).slice(1);
    return s;
  };
  const vocabOf = new Map<string, string[]>();
  let vocab: string[] = WORDS;
  const id = () => (rnd() < 0.7 ? pick(vocab) : word());
  const codeLine = () => {
    const ind = '  '.repeat(int(4));
    switch (int(12)) {
      case 0:
        return `export function ${id()}(${id()}: ${pick(['string', 'number', 'Options'])}, ${id()}?: number): ${pick(['void', 'string', 'Promise<void>'])} {`;
      case 1:
        return `${ind}const ${id()} = await ${id()}(${id()}, { ${id()}: ${int(100000)} });`;
      case 2:
        return `${ind}if (!${id()}) throw new Error('${word()} ${id()} ${pick(['not found', 'is stale', 'failed'])}: ' + ${id()});`;
      case 3:
        return `${ind}return ${id()}.${id()}().map((x) => x.${id()} * ${int(64)});`;
      case 4:
        return `${ind}}`;
      case 5:
        return `${ind}// ${word()} the ${id()} before ${id()} is ${pick(['ready', 'stale', 'closed'])} (see #${int(5000)})`;
      case 6:
        return `${ind}for (const ${id()} of ${id()}.${id()}) ${id()}.push(${id()}[${int(16)}]);`;
      case 7:
        return `${ind}${id()}.${id()} = ${pick(['true', 'false', 'null', String(int(1e6)), `'${id()}'`])};`;
      case 8:
        return `import { ${id()}, ${id()} } from '${pick(['../', './', '@app/'])}${id()}';`;
      case 9:
        return `${ind}log.${pick(['debug', 'info', 'warn'])}(\`${word()} \${${id()}} ${word()} in \${Date.now() - ${id()}}ms\`);`;
      case 10:
        return '';
      default:
        return `${ind}${id()}(${id()}, ${int(1000)}, '${id()}');`;
    }
  };
  const withVocab = <T>(path: string, f: () => T): T => {
    let v = vocabOf.get(path);
    if (!v) {
      v = Array.from({ length: 20 + int(30) }, ident);
      vocabOf.set(path, v);
    }
    const saved = vocab;
    vocab = v;
    try {
      return f();
    } finally {
      vocab = saved;
    }
  };
  const codeLines = (path: string, n: number) =>
    withVocab(path, () => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(codeLine());
      return out.join('\n');
    });
  // A third of the files are a few KB long: their reads carry a few KB of result text.
  const contentOf = (path: string): string => {
    let c = contents.get(path);
    if (c === undefined) {
      c = codeLines(path, rnd() < 0.33 ? 60 + int(100) : 5 + int(30));
      contents.set(path, c);
    }
    return c;
  };
  const ok = (content: string) => ({ content, isError: false });
  const err = (content: string) => ({ content, isError: true });

  const read = (path = pick(files)): Call => {
    if (rnd() < 0.15) {
      const offset = 1 + int(200);
      const lines = contentOf(path).split('\n');
      return {
        name: 'read',
        args: { path, offset, limit: 50 },
        result: ok(lines.slice(offset, offset + 50).join('\n')),
      };
    }
    return { name: 'read', args: { path }, result: ok(contentOf(path)) };
  };
  const ls = (): Call => {
    const dir = pick(DIRS);
    const names = files.filter((f) => f.startsWith(dir + '/') && f.indexOf('/', dir.length + 1) < 0).slice(0, 40);
    return { name: 'ls', args: { path: dir }, result: ok(names.map((f) => f.slice(dir.length + 1)).join('\n')) };
  };
  const grep = (pattern = camel()): Call => {
    const hits: string[] = [];
    for (let i = int(12); i > 0; i--) {
      const f = pick(files);
      hits.push(`${f}:${1 + int(300)}:  ${withVocab(f, codeLine)}`);
    }
    return { name: 'grep', args: { pattern, path: pick(DIRS) }, result: ok(hits.join('\n')) };
  };
  const testOutput = (failing: number) =>
    failing > 0
      ? `FAIL tests/unit/${camel()}.test.ts\n  ● ${word()} › ${word()} ${word()}\n    expected ${int(9)} received ${int(9)}\n\nTests: ${failing} failed, ${10 + int(90)} passed\nExit code: 1`
      : `PASS tests/unit/${camel()}.test.ts\nTests: ${10 + int(90)} passed\nExit code: 0`;
  const bash = (): Call => {
    const k = int(10);
    if (k < 3) {
      const failing = rnd() < 0.4 ? 1 + int(3) : 0;
      return {
        name: 'bash',
        args: { command: pick(['npm test', 'npx vitest run', `pytest ${pick(files)}`]) },
        result: ok(testOutput(failing)),
      };
    }
    if (k < 5)
      return {
        name: 'bash',
        args: { command: 'git status' },
        result: ok(`On branch main\nmodified: ${pick(files)}\nExit code: 0`),
      };
    if (k < 6)
      return {
        name: 'bash',
        args: { command: `head -n 40 ${pick(files)}` },
        result: ok(contentOf(pick(files)).slice(0, 1500)),
      };
    if (k < 7) {
      const f = pick(files);
      return {
        name: 'bash',
        args: { command: `git diff ${f}` },
        result: ok(`@@ -1,3 +1,4 @@\n-${withVocab(f, codeLine)}\n+${withVocab(f, codeLine)}\nExit code: 0`),
      };
    }
    if (k < 8)
      return {
        name: 'bash',
        args: { command: 'npm run build' },
        result: ok(`vite building...\n✓ ${100 + int(900)} modules transformed.\nExit code: 0`),
      };
    return {
      name: 'bash',
      args: { command: `ls -la ${pick(DIRS)} | head -20` },
      result: ok(files.slice(0, 20).join('\n') + '\nExit code: 0'),
    };
  };
  const edit = (path = pick(files)): Call => {
    const old = withVocab(path, codeLine);
    return {
      name: 'edit',
      args: { path, old_string: old, new_string: old + ` // ${word()}` },
      result: ok(`Edited ${path} (1 replacement)`),
    };
  };
  const write = (): Call => {
    const path = pick(files);
    const content = codeLines(path, rnd() < 0.4 ? 50 + int(80) : 5 + int(20));
    contents.set(path, content);
    return { name: 'write', args: { path, content }, result: ok(`Wrote ${content.length} bytes to ${path}`) };
  };
  const other = (): Call => {
    const k = int(3);
    if (k === 0)
      return {
        name: 'web_fetch',
        args: { url: `https://docs.example.com/${word()}/${camel()}` },
        result: ok(`# ${camel()}\n\n${codeLine()}\n${codeLine()}`),
      };
    if (k === 1)
      return {
        name: 'todo_write',
        args: {
          todos: [
            { id: 1, content: `${word()} the ${word()}`, status: 'done' },
            { id: 2, content: `${word()} ${camel()}`, status: 'pending', meta: { priority: int(3) } },
          ],
        },
        result: ok('Todos updated'),
      };
    return { name: 'search', args: { query: `${word()} ${word()} ${word()}` }, result: ok(`${1 + int(20)} results`) };
  };
  const work = (): Call => {
    const r = rnd();
    if (r < 0.3) return read();
    if (r < 0.4) return ls();
    if (r < 0.55) return grep();
    if (r < 0.75) return bash();
    if (r < 0.9) return edit();
    if (r < 0.95) return write();
    return other();
  };

  // Loops: each returns the calls of one loop episode.
  const loops: (() => Call[])[] = [
    () => {
      // Exact repeats: a missing folder listed again and again.
      const dir = `${pick(DIRS)}/${word()}`;
      const c: Call = {
        name: 'ls',
        args: { path: dir },
        result: err(`ls: cannot access '${dir}': No such file or directory`),
      };
      return Array.from({ length: 3 + int(10) }, () => c);
    },
    () => {
      // A-B oscillation: the same edit and the same failing test.
      const e = edit();
      const t: Call = { name: 'bash', args: { command: 'npm test' }, result: ok(testOutput(1)) };
      const out: Call[] = [];
      for (let i = 2 + int(5); i > 0; i--) out.push(e, t);
      return out;
    },
    () => {
      // Near-identical retries: a grep pattern tweaked by a character each time.
      const base = camel();
      return Array.from({ length: 3 + int(6) }, (_, i) => grep(base + String.fromCharCode(97 + i)));
    },
    () => {
      // Same error, different commands.
      const msg = `Error: Cannot find module '${word()}'\nRequire stack:\n- ${pick(files)}\nExit code: 1`;
      return Array.from({ length: 3 + int(6) }, () => ({
        name: 'bash',
        args: { command: `node ${pick(files)} --${word()}` },
        result: err(msg),
      }));
    },
    () => {
      // Paginated re-reads of one file with a creeping offset.
      const path = pick(files);
      return Array.from({ length: 3 + int(5) }, (_, i) => ({
        name: 'read',
        args: { path, offset: i, limit: 50 },
        result: ok(contentOf(path).slice(0, 2000)),
      }));
    },
  ];

  const lines: string[] = [];
  let bytes = 0;
  const push = (o: unknown) => {
    const s = JSON.stringify(o);
    lines.push(s);
    bytes += s.length + 1;
  };
  push({ type: 'meta', version: 1, title: `Synthetic run of ${totalCalls} calls`, source: 'bench/generate.ts' });
  push({ type: 'user', text: 'Fix the failing login tests and clean up the auth module.' });

  const agents = ['w1', 'w2', 'w3', 'w4'];
  let agent = agents[0];
  let agentLeft = 50;
  let turn = 0;
  let calls = 0;
  let queue: Call[] = [];
  const t0 = Date.parse('2026-03-01T08:00:00Z');
  const chant = `I will check the ${word()} handler once more to be sure it is right. `;
  while (calls < totalCalls) {
    if (--agentLeft <= 0) {
      agent = pick(agents);
      agentLeft = 20 + int(200);
    }
    turn++;
    const base = {
      type: 'assistant',
      tokens: { input: 4000 + int(60000), output: 40 + int(600) },
      agent,
      timestamp: new Date(t0 + turn * 9000).toISOString(),
    };
    const r = rnd();
    if (queue.length === 0 && r < 0.02) {
      // Text-only turns: status summaries (sometimes two or three in a row).
      push({
        ...base,
        text: `## Status\n\n- ${word()} ${camel()} done\n- ${word()} ${camel()} next\n\nContinuing with the ${word()} module.`,
      });
      continue;
    }
    if (queue.length === 0 && r < 0.021) {
      push({ ...base, text: chant.repeat(12) });
      continue;
    }
    if (queue.length === 0 && r < 0.04) queue = loops[int(loops.length)]();
    let batch: Call[];
    if (queue.length) batch = [queue.shift()!];
    else batch = rnd() < 0.2 ? [work(), work(), read()] : [work()];
    if (batch.length > totalCalls - calls) batch.length = totalCalls - calls;
    const text =
      rnd() < 0.1
        ? `Looking at ${pick(files)}: the ${word()} ${word()} is ${word()}. ` +
          Array.from(
            { length: 1 + int(8) },
            () =>
              `The ${word()} ${camel()} ${pick(['calls', 'returns', 'wraps', 'skips'])} ${camel()} when ${word()} is ${word()}.`,
          ).join(' ') +
          (rnd() < 0.3 ? '\n\n```ts\n' + codeLines(pick(files), 3 + int(8)) + '\n```\n' : '')
        : `Next: ${word()} the ${camel()}.`;
    push({ ...base, text, calls: batch.map((c, i) => ({ id: `c${calls + i + 1}`, ...c })) });
    calls += batch.length;
    if (turn % 40 === 0) push({ type: 'judge', turn, model: 'flash', confidence: Math.round(rnd() * 100) / 100 });
    if (rnd() < 0.001) push({ type: 'user', text: `Also ${word()} the ${camel()}, please.` });
  }
  return { lines, calls, bytes };
}
