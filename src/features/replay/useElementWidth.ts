import { useCallback, useState } from 'react';

/** A ref callback and the element's content width, kept up to date as the layout changes. */
export function useElementWidth<T extends HTMLElement>(): [(el: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => setWidth(Math.floor(entries[0].contentRect.width))),
  );
  const ref = useCallback(
    (el: T | null) => {
      observer?.disconnect();
      if (!el) return;
      setWidth(Math.floor(el.getBoundingClientRect().width));
      observer?.observe(el);
    },
    [observer],
  );
  return [ref, width];
}
