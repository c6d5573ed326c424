import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  decodeFines,
  decodeOrder,
  decodeReconciliation,
  decodeStandard,
} from "@/lib/upstream/envelope";
import { UpstreamError } from "@/lib/upstream/errors";
import { plainText } from "@/lib/money";

const data = z.object({ value: z.number() });

function caught(fn: () => unknown): UpstreamError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error("expected an UpstreamError");
}

describe("standard envelope (electricity, bills, merchant, VAS)", () => {
  it("returns the parsed data on success and drops fields Kassa does not know", () => {
    const out = decodeStandard(
      "electricity.confirmCustomer",
      {
        status: 200,
        body: { success: true, data: { value: 3, extra: "x" }, error: null, errorNo: null },
      },
      data,
    );
    expect(out).toEqual({ value: 3 });
  });

  it("turns an errorNo into a rejection with the cashier's words, outcome known even for a purchase", () => {
    const e = caught(() =>
      decodeStandard(
        "electricity.purchase",
        {
          status: 400,
          body: { success: false, data: null, error: "1005 - Insufficient funds", errorNo: 1005 },
        },
        data,
      ),
    );
    expect(e).toMatchObject({ kind: "rejected", code: 1005, outcomeKnown: true, status: 400 });
    expect(e.cashierMessage).toBe(
      "The merchant balance is too low for this sale. Call a supervisor.",
    );
  });

  it("names the meter's limit when the caller knows it", () => {
    const body = {
      success: false,
      data: null,
      error: "1003 - Amount above maximum",
      errorNo: 1003,
    };
    const e = caught(() =>
      decodeStandard("electricity.purchase", { status: 400, body }, data, {
        limits: { minCents: 2000, maxCents: 300000 },
      }),
    );
    expect(plainText(e.cashierMessage)).toBe(
      "The amount must be between R 20,00 and R 3 000,00 for this meter.",
    );
  });

  it("says an unknown outcome once: what happened, then do not sell again (never also 'try again')", () => {
    const e = caught(() => decodeStandard("vas.purchase", { status: 503, body: "" }, data));
    expect(e.outcomeKnown).toBe(false);
    expect(e.cashierMessage).toBe(
      "The core service is not answering. Not confirmed. Do not sell again: check the sale's status first.",
    );
    const lookUp = caught(() => decodeStandard("vas.confirm", { status: 503, body: "" }, data));
    expect(lookUp.cashierMessage).toBe("The core service is not answering. Try again in a minute.");
  });

  it("reads the code from the error text when errorNo is missing, and passes on unknown codes' own words", () => {
    const e = caught(() =>
      decodeStandard(
        "vas.confirm",
        {
          status: 400,
          body: { success: false, data: null, error: "4242 - Network busy", errorNo: null },
        },
        data,
      ),
    );
    expect(e).toMatchObject({ kind: "rejected", code: 4242, cashierMessage: "Network busy" });
  });

  it("treats 401 as unauthorized and 5xx as unavailable with the outcome unknown for a purchase", () => {
    expect(
      caught(() =>
        decodeStandard(
          "merchant.checkBalance",
          { status: 401, body: { message: "Unauthorized" } },
          data,
        ),
      ).kind,
    ).toBe("unauthorized");
    const e = caught(() =>
      decodeStandard("electricity.purchase", { status: 500, body: undefined }, data),
    );
    expect(e).toMatchObject({ kind: "unavailable", outcomeKnown: false });
    expect(e.cashierMessage).toContain("Do not sell again");
    expect(
      caught(() =>
        decodeStandard("electricity.confirmCustomer", { status: 503, body: undefined }, data),
      ),
    ).toMatchObject({ kind: "unavailable", outcomeKnown: true });
  });

  it("calls a body that is not JSON, or data of the wrong shape, malformed", () => {
    expect(
      caught(() => decodeStandard("bills.purchase", { status: 200, body: undefined }, data)),
    ).toMatchObject({ kind: "malformed", outcomeKnown: false });
    const e = caught(() =>
      decodeStandard(
        "bills.confirmCustomer",
        { status: 200, body: { success: true, data: { value: "3" } } },
        data,
      ),
    );
    expect(e).toMatchObject({ kind: "malformed", outcomeKnown: true });
    expect(e.message).toContain("value");
  });
});

