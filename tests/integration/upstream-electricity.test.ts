import { describe, expect, it } from "vitest";
import { plainText } from "@/lib/money";
import { confirmMeter, vendElectricity } from "@/lib/kinds/electricity/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { newKey, testMeter, connectToSharedSandbox } from "./upstream-sandbox";

const sandbox = connectToSharedSandbox();

// docs/sandbox.md: municipality digit 1 Tshwane, 2 Zeerust, 3 Mogale, 4 Ngwathe; scenario digit below.
const TSHWANE = 1;
const SCENARIO = {
  normal: 1,
  fbe: 2,
  keyChange: 3,
  keyChangeFbe: 4,
  arrears: 5,
  fixedCharges: 6,
  fbeOnly: 7,
  blocked: 9,
} as const;

const vend = (
  meterNumber: string,
  amountCents: number,
  municipality: "tshwane_prepaid" | "mogale_prepaid" = "tshwane_prepaid",
) =>
  vendElectricity({
    meterNumber,
    municipality,
    amountCents,
    method: "cash",
    idempotencyKey: newKey(),
  });

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("electricity against the sandbox", () => {
  it("[electricity.confirmCustomer] names the customer and the meter's range in cents", async () => {
    const customer = await confirmMeter({
      meterNumber: testMeter(TSHWANE, SCENARIO.normal),
      municipality: "tshwane_prepaid",
    });
    expect(customer.meterNumber).toBe(testMeter(TSHWANE, SCENARIO.normal));
    expect(customer.name).toBe("Mokoena");
    expect(customer.minCents).toBe(1000);
    expect(customer.maxCents).toBe(500000);
    expect(customer.meter).toEqual({ sgc: 201316, krn: 1, ti: 1 });
  });

  it("[electricity.confirmCustomer] refuses an unknown meter (1001) and a blocked one (1007)", async () => {
    const unknown = await rejection(
      confirmMeter({ meterNumber: "01999999999", municipality: "tshwane_prepaid" }),
    );
    expect(unknown).toMatchObject({
      kind: "rejected",
      code: 1001,
      cashierMessage: "This meter number is not known to the municipality.",
    });
    const blocked = await rejection(
      confirmMeter({
        meterNumber: testMeter(TSHWANE, SCENARIO.blocked),
        municipality: "tshwane_prepaid",
      }),
    );
    expect(blocked).toMatchObject({ kind: "rejected", code: 1007 });
  });

  it("[electricity.purchase] vends a 20-digit credit token with units, VAT and receipt", async () => {
    const sale = await vend(testMeter(TSHWANE, SCENARIO.normal), 10000);
    expect(sale.tokens).toHaveLength(1);
    expect(sale.tokens[0]).toMatchObject({ kind: "credit", label: "Credit" });
    expect(sale.tokens[0]?.digits).toMatch(/^\d{20}$/);
    expect(sale.amountCents).toBe(10000);
    expect(sale.vatCents).toBe(1304);
    expect(sale.units).toBeGreaterThan(0);
    expect(sale.receiptNumber).toMatch(/^TSW\d+$/);
    expect(sale.customerName).toBe("Thabo Mokoena");
    expect(sale.at).toBeInstanceOf(Date);
    expect(Math.abs(sale.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(sale.receiptText).toContain(sale.receiptNumber);
  });

  it("[electricity.purchase] puts two key-change tokens before the credit token, then FBE", async () => {
    const keyChange = await vend(testMeter(TSHWANE, SCENARIO.keyChange), 5000);
    expect(keyChange.tokens.map((t) => t.label)).toEqual([
      "Key change 1",
      "Key change 2",
      "Credit",
    ]);
    const withFbe = await vend(testMeter(TSHWANE, SCENARIO.keyChangeFbe), 5000);
    expect(withFbe.tokens.map((t) => t.label)).toEqual([
      "Key change 1",
      "Key change 2",
      "Credit",
      "Free basic electricity",
    ]);
    expect(withFbe.meter.krn).toBe(2);
  });

  it("[electricity.purchase] yields only the FBE token for R 0 on Tshwane's FBE-only meter", async () => {
    const sale = await vend(testMeter(TSHWANE, SCENARIO.fbeOnly), 0);
    expect(sale.tokens.map((t) => t.kind)).toEqual(["fbe"]);
    expect(sale.tokens[0]?.info).toContain("kWh");
    expect(sale.amountCents).toBe(0);
  });

  it("[electricity.purchase] shows arrears and fixed charges taken from the amount", async () => {
    const arrears = await vend(testMeter(TSHWANE, SCENARIO.arrears), 20000);
    expect(arrears.charges.map((c) => c.description)).toEqual(["Arrears"]);
    expect(arrears.charges[0]?.amountCents).toBeGreaterThan(0);
    expect(arrears.charges[0]?.outstandingCents).toBeGreaterThan(0);
    const fixed = await vend(testMeter(TSHWANE, SCENARIO.fixedCharges), 20000);
    expect(fixed.charges.map((c) => c.description)).toEqual(["Fixed charges"]);
    // The split, as the slip prints it, adds up to what the customer paid.
    expect(fixed.breakdown.map((l) => l.description)).toEqual([
      "Electricity",
      "Fixed charges",
      "VAT",
    ]);
    expect(fixed.breakdown.reduce((s, l) => s + l.amountCents, 0)).toBe(20000);
  });

  it("[electricity.purchase] refuses an amount below the meter's minimum, naming it (1002)", async () => {
    const meterNumber = testMeter(TSHWANE, SCENARIO.normal);
    const limits = await confirmMeter({ meterNumber, municipality: "tshwane_prepaid" });
    const e = await rejection(
      vendElectricity({
        meterNumber,
        municipality: "tshwane_prepaid",
        amountCents: 500,
        method: "cash",
        idempotencyKey: newKey(),
        limits,
      }),
    );
    expect(e).toMatchObject({ kind: "rejected", code: 1002, outcomeKnown: true });
    expect(plainText(e.cashierMessage)).toBe(
      "The amount must be between R 10,00 and R 5 000,00 for this meter.",
    );
  });

  it("[electricity.purchase] replayed with the same idempotency key returns the same token and vends once", async () => {
    const key = newKey();
    const input = {
      meterNumber: testMeter(3, SCENARIO.normal),
      municipality: "mogale_prepaid" as const,
      amountCents: 7550,
      method: "card" as const,
      idempotencyKey: key,
    };
    const first = await vendElectricity(input);
    const again = await vendElectricity(input);
    expect(again.tokens).toEqual(first.tokens);
    expect(again.receiptNumber).toBe(first.receiptNumber);
    const mine = (await sandbox.transactions()).filter((t) => t.idempotency === key);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.amountCents).toBe(7550);
  });
});
