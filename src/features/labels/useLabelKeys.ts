import { useEffect, useRef } from 'react';
import type { LabelKind } from '../../model/transcript';
import { editingField } from '../replay/useReplayKeys';

/** `L` marks the selected range as loop, `P` as progress — not while typing in a field. Null: keys off. */
export function useLabelKeys(mark: ((kind: LabelKind) => void) | null): void {
  const latest = useRef(mark);
  useEffect(() => {
    latest.current = mark;
  });
  const on = mark !== null;
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || editingField(e.target)) return;
      const kind = e.key === 'l' || e.key === 'L' ? 'loop' : e.key === 'p' || e.key === 'P' ? 'progress' : null;
      if (!kind || !latest.current) return;
      e.preventDefault();
      latest.current(kind);
    };
    // Capture: runs before the replay keys, which leave a claimed P (previous alarm) alone.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [on]);
}
