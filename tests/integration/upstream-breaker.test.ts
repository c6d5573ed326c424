import { afterAll, describe, expect, it } from "vitest";
import { breakerState } from "@/lib/upstream/breaker";
import { confirmMeter } from "@/lib/kinds/electricity/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { startOwnSandbox, testMeter } from "./upstream-sandbox";

// Before the client reads its configuration: open after 3 outages in a row, probe after 300 ms.
process.env.KASSA_UPSTREAM_BREAKER_FAILURES = "3";
process.env.KASSA_UPSTREAM_BREAKER_PROBE_MS = "300";
const sandbox = await startOwnSandbox();
afterAll(() => sandbox.close());

const CONFIRM = "/v2/Electricity/ConfirmCustomer";
const confirm = () =>
  confirmMeter(
    { meterNumber: testMeter(1, 1), municipality: "tshwane_prepaid" },
    { maxAttempts: 1 },
  );

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function faultsLeft(): Promise<number> {
  const res = await fetch(`${sandbox.origin}/__sandbox/faults`);
  const body = (await res.json()) as { faults: { remaining: number }[] };
  return body.faults.reduce((sum, f) => sum + f.remaining, 0);
}

describe("the circuit breaker", () => {
  it("opens after repeated outages, pauses sales without calling, and closes on a good probe", async () => {
    await sandbox.fault({ path: CONFIRM, kind: "http500", count: 10 });
    for (let i = 0; i < 3; i++)
      expect(await failure(confirm())).toMatchObject({ kind: "unavailable", status: 500 });
    expect(breakerState()).toBe("open");
    const paused = await failure(confirm());
    expect(paused).toMatchObject({ kind: "unavailable", breakerOpen: true, outcomeKnown: true });
    expect(paused.cashierMessage).toContain("Core service not answering: sales paused");
    // Nothing reached the sandbox while open: the faults it still holds were not used.
    expect(await faultsLeft()).toBe(7);

    await sandbox.clearFaults();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const customer = await confirm();
    expect(customer.meterNumber).toBe(testMeter(1, 1));
    expect(breakerState()).toBe("closed");
  });

  it("counts a refusal as the service answering", async () => {
    await sandbox.fault({ path: CONFIRM, kind: "http500", count: 2 });
    for (let i = 0; i < 2; i++) await failure(confirm());
    await failure(confirmMeter({ meterNumber: "01900000000", municipality: "tshwane_prepaid" }));
    await sandbox.fault({ path: CONFIRM, kind: "http500", count: 2 });
    for (let i = 0; i < 2; i++) await failure(confirm());
    expect(breakerState()).toBe("closed");
  });
});
