/**
 * Reading an endpoint's response body within a byte limit: refused from Content-Length when it
 * declares more, otherwise read as a stream and cut as soon as the limit is passed, so a server
 * that answers 500 MB costs the limit, not 500 MB (nor a string longer than V8 allows).
 */
import type { HeaderReader } from './rate-limit';

/** The part of a fetch Response the judge reads. */
export interface FetchResponse {
  status: number;
  headers: HeaderReader;
  /** Absent in test doubles: `text()` is read then (and measured). */
  body?: ReadableStream<Uint8Array> | null;
  /** `opaqueredirect` when a browser fetch with `redirect: 'manual'` met a redirect. */
  type?: string;
  text(): Promise<string>;
}

export type LimitedBody = { text: string } | { overBytes: number; declared: boolean };

function declaredLength(h: HeaderReader): number | undefined {
  const v = h.get('content-length');
  return v !== null && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

export async function readBodyWithin(res: FetchResponse, maxBytes: number): Promise<LimitedBody> {
  const declared = declaredLength(res.headers);
  if (declared !== undefined && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { overBytes: declared, declared: true };
  }
  if (!res.body) {
    const text = await res.text();
    const bytes = new TextEncoder().encode(text).byteLength;
    return bytes > maxBytes ? { overBytes: bytes, declared: false } : { text };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      // Stops the download: the connection is closed, the rest is never received.
      await reader.cancel().catch(() => undefined);
      return { overBytes: bytes, declared: false };
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join('') };
}
