import { useState } from 'react';
import { useAppStore } from '../../state/store';
import { enabledSettings, standaloneMjs, standaloneTs } from '../../export/standalone-module';
import { notPorted, pythonModule } from '../../export/python-module';
import type { StandalonePieces } from '../../export/standalone-module';
import { exportedConfig } from './export-name';
import { mjsModuleFileName, mjsTypesFileName, pyModuleFileName, tsModuleFileName } from './export-files';
import { downloadText } from './download';

type ModuleFile = 'mjs' | 'd.mts' | 'ts';

const WHAT: Record<ModuleFile, string> = {
  mjs: 'JavaScript module',
  'd.mts': 'JavaScript module’s types',
  ts: 'TypeScript module',
};

/**
 * Code that runs the config's enabled detectors, as tuned, inside the user's own agent: the
 * engine's code bundled into one JavaScript module (with its types beside it) or one TypeScript
 * module, no imports either way, and the Python port. Each with how to run it.
 */
export function ExportCodeSection() {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  const [error, setError] = useState<string | null>(null);
  const config = exportedConfig(draft, presetName);
  const name = config.name!;
  const enabled = enabledSettings(config).map((e) => e.id);
  const missingPy = notPorted(config);
  const judge = enabled.includes('llm-judge');
  const mjs = mjsModuleFileName(name);
  const ts = tsModuleFileName(name);
  const py = pyModuleFileName(name);

  const download = async (file: ModuleFile) => {
    try {
      // Lazily: the bundled engine pieces are ~180 kB of text.
      const pieces: StandalonePieces = (await import('virtual:loopscope-standalone')).default;
      if (file === 'ts') downloadText(ts, standaloneTs(config, pieces).text, 'text/plain');
      else if (file === 'mjs') downloadText(mjs, standaloneMjs(config, pieces).text, 'text/javascript');
      else downloadText(mjsTypesFileName(name), standaloneMjs(config, pieces).types, 'text/plain');
      setError(null);
    } catch (e) {
      setError(`The ${WHAT[file]} could not be made: ${(e as Error).message}.`);
    }
  };

  return (
    <section className="share-section" aria-labelledby="share-code">
      <h3 id="share-code">Code for your agent</h3>
      <p className="small">
        {enabled.length === 0
          ? 'No detector is on in this config: the modules would never fire.'
          : `The ${enabled.length === 1 ? 'detector' : `${enabled.length} detectors`} of “${name}” as tuned: ${enabled.join(', ')}.`}
      </p>
      <ul className="share-modules">
        <li data-module="mjs">
          <div className="share-buttons">
            <button type="button" className="primary" onClick={() => void download('mjs')}>
              Download JavaScript module
            </button>
            <button type="button" onClick={() => void download('d.mts')}>
              Download its types (.d.mts)
            </button>
          </div>
          <p className="small muted" data-module-usage="mjs">
            Node 20+ with plain <code>node</code>, Deno, Bun or a browser:{' '}
            <code>
              import {`{ replay }`} from &apos;./{mjs}&apos;
            </code>
            ; TypeScript reads its types from the .d.mts saved beside it.
          </p>
        </li>
        <li data-module="ts">
          <div className="share-buttons">
            <button type="button" onClick={() => void download('ts')}>
              Download TypeScript module
            </button>
          </div>
          <p className="small muted" data-module-usage="ts">
            <code>
              import {`{ replay }`} from &apos;./{ts}&apos;
            </code>{' '}
            in a .ts file run by <code>npx tsx</code>, Node 23.6+, Deno or Bun.
          </p>
        </li>
        <li data-module="py">
          <div className="share-buttons">
            <button
              type="button"
              disabled={missingPy.length > 0}
              aria-describedby={missingPy.length ? 'share-code-py-missing' : undefined}
              onClick={() => downloadText(py, pythonModule(config), 'text/x-python')}
            >
              Download Python module
            </button>
          </div>
          <p className="small muted" data-module-usage="py">
            <code>python3 {py} run.loop.jsonl</code> prints the events; in your agent{' '}
            <code>from {py.slice(0, -3)} import replay</code>.
          </p>
          {missingPy.length > 0 && (
            <p id="share-code-py-missing" className="small muted">
              Python: {missingPy.join(', ')} {missingPy.length === 1 ? 'is' : 'are'} not ported yet; the JavaScript and
              TypeScript modules run {missingPy.length === 1 ? 'it' : 'them'}.
            </p>
          )}
        </li>
      </ul>
      {error && (
        <p role="alert" className="share-error small">
          {error}
        </p>
      )}
      <p className="small muted" data-export-usage>
        The JavaScript and TypeScript modules export <code>replay(turns)</code>: give it a run’s assistant lines
        (Loopscope JSONL objects, in order) and it returns{' '}
        <code>
          [{'{'}turn, call?, detector, action, level, message{'}'}]
        </code>
        , the events of <code>loopscope detect --json</code> under this config. Call it after each turn; stop the agent
        at the first “terminate”. Both are the engine’s own code, with no imports; the Python module is its port, with
        the same functions.
      </p>
      {judge && (
        <p className="small muted">
          llm-judge replays recorded judge answers: pass the run’s judge lines with its turns. The modules never call a
          model.
        </p>
      )}
    </section>
  );
}
