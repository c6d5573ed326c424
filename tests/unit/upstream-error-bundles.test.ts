import { describe, expect, it, vi } from "vitest";

process.env.KASSA_UPSTREAM_BREAKER_FAILURES = "3";
process.env.KASSA_UPSTREAM_BREAKER_PROBE_MS = "60000";

/**
 * `next start` loads lib/upstream once per bundle in one process: the breaker made by one
 * bundle (a route handler asking its state) must count the outages another bundle (a till's
 * server action) throws. Two copies of the modules stand for two bundles here.
 */
describe("the circuit breaker across copies of the upstream modules", () => {
  it("counts another copy's outages and opens, and its refusal is an UpstreamError to both", async () => {
    const first = await import("@/lib/upstream/breaker");
    const firstErrors = await import("@/lib/upstream/errors");
    expect(first.breakerState()).toBe("closed");
    vi.resetModules();
    const second = await import("@/lib/upstream/errors");
    expect(second.UpstreamError).not.toBe(firstErrors.UpstreamError);

    const outage = () =>
      new second.UpstreamError({
        kind: "unavailable",
        operation: "electricity.confirmCustomer",
        cashierMessage: "The core service is not answering.",
        outcomeKnown: true,
        status: 500,
      });
    expect(outage()).toBeInstanceOf(firstErrors.UpstreamError);
    for (let i = 0; i < 3; i++)
      await expect(
        first.underBreaker("electricity.confirmCustomer", () => Promise.reject(outage())),
      ).rejects.toMatchObject({ kind: "unavailable", breakerOpen: undefined });
    expect(first.breakerState()).toBe("open");
    const paused = await first
      .underBreaker("electricity.confirmCustomer", () => Promise.resolve("sent"))
      .catch((error: unknown) => error);
    expect(paused).toBeInstanceOf(second.UpstreamError);
    expect(paused).toMatchObject({ breakerOpen: true, kind: "unavailable" });
  });
});
