import { describe, expect, it } from "vitest";
import {
  decideCardOutcome,
  remainingMs,
  type CardSituation,
  type StatusCheck,
} from "@/lib/sales/card/outcome";
import type { PaymentStatus } from "@/lib/upstream/reconciliation";

const open: CardSituation = {
  expectedCents: 5000,
  orderIds: ["sale-1", "ORD1"],
  previousStatus: null,
  expired: false,
  giveUp: null,
};
const said = (
  paymentStatus: PaymentStatus,
  more: Partial<{
    gatewayStatus: string;
    amountCents: number | null;
    currency: string | null;
    orderId: string | null;
  }> = {},
): StatusCheck => ({
  reached: true,
  paymentStatus,
  gatewayStatus: more.gatewayStatus ?? null,
  amountCents: more.amountCents === undefined ? 5000 : more.amountCents,
  currency: more.currency === undefined ? "ZAR" : more.currency,
  orderId: more.orderId === undefined ? "sale-1" : more.orderId,
});

describe("decideCardOutcome", () => {
  it("releases the sale on PAID for the order's amount, even when the till has just pressed Cancel", () => {
    expect(decideCardOutcome(said("PAID"), open)).toEqual({ kind: "release" });
    expect(decideCardOutcome(said("PAID"), { ...open, giveUp: "cancel" })).toEqual({
      kind: "release",
    });
    expect(decideCardOutcome(said("PAID"), { ...open, expired: true })).toEqual({
      kind: "release",
    });
  });

  it("does not trust a PAID for another amount", () => {
    expect(decideCardOutcome(said("PAID", { amountCents: 4999 }), open)).toEqual({
      kind: "unverified",
      reason: "amount_mismatch",
    });
  });

  it("does not trust a PAID with no amount, another currency or another order", () => {
    const reasons = [
      said("PAID", { amountCents: null }),
      said("PAID", { currency: "USD" }),
      said("PAID", { currency: null }),
      said("PAID", { orderId: "someone-else" }),
    ].map((check) => decideCardOutcome(check, open));
    expect(reasons).toEqual([
      { kind: "unverified", reason: "amount_mismatch" },
      { kind: "unverified", reason: "currency_mismatch" },
      { kind: "unverified", reason: "currency_mismatch" },
      { kind: "unverified", reason: "order_mismatch" },
    ]);
    // The core service's own order id is this order too.
    expect(decideCardOutcome(said("PAID", { orderId: "ORD1" }), open)).toEqual({ kind: "release" });
  });

  it("waits through PENDING and then releases on PAID", () => {
    const first = decideCardOutcome(said("PENDING"), open);
    const second = decideCardOutcome(said("PAID"), { ...open, previousStatus: "PENDING" });
    expect([first.kind, second.kind]).toEqual(["wait", "release"]);
  });

  it("settles FAILED as declined, not paid", () => {
    expect(decideCardOutcome(said("FAILED"), open)).toEqual({
      kind: "not_paid",
      reason: "declined",
    });
  });

  it("waits on NO_ATTEMPT while the customer has not opened the page", () => {
    expect(decideCardOutcome(said("NO_ATTEMPT", { gatewayStatus: "CREATED" }), open)).toEqual({
      kind: "wait",
    });
  });

  it("reads NO_ATTEMPT after the checkout's Cancel as cancelled, from the gateway's status or from PENDING before", () => {
    expect(decideCardOutcome(said("NO_ATTEMPT", { gatewayStatus: "CANCELLED" }), open)).toEqual({
      kind: "not_paid",
      reason: "cancelled",
    });
    expect(decideCardOutcome(said("NO_ATTEMPT"), { ...open, previousStatus: "PENDING" })).toEqual({
      kind: "not_paid",
      reason: "cancelled",
    });
  });

  it("the counter stopping (Cancel, its time limit) with no payment seen: cancelled at the till, whatever the page or the service said", () => {
    const cancel = { ...open, giveUp: "cancel" as const };
    const limit = { ...open, expired: true };
    const answers: StatusCheck[] = [
      said("NO_ATTEMPT"),
      said("NO_ATTEMPT", { gatewayStatus: "CANCELLED" }),
      said("PENDING"),
      said("VERIFICATION_ERROR", { amountCents: 0 }),
      { reached: false },
    ];
    for (const check of answers) {
      expect(decideCardOutcome(check, cancel)).toEqual({ kind: "stopped", reason: "cancelled" });
      expect(decideCardOutcome(check, limit)).toEqual({ kind: "stopped", reason: "time_limit" });
    }
    // A decline is final either way, and a mismatched PAID is a supervisor's.
    expect(decideCardOutcome(said("FAILED"), cancel)).toEqual({
      kind: "not_paid",
      reason: "declined",
    });
    expect(decideCardOutcome(said("PAID", { amountCents: 1 }), cancel)).toEqual({
      kind: "unverified",
      reason: "amount_mismatch",
    });
  });

  it("the kiosk's last check: NO_ATTEMPT is not paid, PENDING or no answer unverified", () => {
    const final = { ...open, giveUp: "final" as const };
    expect(decideCardOutcome(said("NO_ATTEMPT"), final)).toEqual({
      kind: "not_paid",
      reason: "not_paid",
    });
    expect(decideCardOutcome(said("PENDING"), final)).toEqual({
      kind: "unverified",
      reason: "still_pending",
    });
    expect(decideCardOutcome({ reached: false }, final)).toEqual({
      kind: "unverified",
      reason: "unreachable",
    });
  });

  it("settles VERIFICATION_ERROR as unverified at once", () => {
    expect(decideCardOutcome(said("VERIFICATION_ERROR", { amountCents: 0 }), open)).toEqual({
      kind: "unverified",
      reason: "verification_error",
    });
  });

  it("waits while the service does not answer", () => {
    expect(decideCardOutcome({ reached: false }, open)).toEqual({ kind: "wait" });
  });
});

describe("remainingMs", () => {
  it("counts down from the order's creation and stops at zero", () => {
    const created = new Date("2026-03-01T10:00:00Z");
    expect(remainingMs(created, new Date("2026-03-01T10:01:00Z"), 180_000)).toBe(120_000);
    expect(remainingMs(created, new Date("2026-03-01T10:04:00Z"), 180_000)).toBe(0);
  });
});
