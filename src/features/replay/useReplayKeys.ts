import { useEffect, useRef } from 'react';
import { useAppStore } from '../../state/store';
import { nextAlarm, previousAlarm } from './alarm-nav';
import { panView, windowOf, zoomView, ZOOM_STEP } from './timeline-view';

/** Inputs whose own keys (arrows, letters) must win: text being typed, numbers, a select. */
const EDITED_INPUTS = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password', 'date', 'time']);

/**
 * Whether a key belongs to the focused element. Checkboxes, buttons, radios, the turn slider
 * and everything else do not keep the keys: after clicking a Tune checkbox, ← → still step.
 * A select keeps its keys (↑ ↓, letters) but ← →, which would silently change it after a
 * mouse pick (the preset!), step turns.
 */
export function editingField(target: EventTarget | null, key = ''): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'SELECT') return key !== 'ArrowLeft' && key !== 'ArrowRight';
  if (el.tagName === 'TEXTAREA' || el.isContentEditable) return true;
  return el.tagName === 'INPUT' && EDITED_INPUTS.has((el as HTMLInputElement).type);
}

/** Elements that space activates: space toggles them rather than playback. */
function spaceActivates(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el?.tagName) return false;
  if (el.tagName === 'BUTTON' || el.tagName === 'SUMMARY' || el.tagName === 'A') return true;
  return (
    el.tagName === 'INPUT' && ['checkbox', 'radio', 'button', 'submit', 'file'].includes((el as HTMLInputElement).type)
  );
}

/**
 * The workbench keys, on the window so they work whatever was clicked last (only a field being
 * edited keeps them): ← → step (Shift: 10), Home End, space plays, n / p jump to the next and
 * previous alarm, + − zoom the timeline around the cursor, 0 shows the whole run, [ ] pan,
 * Escape leaves a field and gives the keys back to the workbench (`home`).
 */
export function useReplayKeys(turns: number, alarms: readonly number[], home: () => HTMLElement | null): void {
  const latest = useRef({ alarms, home });
  useEffect(() => {
    latest.current = { alarms, home };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape') {
        const active = document.activeElement as HTMLElement | null;
        if (active && active !== document.body) active.blur();
        latest.current.home()?.focus({ preventScroll: true });
        return;
      }
      // Label keys (L / P over a selected range) run first and claim theirs.
      if (e.defaultPrevented || editingField(e.target, e.key)) return;
      const s = useAppStore.getState();
      const go = (t: number) => s.setTurn(Math.max(1, Math.min(turns, t)));
      const n = Math.max(1, turns);
      switch (e.key) {
        case 'ArrowRight':
          go(s.turn + (e.shiftKey ? 10 : 1));
          break;
        case 'ArrowLeft':
          go(s.turn - (e.shiftKey ? 10 : 1));
          break;
        case 'Home':
          go(1);
          break;
        case 'End':
          go(turns);
          break;
        case ' ':
          if (spaceActivates(e.target)) return;
          s.setPlaying(!s.playing);
          break;
        case 'n':
        case 'N': {
          const t = nextAlarm(latest.current.alarms, s.turn);
          if (t !== null) go(t);
          break;
        }
        case 'p':
        case 'P': {
          const t = previousAlarm(latest.current.alarms, s.turn);
          if (t !== null) go(t);
          break;
        }
        case '+':
        case '=':
          s.setView(zoomView(s.view, n, ZOOM_STEP, s.turn - 0.5));
          break;
        case '-':
        case '_':
          s.setView(zoomView(s.view, n, 1 / ZOOM_STEP, s.turn - 0.5));
          break;
        case '0':
          s.setView(null);
          break;
        case '[':
        case ']': {
          const w = windowOf(s.view, n);
          s.setView(panView(s.view, n, ((e.key === '[' ? -1 : 1) * (w.to - w.from)) / 4));
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turns]);
}
