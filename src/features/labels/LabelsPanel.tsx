import { useState } from 'react';
import type { LabelKind } from '../../model/transcript';
import { applyLabel } from '../../persistence/labels';
import { useAppStore } from '../../state/store';
import { useWorkbench } from '../workbench/context';
import { chooseRange, describeRange, labelSummary, withoutLabel } from './label-range';
import { LabelList } from './LabelList';
import { useLabelKeys } from './useLabelKeys';
import './labels.css';

/** Mark a turn range as loop or progress: the ground truth the metrics are measured against. */
export function LabelsPanel() {
  const { labels, setLabels, turns } = useWorkbench();
  const selected = useAppStore((s) => s.range);
  const setRange = useAppStore((s) => s.setRange);
  const setTurn = useAppStore((s) => s.setTurn);
  const cursor = Math.min(
    Math.max(
      1,
      useAppStore((s) => s.turn),
    ),
    Math.max(1, turns),
  );
  // null: the field follows the cursor until the user types in it.
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const choice = chooseRange(selected, from ?? String(cursor), to ?? String(cursor), turns);

  const mark = (kind: LabelKind | null) => {
    if (!choice.range) return;
    const [lo, hi] = choice.range;
    setLabels(applyLabel(labels, lo, hi, kind, note.trim() || undefined));
    setStatus(
      kind
        ? `Marked ${describeRange(choice.range)} as ${kind}.`
        : `Cleared the labels in ${describeRange(choice.range)}.`,
    );
    setNote('');
  };
  useLabelKeys(selected && choice.range ? mark : null);

  return (
    <div className="labels-panel">
      <p className="small muted">
        Labels are the ground truth for the metrics: an alarm inside a <strong>loop</strong> span is a true alarm, one
        outside every loop span is a false positive, and a loop span no alarm reaches is a missed loop. Turns outside
        every loop span count as legitimate work; <strong>progress</strong> labels say so explicitly.
      </p>

      <fieldset className="label-range">
        <legend>Range</legend>
        {selected ? (
          <div className="label-selected">
            <span>
              Selected: <strong>{describeRange(choice.range ?? selected)}</strong>
            </span>
            <button type="button" onClick={() => setRange(null)}>
              Clear selection
            </button>
          </div>
        ) : (
          <div className="label-fields">
            <label>
              From turn
              <input
                type="number"
                min={1}
                max={turns}
                value={from ?? String(cursor)}
                onChange={(e) => setFrom(e.target.value)}
              />
            </label>
            <label>
              To turn
              <input
                type="number"
                min={1}
                max={turns}
                value={to ?? String(cursor)}
                onChange={(e) => setTo(e.target.value)}
              />
            </label>
            {(from !== null || to !== null) && (
              <button
                type="button"
                className="linkish"
                onClick={() => {
                  setFrom(null);
                  setTo(null);
                }}
              >
                Follow cursor
              </button>
            )}
          </div>
        )}
        <p className="small muted hint">
          Drag on the timeline, or click a row and shift+click another in the turn table, to select a range
          {selected ? '; press L to mark it loop, P to mark it progress.' : '.'}
        </p>
        <label className="label-note-field">
          <span>Note (optional)</span>
          <input
            type="text"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder="e.g. same failing ls"
          />
        </label>
        <div className="label-buttons">
          <button type="button" className="mark-loop" disabled={!choice.range} onClick={() => mark('loop')}>
            Mark as loop
          </button>
          <button type="button" className="mark-progress" disabled={!choice.range} onClick={() => mark('progress')}>
            Mark as progress
          </button>
          <button type="button" disabled={!choice.range} onClick={() => mark(null)}>
            Clear labels in range
          </button>
        </div>
        {choice.error && <p className="label-error small">{choice.error}</p>}
        <p role="status" className="small label-status">
          {status}
        </p>
      </fieldset>

      <h3 className="labels-head">
        Labels <span className="muted small">{labelSummary(labels)}</span>
      </h3>
      <LabelList
        labels={labels}
        onGoTo={(t) => setTurn(t)}
        onDelete={(i) => {
          const l = labels[i];
          setLabels(withoutLabel(labels, i));
          setStatus(`Deleted the ${l.kind} label on ${describeRange([l.startTurn, l.endTurn])}.`);
        }}
      />
      <p className="small muted">
        Saved in this browser; “Download transcript” in the Share tab carries them to other machines.
      </p>
    </div>
  );
}
