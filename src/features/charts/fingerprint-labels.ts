/**
 * Bar labels that tell fingerprints apart. A label is clipped to fit beside its bar, so two calls
 * with long, nearly equal arguments (the same edit with one character changed) would read the
 * same; instead of a bare "#2", the colliding labels name the argument that differs and show its
 * value from where the values part (`edit new=…strip(), 0)`).
 */
function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, Math.max(1, max - 1)).trimEnd() + '…';
}

interface Named {
  name: string;
  fingerprint: string;
}

/** The fingerprint without its `name:` prefix: the arguments part. */
function argsPart(t: Named): string {
  return t.fingerprint.startsWith(t.name + ':') ? t.fingerprint.slice(t.name.length + 1) : t.fingerprint;
}

/** Each label with the indexes that carry it, in first-seen order. */
function indexesByLabel(labels: readonly string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  labels.forEach((l, i) => {
    const at = out.get(l);
    if (at) at.push(i);
    else out.set(l, [i]);
  });
  return out;
}

/**
 * `write content=# A, path=docs/a.md` from `write:{"content":"# A","path":"docs/a.md"}`, clipped;
 * a single argument shows its value only (`ls src`).
 */
export function fingerprintLabel(name: string, fingerprint: string, max = 30): string {
  const raw = argsPart({ name, fingerprint });
  let args = raw;
  try {
    const v: unknown = JSON.parse(raw);
    const text = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const entries = Object.entries(v as Record<string, unknown>);
      args = entries.length === 1 ? text(entries[0][1]) : entries.map(([k, x]) => `${k}=${text(x)}`).join(', ');
    } else if (typeof v === 'string') args = v;
  } catch {
    // not JSON (a hashed or custom fingerprint): shown as it is
  }
  args = args.replace(/\s+/g, ' ').trim();
  return clip(args && args !== '{}' ? `${name} ${args}` : name, max);
}

/** The call's arguments as text by key, or undefined when the fingerprint is not a JSON object. */
function argsOf(t: Named): Record<string, string> | undefined {
  try {
    const v: unknown = JSON.parse(argsPart(t));
    if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v))
      out[k] = (typeof x === 'string' ? x : JSON.stringify(x)).replace(/\s+/g, ' ');
    return out;
  } catch {
    return undefined;
  }
}

function commonPrefix(values: readonly string[]): number {
  let n = 0;
  const first = values[0] ?? '';
  while (n < first.length && values.every((v) => v[n] === first[n])) n++;
  return n;
}

/**
 * `value` cut so the place where the group's values part (`prefix`) and 8 characters after it fit
 * in `room` characters, with as much of what comes before as fits; marked with … when cut.
 */
function fromDifference(value: string, prefix: number, room: number): string {
  const start = Math.max(0, Math.min(prefix, prefix + 8 - (room - 1)));
  return start > 0 ? `…${value.slice(start)}` : value;
}

/**
 * Labels for a group whose clipped labels coincide: the first argument that differs, from where
 * it differs; members that still read the same are told apart by the next argument that differs.
 */
function differing(group: readonly Named[], max: number, used: ReadonlySet<string> = new Set()): string[] {
  const args = group.map(argsOf);
  const name = group[0].name;
  if (args.every((a) => a !== undefined)) {
    const keys = [...new Set(args.flatMap((a) => Object.keys(a!)))].sort();
    const key = keys.find((k) => !used.has(k) && new Set(args.map((a) => a![k])).size > 1);
    if (key !== undefined) {
      const values = args.map((a) => a![key] ?? '');
      const p = commonPrefix(values);
      const head = `${name} ${key}=`;
      const labels = values.map((v) =>
        clip(head + (v === '' ? '(none)' : fromDifference(v, p, max - head.length)), max),
      );
      const next = new Set([...used, key]);
      for (const at of indexesByLabel(labels).values())
        if (at.length > 1) {
          const sub = differing(
            at.map((i) => group[i]),
            max,
            next,
          );
          at.forEach((i, j) => (labels[i] = sub[j]));
        }
      return labels;
    }
  }
  const raws = group.map((t) => t.fingerprint.replace(/\s+/g, ' '));
  const p = commonPrefix(raws);
  return raws.map((r) => clip(`${name} ${fromDifference(r, p, max - name.length - 1)}`, max));
}

/** One label per fingerprint, every one distinct, each at most `max` characters. */
export function distinctFingerprintLabels(items: readonly Named[], max: number): string[] {
  const labels = items.map((t) => fingerprintLabel(t.name, t.fingerprint, max));
  for (const at of indexesByLabel(labels).values()) {
    if (at.length < 2) continue;
    const better = differing(
      at.map((i) => items[i]),
      max,
    );
    at.forEach((i, j) => (labels[i] = better[j]));
  }
  // Still equal (a difference past the label's width): numbered, saying of how many.
  for (const [l, at] of indexesByLabel(labels))
    if (at.length > 1) at.forEach((i, j) => (labels[i] = `${clip(l, max - 9)} (${j + 1} of ${at.length})`));
  return labels;
}
