/**
 * A scripted OpenAI-compatible `/v1/chat/completions` server on loopback, for the judge's tests
 * (vitest, the CLI test, the browser test) and for trying the workbench by hand:
 *   npx tsx scripts/judge-stub.ts [--port 8788]   (answers 0.1, 0.55, then 0.92 / pro 0.96)
 * It speaks CORS (a browser page on another port may call it) and records every request.
 * Hostile replies for the limits' tests: a huge body, a slow drip, a redirect, an HTML page that
 * contains an answer, a rate-limit header asking for hours. It listens on 127.0.0.1 only, and
 * every reply stops by itself (a bounded number of chunks) or when the client hangs up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  model: string;
  body: Record<string, unknown> | null;
  headers: http.IncomingHttpHeaders;
  /** Date.now() when it arrived. */
  at: number;
  /** Bytes of a streamed (`bytes`) reply written before it ended or the client hung up. */
  sent: number;
}

export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body; `text` for a raw one. */
  json?: unknown;
  text?: string;
  /** Never answer (a timeout). */
  hang?: boolean;
  /** Content type of a `text` body (default text/plain). */
  contentType?: string;
  /** A streamed body of this many bytes: an answer's opening, then padding (a huge response). */
  bytes?: number;
  /** With `bytes`: send Content-Length up front (otherwise chunked, so only reading finds out). */
  declareLength?: boolean;
  /** With `bytes`: one 16-byte chunk per this many ms (a slow drip) instead of as fast as it goes. */
  dripMs?: number;
}

const CHUNK = 64 * 1024;

/** A body of `bytes` bytes, sent in bounded steps; it stops early when the client hangs up. */
function streamBody(res: http.ServerResponse, reply: StubReply & { bytes: number }, req: StubRequest): void {
  const head = Buffer.from('{"choices":[{"message":{"content":"');
  const size = reply.dripMs ? 16 : CHUNK;
  const pad = Buffer.alloc(size, 'x');
  let sent = 0;
  let closed = false;
  res.on('close', () => (closed = true));
  const next = () => {
    while (!closed && sent < reply.bytes) {
      const piece = sent === 0 ? head.subarray(0, Math.min(head.length, reply.bytes)) : pad;
      const n = Math.min(piece.length, reply.bytes - sent);
      sent += n;
      req.sent = sent;
      const more = res.write(piece.subarray(0, n));
      if (reply.dripMs) return void setTimeout(next, reply.dripMs);
      if (!more) return void res.once('drain', next);
    }
    if (!closed) res.end();
  };
  next();
}

/** A 307 to another address (which the judge must not follow). */
export function redirectTo(location: string): StubReply {
  return { status: 307, headers: { location }, text: '' };
}

/** A body of `bytes` bytes that starts like a chat completion and never becomes one. */
export function hugeBody(bytes: number, declareLength = false): StubReply {
  return { bytes, declareLength };
}

/** A web page (a captive portal, a proxy's error page) that quotes a valid answer inside it. */
export function htmlPageWith(confidence: number): StubReply {
  const json = JSON.stringify(answer(confidence).json);
  return { contentType: 'text/html', text: `<!DOCTYPE html><html><body><pre>${json}</pre></body></html>` };
}

/** A good answer whose headers say the request window is used up for `reset` ("20h"). */
export function rateLimitedAnswer(confidence: number, reset: string): StubReply {
  return {
    ...answer(confidence),
    headers: { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': reset },
  };
}

/** `k` is how many POSTs for the same model came before this one. */
export type StubScript = (req: StubRequest, k: number) => StubReply;

export interface JudgeStub {
  /** The base URL to configure: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  origin: string;
  /** Chat completion POSTs, in order (preflights are not counted). */
  requests: StubRequest[];
  close(): Promise<void>;
}

/** A chat completion whose message content is `content` (any text a model might write). */
export function completion(content: string): StubReply {
  return {
    json: {
      id: 'stub',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1000, completion_tokens: 50 },
    },
  };
}

/** A chat completion whose content is the LLM-check design's JSON answer. */
export function answer(confidence: number, analysis = `confidence ${confidence}`): StubReply {
  return completion(
    JSON.stringify({ unproductive_state_analysis: analysis, unproductive_state_confidence: confidence }),
  );
}

/** The k-th request for a model gets the k-th reply of its list (the last one repeats). */
export function perModel(replies: Record<string, StubReply[]>): StubScript {
  return (req, k) => {
    const list = replies[req.model];
    if (!list || list.length === 0)
      return { status: 404, json: { error: { message: `model '${req.model}' not found` } } };
    return list[Math.min(k, list.length - 1)];
  };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, authorization',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-private-network': 'true',
  'access-control-expose-headers':
    'retry-after, retry-after-ms, x-ratelimit-remaining-requests, x-ratelimit-reset-requests, x-ratelimit-reset-tokens',
};

export async function startJudgeStub(script: StubScript, port = 0): Promise<JudgeStub> {
  const requests: StubRequest[] = [];
  const perModelCount = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    let raw = '';
    req.on('data', (c) => (raw += String(c)));
    req.on('end', () => {
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = null;
      }
      const model = typeof body?.model === 'string' ? body.model : '';
      const r: StubRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        model,
        body,
        headers: req.headers,
        at: Date.now(),
        sent: 0,
      };
      requests.push(r);
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
        res.writeHead(404, { ...CORS, 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const k = perModelCount.get(model) ?? 0;
      perModelCount.set(model, k + 1);
      const reply = script(r, k);
      if (reply.hang) return;
      res.writeHead(reply.status ?? 200, {
        ...CORS,
        'content-type': reply.contentType ?? (reply.text !== undefined ? 'text/plain' : 'application/json'),
        ...(reply.bytes !== undefined && reply.declareLength ? { 'content-length': String(reply.bytes) } : {}),
        ...reply.headers,
      });
      if (reply.bytes !== undefined) streamBody(res, { ...reply, bytes: reply.bytes }, r);
      else res.end(reply.text ?? JSON.stringify(reply.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Stubs started by one test file; `closeAll` (its afterEach) closes every one still open. */
export function stubSet() {
  const started: JudgeStub[] = [];
  return {
    async start(script: StubScript): Promise<JudgeStub> {
      const s = await startJudgeStub(script);
      started.push(s);
      return s;
    },
    async closeAll(): Promise<void> {
      await Promise.all(started.splice(0).map((s) => s.close()));
    },
  };
}

// Run by hand: a low-then-high run for any model name.
if (process.argv[1]?.endsWith('judge-stub.ts')) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 8788;
  const flash = [answer(0.1), answer(0.55), answer(0.92)];
  void startJudgeStub(
    (req, k) => (/pro|large|double/i.test(req.model) ? answer(0.96) : flash[Math.min(k, 2)]),
    port,
  ).then((s) => console.log(`judge stub at ${s.baseUrl}`));
}
