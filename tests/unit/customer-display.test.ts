import { describe, expect, it } from "vitest";
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
