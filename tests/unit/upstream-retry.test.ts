import { describe, expect, it } from "vitest";
import { OPERATIONS, type RetryPolicy } from "@/lib/upstream/operations";
import { BACKOFF, backoffDelayMs, shouldRetry } from "@/lib/upstream/retry";

const base = { attempt: 1, maxAttempts: 3, hasIdempotencyKey: false } as const;

describe("which calls are repeated automatically", () => {
  it("never repeats marking fines paid, a VAS purchase or an order", () => {
    expect(OPERATIONS["fines.markAsPaid"].retry).toBe("never");
    expect(OPERATIONS["vas.purchase"].retry).toBe("never");
    expect(OPERATIONS["orders.putOrder"].retry).toBe("never");
    for (const kind of ["timeout", "unavailable"] as const) {
      expect(shouldRetry({ ...base, policy: "never", kind, hasIdempotencyKey: true })).toBe(false);
    }
  });

  it("repeats electricity and bill purchases only with the same idempotency key", () => {
    expect(OPERATIONS["electricity.purchase"].retry).toBe("same-key");
    expect(OPERATIONS["bills.purchase"].retry).toBe("same-key");
    expect(
      shouldRetry({ ...base, policy: "same-key", kind: "timeout", hasIdempotencyKey: true }),
    ).toBe(true);
    expect(
      shouldRetry({ ...base, policy: "same-key", kind: "timeout", hasIdempotencyKey: false }),
    ).toBe(false);
  });

  it("treats look-ups, balance, quotes, validation, ledger and status as safe", () => {
    const safe = Object.entries(OPERATIONS)
      .filter(([, op]) => op.retry === "safe")
      .map(([name]) => name);
    expect(safe.sort()).toEqual(
      [
        "bills.confirmCustomer",
        "bills.limits",
        "electricity.confirmCustomer",
        "fines.validateMarkAsPaid",
        "fines.viewByBusinessRegistration",
        "fines.viewByIdNumber",
        "fines.viewByNoticeNumber",
        "merchant.checkBalance",
        "reconciliation.checkOrderPaymentStatus",
        "reconciliation.endOfDayLedger",
        "vas.confirm",
        "vas.products",
      ].sort(),
    );
  });

  it("repeats only transport trouble, and stops at the attempt limit", () => {
    const policy: RetryPolicy = "safe";
    expect(shouldRetry({ ...base, policy, kind: "unavailable" })).toBe(true);
    expect(shouldRetry({ ...base, policy, kind: "timeout" })).toBe(true);
    expect(shouldRetry({ ...base, policy, kind: "rejected" })).toBe(false);
    expect(shouldRetry({ ...base, policy, kind: "unauthorized" })).toBe(false);
    expect(shouldRetry({ ...base, policy, kind: "malformed" })).toBe(false);
    expect(shouldRetry({ ...base, policy, kind: "timeout", attempt: 3 })).toBe(false);
  });
});

describe("backoff", () => {
  it("doubles, is capped, and is jittered within the upper half of each step", () => {
    expect(backoffDelayMs(1, () => 0)).toBe(BACKOFF.baseMs / 2);
    expect(backoffDelayMs(1, () => 1)).toBe(BACKOFF.baseMs);
    expect(backoffDelayMs(2, () => 1)).toBe(BACKOFF.baseMs * 2);
    expect(backoffDelayMs(20, () => 1)).toBe(BACKOFF.capMs);
    expect(backoffDelayMs(20, () => 0)).toBe(BACKOFF.capMs / 2);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelayMs(3)));
    expect(spread.size).toBeGreaterThan(1);
  });
});
