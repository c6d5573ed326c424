import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readiness, startReadiness } from "@/lib/ops/readiness";

/**
 * Readiness decided in the background (lib/ops/readiness.ts): probes once a second, answers
 * read the last decision, and the decision moves only after three probes in a row disagree.
 */
const g = globalThis as unknown as { kassaReadiness?: unknown };

describe("readiness", () => {
  let results: boolean[];
  let probes: number;
  const probe = async () => {
    probes++;
    return { ok: results.shift() ?? true };
  };
  /** One background tick, and the probe it started. */
  const tick = async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    g.kassaReadiness = undefined;
    probes = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    g.kassaReadiness = undefined;
  });

  it("answers many checks from one probe, without probing for each", async () => {
    results = [true];
    const answers = await Promise.all(Array.from({ length: 400 }, () => readiness(probe)));
    expect(answers.every((a) => a.ready)).toBe(true);
    expect(probes).toBe(1);
  });

  it("turns not ready only after three failed probes in a row, and ready after three good ones", async () => {
    results = [true, false, false, true, false, false, false, true, true, true];
    expect((await readiness(probe)).ready).toBe(true);
    const seen: boolean[] = [];
    for (let i = 0; i < 9; i++) {
      await tick();
      seen.push((await readiness(probe)).ready);
    }
    // Probes: f f t (streak broken) f f f (not ready) t t t (ready again).
    expect(seen).toEqual([true, true, true, true, true, false, false, false, true]);
    expect((await readiness(probe)).last.ok).toBe(true);
  });

  it("starts from what the start-up found, so a slow first second decides nothing alone", async () => {
    results = [false, false, true];
    startReadiness(probe, { ok: true });
    expect(probes).toBe(0);
    const seen: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      await tick();
      seen.push((await readiness(probe)).ready);
    }
    expect(seen).toEqual([true, true, true]);
    expect(probes).toBe(3);
  });
});
