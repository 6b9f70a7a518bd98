import { useEffect } from 'react';
import { useAppStore } from '../../state/store';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
}

/** ←/→ step a turn, Home/End jump, space plays or pauses — anywhere but in a text field. */
export function useReplayKeys(turns: number): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const s = useAppStore.getState();
      const go = (t: number) => s.setTurn(Math.max(1, Math.min(turns, t)));
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
          if ((e.target as HTMLElement | null)?.tagName === 'BUTTON') return;
          s.setPlaying(!s.playing);
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turns]);
}
