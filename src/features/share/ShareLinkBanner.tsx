import type { EngineConfig } from '../../engine/config';
import type { LinkTarget } from '../../persistence/share-link-target';
import type { LinkLifecycle, LinkRun } from '../../state/link-lifecycle';
import { useAppStore } from '../../state/store';
import { changedParams, formatValue } from './config-summary';
import { exportName } from './export-name';
import './share-link-banner.css';

/** Whether RunLine has something to say: a run being looked for, one missing, an older link's number. */
function runToTell(target: LinkTarget, run: LinkRun | null): boolean {
  if (run === null) return target.kind === 'run';
  return run.status === 'missing' || (run.status === 'found' && target.kind === 'library-number');
}

/** Where the link's run is, when there is something to say about it. Titles are shown as text. */
function RunLine({ target, run }: { target: LinkTarget; run: LinkRun | null }) {
  if (!runToTell(target, run)) return null;
  if (run === null) return <p role="status">Share link: looking for its run in your library…</p>;
  if (run.status === 'missing')
    return (
      <>
        <p role="alert" className="link-missing">
          This link’s run is not in your library: <span className="link-title">{run.title || '(untitled)'}</span>
        </p>
        <p className="small muted">
          A share link carries the config only, never the transcript: nothing else was opened. Import that run here to
          use the config on it.
        </p>
      </>
    );
  if (run.status === 'found' && target.kind === 'library-number')
    return (
      <p className="small muted">
        An older link: it names run #{run.id} by its number in the library it was made in, which in another browser may
        be a different run.
      </p>
    );
  return null;
}

/** The user's config as the Share tab names it: "recommended", "recommended (tuned)", a file's name. */
function useMyConfigName(): string {
  const draft = useAppStore((s) => s.draft);
  const presetName = useAppStore((s) => s.presetName);
  return exportName(draft, presetName);
}

const SHOWN_CHANGES = 3;

function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length <= 40 ? text : `${chars.slice(0, 39).join('')}…`;
}

/** What applying the link's config would change in the user's draft, in a line. */
function ChangesLine({ incoming }: { incoming: EngineConfig }) {
  const draft = useAppStore((s) => s.draft);
  const changes = changedParams(incoming, draft);
  if (changes.length === 0) return null;
  const shown = changes
    .slice(0, SHOWN_CHANGES)
    .map((c) => `${c.path} ${clip(formatValue(c.from))} → ${clip(formatValue(c.to))}`);
  const more = changes.length > SHOWN_CHANGES ? `, and ${changes.length - SHOWN_CHANGES} more` : '';
  return (
    <p className="small muted link-changes">
      It changes {changes.length === 1 ? '1 setting' : `${changes.length} settings`}: {shown.join(', ')}
      {more}.
    </p>
  );
}

/** What became of the link's config: the question, or what was done, with Undo. */
function ConfigLine({ link }: { link: LinkLifecycle }) {
  const linkEvent = useAppStore((s) => s.linkEvent);
  const mine = useMyConfigName();
  switch (link.phase) {
    case 'asked': {
      const apply = () => {
        const { draft, presetName } = useAppStore.getState();
        linkEvent({ type: 'apply', current: { draft, presetName } });
      };
      return (
        <div role="group" aria-label="Replace your config?" className="link-ask">
          <p>
            Share link: it carries the config “{link.incoming.name}”, measured against {link.incoming.presetName}. Your
            config “{mine}” is tuned: replace it?
          </p>
          <ChangesLine incoming={link.incoming.draft} />
          <div className="link-buttons">
            <button type="button" onClick={apply}>
              Apply
            </button>
            <button type="button" onClick={() => linkEvent({ type: 'keep' })}>
              Keep mine
            </button>
          </div>
        </div>
      );
    }
    case 'applied':
      return (
        <div className="link-done">
          <p role="status">
            Share link: applied the config “{link.incoming.name}”, measured against {link.incoming.presetName}.
          </p>
          <button type="button" onClick={() => linkEvent({ type: 'undo' })}>
            Undo
          </button>
        </div>
      );
    case 'kept':
      return (
        <p role="status">
          Share link: kept your config “{mine}”; the link’s config “{link.incoming.name}” was not applied.
        </p>
      );
    case 'undone':
      return (
        <p role="status">
          Share link: your config “{exportName(link.previous.draft, link.previous.presetName)}” is back.
        </p>
      );
    default:
      return null;
  }
}

/**
 * The share link just opened: where its run is (or that this library does not have it) and its
 * config (Apply / Keep mine over a tuned draft, Undo once applied). Nothing shows for a link
 * that had nothing to say (its config refused: the notice area said why).
 */
export function ShareLinkBanner() {
  const link = useAppStore((s) => s.shareLink);
  const linkEvent = useAppStore((s) => s.linkEvent);
  if (link.phase === 'idle') return null;
  const run = link.phase === 'pending' ? null : link.run;
  const hasConfigLine = ['asked', 'applied', 'kept', 'undone'].includes(link.phase);
  if (!runToTell(link.target, run) && !hasConfigLine) return null;
  return (
    <section className="link-banner" aria-label="Share link">
      <div className="link-banner-body">
        <RunLine target={link.target} run={run} />
        <ConfigLine link={link} />
      </div>
      <button
        type="button"
        className="link-dismiss"
        aria-label="Dismiss"
        onClick={() => linkEvent({ type: 'dismiss' })}
      >
        ×
      </button>
    </section>
  );
}
