import { describe, expect, it } from "vitest";
import { UpstreamError } from "@/lib/upstream/errors";
import { listProducts, purchaseVas, quoteVas, type VasProduct } from "@/lib/kinds/vas/upstream";
import { vasRecordsAround } from "@/lib/office/core-records";
import { connectToSharedSandbox } from "./upstream-sandbox";

connectToSharedSandbox();

async function product(id: string): Promise<VasProduct> {
  const found = (await listProducts()).find((p) => p.id === id);
  if (!found) throw new Error(`product ${id} is not in the sandbox catalogue (docs/sandbox.md)`);
  return found;
}

describe("value-added services against the sandbox", () => {
  it("[vas.products] lists fixed and open-value products of every category, amounts in cents", async () => {
    const products = await listProducts();
    expect(new Set(products.map((p) => p.category))).toEqual(
      new Set(["airtime", "data", "lotto", "voucher"]),
    );
    const fixed = products.find((p) => p.id === "VOD-AIR-10");
    expect(fixed).toMatchObject({
      fixedAmount: true,
      amountCents: 1000,
      minCents: null,
      maxCents: null,
      mobileNumber: "required",
    });
    const open = products.find((p) => p.id === "MTN-AIR-OPEN");
    expect(open).toMatchObject({
      fixedAmount: false,
      amountCents: null,
      minCents: 500,
      maxCents: 100000,
    });
  });

  it("[vas.confirm] quotes a voucher with its fees and total", async () => {
    const quote = await quoteVas({ product: await product("GOOGLEPLAY-100"), amountCents: 10000 });
    expect(quote.amountCents).toBe(10000);
    expect(quote.totalCents).toBe(
      quote.amountCents + quote.fees.reduce((s, f) => s + f.amountCents, 0),
    );
    expect(quote.fees.length).toBeGreaterThan(0);
  });

  it("[vas.confirm] refuses an open amount outside the product's range (1102)", async () => {
    const e: unknown = await quoteVas({
      product: await product("MTN-AIR-OPEN"),
      amountCents: 100,
      mobileNumber: "0821234567",
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UpstreamError);
    expect(e).toMatchObject({
      kind: "rejected",
      code: 1102,
      cashierMessage: "The amount is outside this product's range. Enter an amount within it.",
    });
  });

  it("[vas.purchase] sells a voucher with its pin and instructions", async () => {
    const voucher = await product("GOOGLEPLAY-100");
    const quote = await quoteVas({ product: voucher, amountCents: 10000 });
    const sale = await purchaseVas({
      product: voucher,
      amountCents: 10000,
      quoteId: quote.quoteId,
      merchantReference: `vas-${Date.now()}`,
    });
    expect(sale.pin).toBeTruthy();
    expect(sale.instructions).toBeTruthy();
    expect(sale.totalCents).toBe(quote.totalCents);
  });

  it("[vas.purchase] sends airtime to a mobile number given the local way", async () => {
    const airtime = await product("MTN-AIR-OPEN");
    const sale = await purchaseVas({
      product: airtime,
      amountCents: 1250,
      mobileNumber: "082 123 4567",
      merchantReference: `vas-${Date.now()}`,
    });
    expect(sale).toMatchObject({ amountCents: 1250, mobileNumber: "27821234567", pin: null });
  });

  it("[merchant.checkBalance] shows a not-confirmed VAS sale the receipts around it, its own marked", async () => {
    const airtime = await product("MTN-AIR-OPEN");
    const at = new Date();
    const sold = await purchaseVas({
      product: airtime,
      amountCents: 1375,
      mobileNumber: "0831234567",
      merchantReference: `vas-${Date.now()}`,
    });
    const records = await vasRecordsAround([
      // As the journal keeps it: the total, and the number in international form.
      {
        saleId: "s1",
        createdAt: at,
        amountCents: sold.totalCents ?? 1375,
        recipient: "27831234567",
      },
      { saleId: "s2", createdAt: at, amountCents: 999_999, recipient: "27831234567" },
    ]);
    const mine = records.get("s1");
    expect(mine?.ok).toBe(true);
    if (!mine?.ok) return;
    // The balance's receipt carries the core service's ledger id; its receipt number is the sale's.
    const receipt = mine.receipts.find((r) => r.receipt === sold.receiptNumber);
    expect(receipt).toMatchObject({ slot: "airtime", matches: true, number: "27831234567" });
    expect(receipt?.transactionId).toMatch(/\S/);
    expect(mine.from.getTime()).toBeLessThan(at.getTime());
    const other = records.get("s2");
    expect(other?.ok && other.receipts.some((r) => r.matches)).toBe(false);
  });
});
