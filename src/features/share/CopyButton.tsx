import { useState } from 'react';
import { copyText } from './download';

/** Copies `text`; when the clipboard is refused, shows it in a read-only field to copy by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  return (
    <span className="copy-button">
      <button
        type="button"
        aria-label={label}
        onClick={async () => {
          const ok = await copyText(text);
          setState(ok ? 'copied' : 'manual');
          if (ok) setTimeout(() => setState('idle'), 2000);
        }}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      {state === 'manual' && (
        <span className="small muted" role="status">
          The clipboard is not available here: select the text and copy it by hand.
        </span>
      )}
    </span>
  );
}
