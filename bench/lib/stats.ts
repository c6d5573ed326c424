/** Percentiles of a sample (nearest rank), in the sample's unit. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarise(values: readonly number[]): Summary {
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n: values.length,
    p50: round(percentile(values, 50)),
    p99: round(percentile(values, 99)),
    max: round(percentile(values, 100)),
  };
}

/** Run `task` `total` times with at most `concurrency` at once; returns each run's duration in ms. */
export async function timedPool(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number[]> {
  const durations: number[] = [];
  let next = 0;
  async function worker() {
    while (next < total) {
      const i = next++;
      const start = performance.now();
      await task(i);
      durations.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return durations;
}
