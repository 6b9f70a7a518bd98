import { afterEach, describe, expect, it } from 'vitest';
import { importSource } from './index';
import { blobSlicesSync, type SliceReader } from './blob-chunks';
import { hashBlobs, hashBytes } from './content-hash';
import { ContentHasher, type HasherState } from './content-hasher';
import { sourceFromBlob, sourceFromBytes } from './source';

/** A Blob whose slices a FileReaderSync stand-in reads synchronously (Node has no FileReaderSync). */
interface FakeSlice {
  from: number;
  to: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function fakeBlob(bytes: Uint8Array): Blob {
  const slice = (from = 0, to = bytes.byteLength): FakeSlice => ({
    from,
    to: Math.min(to, bytes.byteLength),
    arrayBuffer: async () => bytes.slice(from, to).buffer,
  });
  return { size: bytes.byteLength, slice } as unknown as Blob;
}

function readFake(bytes: Uint8Array, reads: number[]) {
  return (s: Blob) => {
    const { from, to } = s as unknown as FakeSlice;
    reads.push(to - from);
    return bytes.slice(from, to).buffer;
  };
}

/** A Loopscope JSONL file of `turns` assistant lines; every line holds an "é" (2 bytes). */
function jsonl(turns: number, title = 'café'): Uint8Array<ArrayBuffer> {
  const lines = [JSON.stringify({ type: 'meta', version: 1, title })];
  for (let i = 0; i < turns; i++)
    lines.push(
      JSON.stringify({
        type: 'assistant',
        text: `step ${i} é`,
        calls: [
          { id: `c${i}`, name: 'bash', args: { cmd: `ls ${i % 7}` }, result: { content: 'é'.repeat(40 + (i % 13)) } },
        ],
      }),
    );
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

afterEach(() => {
  delete (globalThis as { FileReaderSync?: unknown }).FileReaderSync;
});

/**
 * A reader worker's stand-in: answers slices asynchronously, and detaches each slice handed back
 * (as the transfer to the worker does), so a chunk kept past its turn reads as empty.
 */
function fakeReader(bytes: Uint8Array, log: string[], hashFrom?: HasherState): SliceReader {
  let inFlight = 0;
  const hasher = hashFrom && new ContentHasher(hashFrom);
  return {
    read: async (_blob, at, n) => {
      log.push(`read ${at} (${++inFlight} in flight)`);
      await Promise.resolve();
      inFlight--;
      const buf = bytes.slice(at, at + n).buffer;
      hasher?.update(new Uint8Array(buf));
      return { buf, hash: hasher?.state() };
    },
    release: (buf) => {
      log.push(`release ${buf.byteLength}`);
      structuredClone(buf, { transfer: [buf] });
    },
    close: () => log.push('close'),
  };
}

describe('reading a Blob with FileReaderSync (a worker)', () => {
  it('reads slices of at most the slice size that add up to the file', () => {
    const bytes = jsonl(50);
    const reads: number[] = [];
    const slices = [...blobSlicesSync(fakeBlob(bytes), readFake(bytes, reads), 1000)];
    expect(reads.every((n) => n <= 1000)).toBe(true);
    expect(reads.length).toBe(Math.ceil(bytes.byteLength / 1000));
    expect(slices.reduce((n, s) => n + s.byteLength, 0)).toBe(bytes.byteLength);
  });

  it('imports the same transcript as the in-memory path, with characters cut between 1 MiB slices', async () => {
    const bytes = jsonl(20_000); // ~4.3 MB: five slices, cut inside lines
    expect(bytes.byteLength).toBeGreaterThan(2 << 20);
    const reads: number[] = [];
    const read = readFake(bytes, reads);
    (globalThis as { FileReaderSync?: unknown }).FileReaderSync = class {
      readAsArrayBuffer(b: Blob) {
        return read(b);
      }
    };
    const progress: number[] = [];
    const viaSlices = await importSource(
      sourceFromBlob('run.jsonl', fakeBlob(bytes), { onProgress: (n) => progress.push(n) }),
    );
    const inMemory = await importSource(sourceFromBytes('run.jsonl', bytes));
    const whole = Math.floor(bytes.byteLength / (1 << 20));
    expect(reads).toEqual([...Array<number>(whole).fill(1 << 20), bytes.byteLength - whole * (1 << 20)]);
    expect(progress.at(-1)).toBe(bytes.byteLength);
    expect(viaSlices.warnings).toEqual([]);
    expect(viaSlices.transcripts[0].turns.length).toBe(20_000);
    expect(viaSlices.transcripts[0].turns[19_999].calls[0].result?.content).toBe('é'.repeat(40 + (19_999 % 13)));
    expect(viaSlices).toEqual(inMemory);
  });

  it('names the file and line of a broken line read through slices', async () => {
    const bytes = new TextEncoder().encode('{"type":"meta","version":1}\n{"type":"assistant","text":"ok"}\n{oops\n');
    const read = readFake(bytes, []);
    (globalThis as { FileReaderSync?: unknown }).FileReaderSync = class {
      readAsArrayBuffer(b: Blob) {
        return read(b);
      }
    };
    const r = await importSource(sourceFromBlob('run.jsonl', fakeBlob(bytes)));
    expect(r.warnings.map((w) => `${w.file}:${w.line}: ${w.reason}`)[0]).toBe(
      "run.jsonl:3: not valid JSON (Expected property name or '}' in JSON at position 1 (column 2))",
    );
  });
});

describe('reading a large Blob through a reader worker', () => {
  it('reads two slices ahead, hands each back once decoded here, and imports the same transcript with characters cut between slices', async () => {
    // ~2.6 MB: three 1 MiB slices, each cut inside an "é" (the title's length puts the cuts there).
    const bytes = jsonl(12_000, 'café' + 'x'.repeat(95));
    expect([bytes[1 << 20], bytes[2 << 20]]).toEqual([0xa9, 0xa9]);
    const log: string[] = [];
    const sliceReaders = { open: () => fakeReader(bytes, log), minBytes: 1 << 20 };
    const viaReader = await importSource(sourceFromBlob('run.jsonl', new Blob([bytes]), { sliceReaders }));
    const inMemory = await importSource(sourceFromBytes('run.jsonl', bytes));
    const mib = 1 << 20;
    // Two asked ahead; each slice goes back to the reader once its text is decoded here.
    expect(log).toEqual([
      'read 0 (1 in flight)',
      `read ${mib} (2 in flight)`,
      `read ${2 * mib} (1 in flight)`,
      `release ${mib}`,
      `release ${mib}`,
      `release ${bytes.byteLength - 2 * mib}`,
      'close',
    ]);
    expect(viaReader.transcripts[0].turns.length).toBe(12_000);
    expect(viaReader).toEqual(inMemory);
  });

  it('reads a file under the size given in its worker, and stops reading when the import stops', async () => {
    const bytes = jsonl(12_000);
    const log: string[] = [];
    const open = () => fakeReader(bytes, log);
    await importSource(
      sourceFromBlob('run.jsonl', new Blob([bytes]), { sliceReaders: { open, minBytes: bytes.byteLength + 1 } }),
    );
    expect(log).toEqual([]);

    const src = sourceFromBlob('run.jsonl', new Blob([bytes]), { sliceReaders: { open, minBytes: 1 } });
    for await (const [line] of src.lines()) {
      expect(line).toContain('"type":"meta"');
      break;
    }
    // Two slices asked ahead, and the next once the first is used; the reader is closed (its
    // worker ended) at the stop.
    expect(log).toEqual([
      'read 0 (1 in flight)',
      `read ${1 << 20} (2 in flight)`,
      `read ${2 << 20} (1 in flight)`,
      'close',
    ]);
  });

  it('names the line of invalid UTF-8 decoded into heap strings, as TextDecoder does', async () => {
    const text = '{"type":"meta","version":1}\n{"type":"assistant","text":"ok"}\n{"type":"assistant","text":"b';
    const bytes = new Uint8Array([...new TextEncoder().encode(text), 0xff, ...new TextEncoder().encode('d"}\n')]);
    const heap = await importSource(sourceFromBlob('run.jsonl', new Blob([bytes]), { heapDecodeMinBytes: 1 }));
    const native = await importSource(sourceFromBlob('run.jsonl', new Blob([bytes])));
    expect(heap.transcripts[0].turns[1].text).toBe('b\uFFFDd');
    expect(heap.warnings.map((w) => `${w.file}:${w.line}: ${w.reason}`)).toEqual([
      'run.jsonl:3: invalid UTF-8 replaced by U+FFFD; the text there may be garbled',
      'run.jsonl:undefined: no tool calls in this transcript: call-based detectors will have nothing to look at',
    ]);
    expect(heap).toEqual(native);
  });

  it('takes the content hash from the reader, which hashed the slices it read', async () => {
    const bytes = jsonl(12_000);
    const log: string[] = [];
    let opened: HasherState | undefined;
    const hashing = {
      open: (from?: HasherState) => {
        opened = from;
        return fakeReader(bytes, log, from);
      },
      minBytes: 1,
    };
    let hash = '';
    await importSource(
      sourceFromBlob('run.jsonl', new Blob([bytes]), { onContentHash: (h) => (hash = h), sliceReaders: hashing }),
    );
    expect(opened).toEqual(new ContentHasher().state());
    expect(hash).toBe(hashBytes(bytes));
    // Bytes read by a reader that does not hash are hashed here, to the same digest.
    const notHashing = { open: () => fakeReader(bytes, log), minBytes: 1 };
    expect(await hashBlobs([new Blob([bytes])], notHashing)).toBe(hashBytes(bytes));
  });

  it('reads the file itself when the reader worker never answers (it could not start)', async () => {
    const bytes = jsonl(12_000);
    const sliceReaders = {
      open: () => ({
        read: () => Promise.reject(new Error('the file reader stopped')),
        release: () => undefined,
        close: () => undefined,
      }),
      minBytes: 1,
    };
    let hash = '';
    const r = await importSource(
      sourceFromBlob('run.jsonl', new Blob([bytes]), { onContentHash: (h) => (hash = h), sliceReaders }),
    );
    expect(r.transcripts[0].turns.length).toBe(12_000);
    expect(hash).toBe(hashBytes(bytes));
  });
});
