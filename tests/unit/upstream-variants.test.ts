import { describe, expect, it } from "vitest";
import { gatewayOutcome, reconcile, summarise, type KassaOrder } from "@/lib/reports/reconcile";
import { tokenKindOf, tokensFromPrintable, unitsInText } from "@/lib/upstream/tokens";
import { safeExternalUrl } from "@/lib/safe-url";

const PRINTED = [
  "CITY OF TSHWANE PREPAID ELECTRICITY",
  "Meter: 01400000004  SGC: 201317  KRN: 2  TI: 2",
  "Key change token 1 of 2: 0130 6581 4002 7852 3327",
  "Key change token 2 of 2: 1298-5622-1001-5941-3744",
  "Credit 16.6 kWh: 66993218584588845662",
  "FBE 50.0 kWh: 4366 6601 9249 9354 4565",
  "Total: R 50,00  Units: 16.6 kWh",
].join("\n");

describe("tokens from the printable receipt", () => {
  it("reads every 20-digit group in entry order, with the kind its line names and its units", () => {
    const tokens = tokensFromPrintable(PRINTED);
    expect(tokens.map((t) => [t.label, t.digits])).toEqual([
      ["Key change 1", "01306581400278523327"],
      ["Key change 2", "12985622100159413744"],
      ["Credit", "66993218584588845662"],
      ["Free basic electricity", "43666601924993544565"],
    ]);
    expect(tokens.map((t) => t.units)).toEqual([null, null, 16.6, 50]);
  });

  it("finds none in text without a 20-digit group (the slip then prints the text as it came)", () => {
    expect(tokensFromPrintable("Meter 01400000004\nReceipt TSW1234")).toEqual([]);
  });

  it("maps every kind name in use", () => {
    expect(["KCT", "KC", "key_change"].map(tokenKindOf)).toEqual([
      "key_change",
      "key_change",
      "key_change",
    ]);
    expect(["FBE", "BSST", "fbe"].map(tokenKindOf)).toEqual(["fbe", "fbe", "fbe"]);
    expect(["STD", "CREDIT", "credit", "something"].map(tokenKindOf)).toEqual([
      "credit",
      "credit",
      "credit",
      "credit",
    ]);
    expect(unitsInText("Credit 66,6 kWh")).toBe(66.6);
  });
});

describe("URLs from the core service", () => {
  it("keeps https and loopback http, drops every other scheme and host", () => {
    expect(safeExternalUrl("https://pay.example.co.za/c/1")).toBe("https://pay.example.co.za/c/1");
    expect(safeExternalUrl("http://127.0.0.1:4210/checkout/1")).toBe(
      "http://127.0.0.1:4210/checkout/1",
    );
    expect(safeExternalUrl("http://localhost:4210/receipts/B1")).toBe(
      "http://localhost:4210/receipts/B1",
    );
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "http://pay.example.co.za/c/1",
      "https://user:pw@pay.example.co.za/",
      "ftp://x",
      "not a url",
      "",
      null,
    ])
      expect(safeExternalUrl(bad)).toBeNull();
  });
});

describe("reconciliation counts only approved ledger lines", () => {
  const paid: KassaOrder = {
    saleId: "a",
    kind: "electricity",
    saleStatus: "completed",
    orderStatus: "PAID",
    amountCents: 10_000,
    paidAt: new Date("2026-03-10T08:00:00Z"),
    createdAt: new Date("2026-03-10T07:59:00Z"),
    needsRefund: false,
  };
  const at = new Date("2026-03-10T08:00:00Z");

  it("lists a declined attempt apart from the approval of the same order and still matches", () => {
    const rows = reconcile(
      [
        { orderId: "a", gatewayStatus: "DECLINED", amountCents: 10_000, at },
        { orderId: "a", gatewayStatus: "APPROVED", amountCents: 10_000, at },
      ],
      [paid],
    );
    expect(rows.map((r) => r.match)).toEqual(["not_a_payment", "matched"]);
    const s = summarise(rows, [paid], []);
    expect(s.ledgerTotalCents).toBe(10_000);
    expect(s.allMatched).toBe(true);
  });

  it("never says all matched when only a declined line stands for a paid order", () => {
    const rows = reconcile(
      [{ orderId: "a", gatewayStatus: "DECLINED", amountCents: 10_000, at }],
      [paid],
    );
    expect(rows.map((r) => r.match)).toEqual(["not_a_payment", "kassa_only"]);
    expect(summarise(rows, [paid], []).allMatched).toBe(false);
  });

  it("flags a second approval and an unknown status, and maps raw statuses in one table", () => {
    const rows = reconcile(
      [
        { orderId: "a", gatewayStatus: "APPROVED", amountCents: 10_000, at },
        { orderId: "a", gatewayStatus: "approved", amountCents: 10_000, at },
        { orderId: "b", gatewayStatus: "WEIRD", amountCents: 500, at },
      ],
      [paid],
    );
    expect(rows.map((r) => r.match)).toEqual(["matched", "paid_twice", "status_unknown"]);
    expect(summarise(rows, [paid], []).allMatched).toBe(false);
    expect(gatewayOutcome("Cancelled")).toBe("cancelled");
    expect(gatewayOutcome("nonsense")).toBeNull();
  });
});
