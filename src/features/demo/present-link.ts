/**
 * Presenter mode in the address, so a demo can be linked: `?present` plays the open run in
 * presenter mode; `?present=<sample>` (a bundled sample's file name, with or without
 * `.loop.jsonl`) opens that sample first. It sits in the query, not the fragment, because the
 * fragment is rewritten at every turn (`#/t/<id>/turn/<n>`), and a transcript id is only
 * meaningful in the browser that stored it, while a sample's name is the same everywhere.
 */
const PARAM = 'present';
const SAMPLE_EXT = '.loop.jsonl';

export interface PresentRequest {
  /** The address asks for presenter mode. */
  on: boolean;
  /** The sample file to open first (`name.loop.jsonl`), or null. */
  sample: string | null;
}

export function parsePresent(search: string): PresentRequest {
  const params = new URLSearchParams(search);
  if (!params.has(PARAM)) return { on: false, sample: null };
  const value = params.get(PARAM)!.trim();
  if (!value) return { on: true, sample: null };
  return { on: true, sample: value.endsWith(SAMPLE_EXT) ? value : value + SAMPLE_EXT };
}

/**
 * `href` with presenter mode on (`?present`, keeping a sample name already there) or off (the
 * parameter removed); every other part of the address is kept as it is.
 */
export function withPresent(href: string, on: boolean): string {
  const url = new URL(href);
  // The raw parts, so `?bench` stays `?bench` (URLSearchParams would write `bench=`).
  const parts = url.search.replace(/^\?/, '').split('&').filter(Boolean);
  const has = parts.some((p) => decodeURIComponent(p.split('=')[0]) === PARAM);
  const next = on
    ? has
      ? parts
      : [...parts, PARAM]
    : parts.filter((p) => decodeURIComponent(p.split('=')[0]) !== PARAM);
  url.search = next.length ? '?' + next.join('&') : '';
  return url.toString();
}
