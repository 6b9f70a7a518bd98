/** The benches' summaries of repeated timings: the median (robust to one slow run on a busy machine), to 0.1. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const round1 = (x: number) => Math.round(x * 10) / 10;
