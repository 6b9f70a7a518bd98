/** Test data of the import path: Loopscope JSONL files whose turns take several stored chunks. */

/** A run of `turns` turns with 600 KB results: 4 Mi characters hold 6 of them. */
export function bigRun(turns: number): string {
  const lines = [];
  for (let i = 1; i <= turns; i++)
    lines.push(
      JSON.stringify({
        type: 'assistant',
        text: `step ${i}`,
        calls: [
          {
            id: `c${i}`,
            name: 'cat',
            args: { path: `f${i % 3}` },
            result: { content: `${i}`.repeat(600_000 / `${i}`.length), isError: false },
          },
        ],
      }),
    );
  return lines.join('\n') + '\n';
}
