import { afterEach, describe, expect, it } from 'vitest';
import { importSource } from './index';
import { blobSlicesSync } from './blob-chunks';
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
function jsonl(turns: number): Uint8Array {
  const lines = [JSON.stringify({ type: 'meta', version: 1, title: 'café' })];
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
