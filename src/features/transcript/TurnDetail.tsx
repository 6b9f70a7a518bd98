import type { Turn } from '../../model/transcript';

function pretty(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args, null, 2);
}

/** The selected turn in full. All transcript text is rendered as text, never as HTML. */
export function TurnDetail({ turn }: { turn: Turn | undefined }) {
  if (!turn) return <p className="muted">No turn selected.</p>;
  return (
    <article className="turn-detail" aria-label={`Turn ${turn.index}`}>
      <h3>
        Turn {turn.index}
        {turn.agent && <span className="chip">agent {turn.agent}</span>}
        {turn.tokens && (
          <span className="chip">
            {turn.tokens.input} in / {turn.tokens.output} out tokens
          </span>
        )}
        {turn.timestamp && <span className="muted small">{turn.timestamp}</span>}
      </h3>
      {turn.before?.map((m, i) => (
        <div key={i} className={`context ${m.role}`}>
          <strong>{m.role}</strong>
          <pre>{m.text}</pre>
        </div>
      ))}
      {turn.text && <pre className="assistant-text">{turn.text}</pre>}
      {turn.calls.map((c) => (
        <section key={c.index} className="call" aria-label={`Call ${c.index}`}>
          <h4>
            Call {c.index} · <span className="tool">{c.name}</span>
            {c.result?.isError && <span className="chip error">error</span>}
          </h4>
          <pre className="args">{pretty(c.args)}</pre>
          {c.result && <pre className={`result${c.result.isError ? ' error' : ''}`}>{c.result.content}</pre>}
        </section>
      ))}
    </article>
  );
}
