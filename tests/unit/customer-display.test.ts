import { describe, expect, it } from "vitest";
import { doneMessageFor } from "@/components/customer-display/done-message";
import { readDisplayMessage } from "@/components/customer-display/read-message";

describe("messages to the display facing the customer", () => {
  it("reads what the till sends before Purchase and after the sale", () => {
    const confirm = {
      show: "confirm",
      what: "Prepaid electricity",
      reference: "01100000006",
      referenceLabel: "Meter",
      ownerName: "Thabo Mokoena",
      amountCents: 10_000,
    };
    expect(readDisplayMessage(confirm)).toEqual(confirm);
    const done = {
      show: "done",
      what: "Prepaid electricity",
      reference: "01100000006",
      referenceLabel: "Meter",
      amountCents: 10_000,
      tokens: [{ label: "Credit", digits: "12345678901234567890" }],
    };
    expect(readDisplayMessage(done)).toEqual(done);
    expect(readDisplayMessage({ show: "rest" })).toEqual({ show: "rest" });
  });

  it("reads a card payment's code and link, and what a confirm is made of", () => {
    const card = {
      show: "card",
      amountCents: 15_000,
      url: "https://pay.example.co.za/checkout/abc",
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    };
    expect(readDisplayMessage(card)).toEqual(card);
    // Only a web address and an SVG drawing: nothing else becomes a link or an image.
    expect(readDisplayMessage({ ...card, url: "javascript:alert(1)" })).toBeNull();
    expect(readDisplayMessage({ ...card, qrSvg: "<img src=x>" })).toBeNull();
    const fines = {
      show: "confirm",
      what: "Traffic fines",
      reference: "*********3089",
      referenceLabel: "ID number",
      ownerName: null,
      amountCents: 52_500,
      items: [{ label: "Notice 0212600000000019", detail: "Speeding", amountCents: 52_500 }],
    };
    expect(readDisplayMessage(fines)).toEqual(fines);
    const odd = { ...fines, items: [{ label: "x", amountCents: 1.5 }, "y", fines.items[0]] };
    expect(readDisplayMessage(odd)).toEqual(fines);
  });

  it("carries a key change's words before the tokens, and nothing but strings", () => {
    const done = {
      show: "done",
      what: "Prepaid electricity",
      reference: "01300000005",
      referenceLabel: "Meter",
      amountCents: 10_000,
      tokens: [{ label: "Key change 1", digits: "12345678901234567890" }],
      notice: ["Key change: enter these tokens first", "Enter the two key-change tokens first."],
    };
    expect(readDisplayMessage(done)).toEqual(done);
    expect(readDisplayMessage({ ...done, notice: [{ html: "<b>" }] })).not.toHaveProperty("notice");
  });

  it("ignores anything else on the channel instead of showing it", () => {
    expect(readDisplayMessage(null)).toBeNull();
    expect(readDisplayMessage({ show: "confirm", what: "x" })).toBeNull();
    expect(
      readDisplayMessage({
        show: "done",
        what: "x",
        reference: "1",
        referenceLabel: "Meter",
        amountCents: 1.5,
        tokens: [],
      }),
    ).toBeNull();
    expect(readDisplayMessage({ show: "script", what: "<b>" })).toBeNull();
  });
});

describe("what the display shows once an electricity sale is done", () => {
  const soldWith = (kinds: ("key_change" | "credit" | "fbe")[]) =>
    doneMessageFor({
      kind: "electricity",
      reference: "01300000005",
      amountCents: 5000,
      result: {
        meterNumber: "01300000005",
        municipality: "tshwane_prepaid",
        customerName: "",
        tokens: kinds.map((kind, i) => ({
          kind,
          label: kind,
          digits: `${i}`.repeat(20),
          info: null,
        })),
        units: 1,
        amountCents: 5000,
        electricityCents: null,
        vatCents: null,
        charges: [],
        meter: { sgc: 1, krn: 2, ti: 1 },
        receiptNumber: null,
        at: "2026-11-20T08:00:00.000Z",
      },
    } as never);

  it("leads a key change with the slip's words and marks the free token free", () => {
    const m = soldWith(["credit", "key_change", "key_change", "fbe"]);
    expect(m.show === "done" && m.notice?.[0]).toBe("Key change: enter these tokens first");
    expect(m.show === "done" && m.tokens.map((t) => t.label)).toEqual([
      "Key change 1",
      "Key change 2",
      "Credit",
      "Free basic electricity (Free: no charge)",
    ]);
    const plain = soldWith(["credit"]);
    expect(plain.show === "done" && plain.notice).toBeUndefined();
  });
});
