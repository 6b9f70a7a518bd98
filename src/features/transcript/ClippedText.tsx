import { useState } from 'react';

/**
 * Characters of one text shown at first. Laying out a 40 M-character <pre> took Chromium over
 * ten seconds (a 200 MB single-line file), and nobody reads that much in a 320 px box.
 */
export const SHOWN_CHARS = 100_000;

/** A <pre> of at most SHOWN_CHARS more characters per click; the rest is counted, not rendered. */
export function ClippedText({ text, className }: { text: string; className?: string }) {
  const [shown, setShown] = useState(SHOWN_CHARS);
  if (text.length <= shown) return <pre className={className}>{text}</pre>;
  const rest = text.length - shown;
  return (
    <div className="clipped-text">
      <pre className={className}>{text.slice(0, shown)}</pre>
      <p className="muted small">
        {rest.toLocaleString('en-US')} more characters not shown ({text.length.toLocaleString('en-US')} in all){' '}
        <button type="button" onClick={() => setShown((n) => n + SHOWN_CHARS)}>
          Show {Math.min(rest, SHOWN_CHARS).toLocaleString('en-US')} more
        </button>
      </p>
    </div>
  );
}
