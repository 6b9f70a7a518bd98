import type { DetectorEvent } from '../../engine/types';
import type { Turn } from '../../model/transcript';
import { DETECTOR_COLOR } from '../workbench/detector-colors';
import { errorRuleTitle } from './call-marks';
import { ClippedText } from './ClippedText';
import { prettyArgs } from './pretty-args';
import { turnReasoning, withoutBlankEdges } from './turn-text';

/**
 * The selected turn in full (each text up to ClippedText's limit, more on request). All transcript
 * text is rendered as text, never as HTML.
 */
export function TurnDetail({ turn, events = [] }: { turn: Turn | undefined; events?: readonly DetectorEvent[] }) {
  if (!turn) return <p className="muted">No turn selected.</p>;
  const reasoning = turnReasoning(turn);
  const text = withoutBlankEdges(turn.text);
  return (
    <article className="turn-detail" aria-label={`Turn ${turn.index}`}>
      <h3>
        Turn {turn.index}
        {turn.agent && <span className="chip">agent {turn.agent}</span>}
        {turn.tokens && (
          <span className="chip">
            {turn.tokens.input ?? 'n/a'} in / {turn.tokens.output ?? 'n/a'} out tokens
          </span>
        )}
        {turn.timestamp && <span className="muted small">{turn.timestamp}</span>}
      </h3>
      {events.length > 0 && (
        <ul className="turn-events" aria-label="Detector events at this turn">
          {events.map((e, i) => (
            <li key={i} className={`event ${e.action}${e.afterStop ? ' after-stop' : ''}`}>
              <i style={{ background: DETECTOR_COLOR[e.detector] }} />
              <strong>{e.detector}</strong> {e.action} (level {e.level}){e.call !== undefined && ` on call ${e.call}`}
              {e.afterStop && <span className="muted small"> · after the stop</span>}
              <pre>{e.message}</pre>
            </li>
          ))}
        </ul>
      )}
      {turn.before?.map((m, i) => (
        <div key={i} className={`context ${m.role}`}>
          <strong>{m.role}</strong>
          <ClippedText text={withoutBlankEdges(m.text)} />
        </div>
      ))}
      {reasoning && (
        <details className="reasoning">
          <summary>Reasoning ({reasoning.length.toLocaleString('en-US')} characters)</summary>
          <ClippedText text={reasoning} />
        </details>
      )}
      {text && <ClippedText className="assistant-text" text={text} />}
      {turn.calls.map((c) => (
        <section key={c.index} className="call" aria-label={`Call ${c.index}`}>
          <h4>
            Call {c.index} · <span className="tool">{c.name}</span>
            {c.textual && (
              <span className="chip textual" title="Written as text in the assistant message, not a real tool call">
                text-written
              </span>
            )}
            {c.rejected && (
              <span className="chip rejected" title="Refused by the harness: the call never ran">
                rejected
              </span>
            )}
            {c.result?.isError &&
              (c.result.inferred ? (
                <span className="chip error inferred" title={errorRuleTitle(c.result.inferred)}>
                  error? ({c.result.inferred})
                </span>
              ) : (
                <span className="chip error">error</span>
              ))}
          </h4>
          <ClippedText className="args" text={prettyArgs(c.args)} />
          {c.result && <ClippedText className={`result${c.result.isError ? ' error' : ''}`} text={c.result.content} />}
        </section>
      ))}
    </article>
  );
}
