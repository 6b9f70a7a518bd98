/**
 * OTLP JSON traces (ExportTraceServiceRequest, opentelemetry-proto trace/v1/trace.proto in its
 * JSON mapping): resourceSpans[].scopeSpans[].spans[] with attributes as [{key, value: AnyValue}],
 * 64-bit integers and nanosecond times as decimal strings, ids as hex. Flattened here so the
 * GenAI importer only deals with plain spans.
 */
import { isObj, str, type Obj } from './transcript-builder';

export interface FlatSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** The resource's service.name, if any. */
  service?: string;
  /** Start in nanoseconds since the epoch (0 when missing). */
  start: bigint;
  attrs: Obj;
  /** OTLP status code: 2 is ERROR. */
  error: boolean;
  statusMessage?: string;
}

/** AnyValue -> plain value: intValue strings become numbers, arrays and kvlists unwrap. */
export function anyValue(v: unknown): unknown {
  if (!isObj(v)) return v;
  if ('stringValue' in v) return v.stringValue;
  if ('boolValue' in v) return v.boolValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('bytesValue' in v) return v.bytesValue;
  if (isObj(v.arrayValue)) return Array.isArray(v.arrayValue.values) ? v.arrayValue.values.map(anyValue) : [];
  if (isObj(v.kvlistValue)) return attributes(v.kvlistValue.values);
  return undefined;
}

export function attributes(list: unknown): Obj {
  const out: Obj = {};
  if (Array.isArray(list))
    for (const kv of list) if (isObj(kv) && typeof kv.key === 'string') out[kv.key] = anyValue(kv.value);
  return out;
}

function nanos(v: unknown): bigint {
  try {
    if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
    if (typeof v === 'number' && Number.isFinite(v)) return BigInt(Math.trunc(v));
  } catch {
    // fall through
  }
  return 0n;
}

export function isoFromNanos(n: bigint): string | undefined {
  const d = new Date(Number(n / 1000000n));
  return n > 0n && !Number.isNaN(d.getTime()) ? d.toISOString() : undefined;
}

function isError(status: unknown): boolean {
  if (!isObj(status)) return false;
  return status.code === 2 || status.code === 'STATUS_CODE_ERROR' || status.code === 'ERROR';
}

/**
 * Appends the spans of one export request; returns where the spans without a trace or span id
 * are (`resourceSpans[0].scopeSpans[1].spans[4]`), so the warning can point at them.
 */
export function flattenOtlp(doc: unknown, out: FlatSpan[]): string[] {
  const bad: string[] = [];
  if (!isObj(doc)) return bad;
  const resources = doc.resourceSpans ?? doc.resource_spans;
  if (!Array.isArray(resources)) return bad;
  for (const [ri, rs] of resources.entries()) {
    if (!isObj(rs)) continue;
    const service = isObj(rs.resource) ? str(attributes(rs.resource.attributes)['service.name']) : undefined;
    const scopes = rs.scopeSpans ?? rs.scope_spans ?? rs.instrumentationLibrarySpans;
    if (!Array.isArray(scopes)) continue;
    for (const [si, ss] of scopes.entries()) {
      if (!isObj(ss) || !Array.isArray(ss.spans)) continue;
      for (const [k, s] of ss.spans.entries()) {
        const traceId = isObj(s) ? str(s.traceId ?? s.trace_id) : undefined;
        const spanId = isObj(s) ? str(s.spanId ?? s.span_id) : undefined;
        if (!isObj(s) || !traceId || !spanId) {
          bad.push(`resourceSpans[${ri}].scopeSpans[${si}].spans[${k}]`);
          continue;
        }
        const status = isObj(s.status) ? s.status : undefined;
        out.push({
          traceId,
          spanId,
          parentSpanId: str(s.parentSpanId ?? s.parent_span_id),
          name: str(s.name) ?? '',
          service,
          start: nanos(s.startTimeUnixNano ?? s.start_time_unix_nano),
          attrs: attributes(s.attributes),
          error: isError(status),
          statusMessage: status ? str(status.message) : undefined,
        });
      }
    }
  }
  return bad;
}
