import { describe, expect, it } from "vitest";
import { KIOSK_CARD_AWAY_MS } from "@/lib/auth/session-rules";
import {
  CARD_TIME_LIMIT_MS,
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

  it("settles NO_ATTEMPT at Cancel or at the time limit as not paid", () => {
    expect(decideCardOutcome(said("NO_ATTEMPT"), { ...open, giveUp: "cancel" })).toEqual({
      kind: "not_paid",
      reason: "cancelled",
    });
    expect(decideCardOutcome(said("NO_ATTEMPT"), { ...open, expired: true })).toEqual({
      kind: "not_paid",
      reason: "not_paid",
    });
    expect(decideCardOutcome(said("NO_ATTEMPT"), { ...open, giveUp: "final" })).toEqual({
      kind: "not_paid",
      reason: "not_paid",
    });
  });

  it("leaves a payment still PENDING at the limit or at Cancel unverified, never not paid", () => {
    expect(decideCardOutcome(said("PENDING"), { ...open, expired: true })).toEqual({
      kind: "unverified",
      reason: "still_pending",
    });
    expect(decideCardOutcome(said("PENDING"), { ...open, giveUp: "cancel" })).toEqual({
      kind: "unverified",
      reason: "still_pending",
    });
    expect(decideCardOutcome(said("PENDING"), { ...open, giveUp: "final" })).toEqual({
      kind: "unverified",
      reason: "still_pending",
    });
  });

  it("settles VERIFICATION_ERROR as unverified at once", () => {
    expect(decideCardOutcome(said("VERIFICATION_ERROR", { amountCents: 0 }), open)).toEqual({
      kind: "unverified",
      reason: "verification_error",
    });
  });

  it("waits when the service does not answer, and gives up unverified at the limit", () => {
    expect(decideCardOutcome({ reached: false }, open)).toEqual({ kind: "wait" });
    expect(decideCardOutcome({ reached: false }, { ...open, expired: true })).toEqual({
      kind: "unverified",
      reason: "unreachable",
    });
  });
});

describe("remainingMs", () => {
  it("counts down from the order's creation and stops at zero", () => {
    const created = new Date("2026-03-01T10:00:00Z");
    expect(remainingMs(created, new Date("2026-03-01T10:01:00Z"), 180_000)).toBe(120_000);
    expect(remainingMs(created, new Date("2026-03-01T10:04:00Z"), 180_000)).toBe(0);
  });
});

describe("the kiosk's card away time", () => {
  it("keeps a kiosk signed in exactly as long as a card payment may take", () => {
    expect(KIOSK_CARD_AWAY_MS).toBe(CARD_TIME_LIMIT_MS);
  });
});