describe("traffic-fine envelope", () => {
  it("returns result, reference and proposed amount on success 1", () => {
    const out = decodeFines(
      "fines.validateMarkAsPaid",
      {
        status: 200,
        body: {
          success: 1,
          result: { value: 1 },
          error: null,
          reference: "S-1",
          amntProposed: 500,
        },
      },
      data,
    );
    expect(out).toEqual({ result: { value: 1 }, reference: "S-1", amntProposed: 500 });
  });

  it("shows code 23's validation messages", () => {
    const body = {
      success: 0,
      result: null,
      error: {
        code: 23,
        message: "Validation",
        validationMessage: ["Amount must equal gross amount."],
      },
    };
    const e = caught(() => decodeFines("fines.validateMarkAsPaid", { status: 400, body }, data));
    expect(e).toMatchObject({
      kind: "rejected",
      code: 23,
      validationMessages: ["Amount must equal gross amount."],
    });
    expect(e.cashierMessage).toContain("Amount must equal gross amount.");
  });

  it("maps code 1 to unauthorized and code 2 to unavailable; a 503 on mark-paid leaves the outcome unknown", () => {
    const err = (code: number) => ({
      success: 0,
      result: null,
      error: { code, message: "x", validationMessage: null },
    });
    expect(
      caught(() => decodeFines("fines.viewByIdNumber", { status: 400, body: err(1) }, data)).kind,
    ).toBe("unauthorized");
    expect(
      caught(() => decodeFines("fines.viewByIdNumber", { status: 503, body: err(2) }, data)),
    ).toMatchObject({ kind: "unavailable", code: 2, outcomeKnown: true });
    expect(
      caught(() => decodeFines("fines.markAsPaid", { status: 503, body: err(2) }, data)),
    ).toMatchObject({ kind: "unavailable", outcomeKnown: false });
    expect(
      caught(() => decodeFines("fines.markAsPaid", { status: 400, body: err(14) }, data)),
    ).toMatchObject({ kind: "rejected", code: 14, outcomeKnown: true });
  });
});

describe("reconciliation envelope", () => {
  const status = z.object({
    paymentStatus: z.string(),
    verificationErrors: z.array(z.object({ message: z.string() })),
  });
  const failed = {
    success: false,
    paymentStatus: "VERIFICATION_ERROR",
    id: "",
    referrer: "",
    verificationErrors: [{ message: "Order not found" }],
  };

  it("reads the direct object on 200 and on 500", () => {
    expect(
      decodeReconciliation(
        "reconciliation.checkOrderPaymentStatus",
        { status: 200, body: { paymentStatus: "PAID", verificationErrors: [] } },
        status,
        true,
      ).paymentStatus,
    ).toBe("PAID");
    expect(
      decodeReconciliation(
        "reconciliation.checkOrderPaymentStatus",
        { status: 500, body: failed },
        status,
        true,
      ).paymentStatus,
    ).toBe("VERIFICATION_ERROR");
  });

  it("unwraps {status, data} on 400/404 and returns VERIFICATION_ERROR as a result", () => {
    const out = decodeReconciliation(
      "reconciliation.checkOrderPaymentStatus",
      { status: 404, body: { status: 404, data: failed } },
      status,
      true,
    );
    expect(out.verificationErrors).toEqual([{ message: "Order not found" }]);
  });

  it("throws for the ledger's error bodies, with their messages", () => {
    const e = caught(() =>
      decodeReconciliation(
        "reconciliation.endOfDayLedger",
        {
          status: 500,
          body: { success: false, verificationErrors: [{ message: "Gateway down" }] },
        },
        status,
        false,
      ),
    );
    expect(e).toMatchObject({ kind: "unavailable", validationMessages: ["Gateway down"] });
  });
});

describe("putOrder answers", () => {
  const created = z.object({ orderId: z.string() });
  it("returns the object on 200 and rejects with the message on 400", () => {
    expect(
      decodeOrder("orders.putOrder", { status: 200, body: { orderId: "o1" } }, created),
    ).toEqual({ orderId: "o1" });
    const e = caught(() =>
      decodeOrder(
        "orders.putOrder",
        { status: 400, body: { success: false, message: "Currency must be ZAR" } },
        created,
      ),
    );
    expect(e).toMatchObject({
      kind: "rejected",
      cashierMessage: "Currency must be ZAR",
      outcomeKnown: true,
    });
  });

  it("leaves the outcome unknown when the answer to putOrder is unreadable", () => {
    expect(
      caught(() => decodeOrder("orders.putOrder", { status: 200, body: undefined }, created)),
    ).toMatchObject({ kind: "malformed", outcomeKnown: false });
  });
});
