import { describe, expect, it } from "vitest";
import { reconcile, summarise, type KassaOrder, type LedgerLine } from "@/lib/reports/reconcile";

const order = (
  saleId: string,
  amountCents: number,
  orderStatus: KassaOrder["orderStatus"] = "PAID",
): KassaOrder => ({
  saleId,
  kind: "electricity",
  saleStatus: orderStatus === "PAID" ? "completed" : "unknown",
  orderStatus,
  amountCents,
  paidAt: orderStatus === "PAID" ? new Date("2026-03-10T08:00:00Z") : null,
  createdAt: new Date("2026-03-10T07:59:00Z"),
  needsRefund: false,
});
const line = (orderId: string, amountCents: number, gatewayStatus = "APPROVED"): LedgerLine => ({
  orderId,
  amountCents,
  gatewayStatus,
  at: new Date("2026-03-10T08:00:00Z"),
});

describe("reconciliation matching", () => {
  it("matches every paid order found in the ledger with the same amount", () => {
    const kassa = [order("a", 5_000), order("b", 12_345)];
    const rows = reconcile([line("b", 12_345), line("a", 5_000)], kassa);
    expect(rows.map((r) => [r.orderId, r.match])).toEqual([
      ["b", "matched"],
      ["a", "matched"],
    ]);
    expect(summarise(rows, kassa, []).allMatched).toBe(true);
  });

  it("names each kind of mismatch", () => {
    const kassa = [
      order("same", 1_000),
      order("amended", 2_000),
      order("missing", 3_000),
      order("pending", 4_000, "PENDING"),
      order("declined", 500, "FAILED"),
    ];
    const ledger = [
      line("same", 1_000),
      line("amended", 2_500),
      line("stranger", 7_500),
      line("pending", 4_000),
    ];
    const rows = reconcile(ledger, kassa);
    const by = Object.fromEntries(rows.map((r) => [r.orderId, r]));
    expect(by.same?.match).toBe("matched");
    expect(by.amended).toMatchObject({
      match: "amount_differs",
      ledgerCents: 2_500,
      kassaCents: 2_000,
    });
    expect(by.stranger).toMatchObject({ match: "ledger_only", kassaCents: null, kind: null });
    expect(by.missing).toMatchObject({ match: "kassa_only", ledgerCents: null, kassaCents: 3_000 });
    expect(by.pending?.match).toBe("status_differs");
    // A declined order that is not in the ledger is as it should be: not listed.
    expect(by.declined).toBeUndefined();
    const s = summarise(rows, kassa, ["batch incomplete"]);
    expect(s.counts).toEqual({
      matched: 1,
      amount_differs: 1,
      ledger_only: 1,
      kassa_only: 1,
      status_differs: 1,
      paid_twice: 0,
      not_a_payment: 0,
      status_unknown: 0,
      given_up: 0,
    });
    expect(s.ledgerTotalCents).toBe(1_000 + 2_500 + 7_500 + 4_000);
    expect(s.kassaPaidTotalCents).toBe(1_000 + 2_000 + 3_000);
    expect(s.allMatched).toBe(false);
  });

  it("flags a payment for an order Kassa gave up on, and never counts it as matched", () => {
    const givenUp = { ...order("late", 5_000), saleStatus: "unknown" as const, givenUp: true };
    const rows = reconcile([line("late", 5_000)], [givenUp]);
    expect(rows.map((r) => r.match)).toEqual(["given_up"]);
    expect(summarise(rows, [givenUp], []).allMatched).toBe(false);
  });

  it("is not all matched when the ledger carries verification errors, even with every order matched", () => {
    const kassa = [order("a", 5_000)];
    const rows = reconcile([line("a", 5_000)], kassa);
    expect(summarise(rows, kassa, ["Gateway batch 7 incomplete"]).allMatched).toBe(false);
  });

  it("an empty day is all matched", () => {
    expect(summarise(reconcile([], []), [], []).allMatched).toBe(true);
  });
});
