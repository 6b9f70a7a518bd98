import { useEffect, useRef } from 'react';
import type { LabelKind } from '../../model/transcript';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

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
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || typing(e.target)) return;
      const kind = e.key === 'l' || e.key === 'L' ? 'loop' : e.key === 'p' || e.key === 'P' ? 'progress' : null;
      if (!kind || !latest.current) return;
      e.preventDefault();
      latest.current(kind);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on]);
}
