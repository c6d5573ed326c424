import { describe, expect, it } from "vitest";
import { privateSandbox, type Envelope } from "./sandbox-helpers";

const sb = privateSandbox();

interface Product {
  id: string;
  category: string;
  provider: string;
  fixedAmount: boolean;
  amount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  reference: string[];
  requiresRecipient: boolean;
}
interface Quote {
  quoteId: string | null;
  total: number;
  fees: { desc: string; amount: number }[];
}
interface Bought {
  transactionId: string;
  pin: string | null;
  instructions: string | null;
  recipient: string | null;
  total: number;
}

async function catalogue(): Promise<Product[]> {
  const { status, body } = await sb.api<Envelope<Product[]>>("/v1/VAS/Products", undefined, {
    method: "GET",
  });
  expect(status).toBe(200);
  return body.data ?? [];
}
const product = (all: Product[], id: string) => {
  const p = all.find((x) => x.id === id);
  if (!p) throw new Error(id);
  return p;
};

describe("sandbox: VAS", () => {
  it("the catalogue has fixed and open airtime and data for four networks, lotto and vouchers", async () => {
    const all = await catalogue();
    for (const provider of ["Vodacom", "MTN", "Cell C", "Telkom"]) {
      expect(all.some((p) => p.provider === provider && p.category === "airtime")).toBe(true);
      expect(all.some((p) => p.provider === provider && p.category === "data")).toBe(true);
    }
    expect(all.some((p) => p.category === "lotto")).toBe(true);
    expect(all.some((p) => p.category === "voucher" && !p.fixedAmount)).toBe(true);
    for (const p of all) {
      if (p.fixedAmount)
        expect([p.minAmount, p.maxAmount, typeof p.amount]).toEqual([null, null, "number"]);
      else
        expect([p.amount, typeof p.minAmount, typeof p.maxAmount]).toEqual([
          null,
          "number",
          "number",
        ]);
    }
  });

  it("a voucher: confirm quotes fees and total, purchase with the quote returns pin and instructions, once", async () => {
    const p = product(await catalogue(), "BETWAY-OPEN");
    const body = { productID: p.id, amount: 200, reference: JSON.stringify(p.reference) };
    const quote = await sb.api<Envelope<Quote>>("/v1/VAS/Confirm", body);
    expect(quote.body.data).toMatchObject({
      total: 202.5,
      fees: [{ desc: "Service fee", amount: 2.5 }],
    });
    const quoteId = quote.body.data?.quoteId;
    expect(quoteId).toEqual(expect.any(String));
    const bought = await sb.api<Envelope<Bought>>("/v1/VAS/Purchase", {
      ...body,
      quoteId,
      merchantReference: "SALE-9",
    });
    expect(bought.body.data).toMatchObject({ total: 202.5, recipient: null });
    expect(bought.body.data?.pin).toMatch(/^\d{16}$/);
    expect(bought.body.data?.instructions).toEqual(expect.any(String));
    const reused = await sb.api<Envelope>("/v1/VAS/Purchase", { ...body, quoteId });
    expect(reused.body.errorNo).toBe(1103);
  });

  it("airtime needs a recipient (1104), stays in range (1102) and needs no quote", async () => {
    const p = product(await catalogue(), "MTN-AIR-OPEN");
    const base = { productID: p.id, reference: JSON.stringify(p.reference) };
    expect((await sb.api<Envelope>("/v1/VAS/Confirm", { ...base, amount: 50 })).body.errorNo).toBe(
      1104,
    );
    expect(
      (await sb.api<Envelope>("/v1/VAS/Confirm", { ...base, amount: 2, recipient: "27831234567" }))
        .body.errorNo,
    ).toBe(1102);
    const quote = await sb.api<Envelope<Quote>>("/v1/VAS/Confirm", {
      ...base,
      amount: 50,
      recipient: "27831234567",
    });
    expect(quote.body.data?.quoteId).toBeNull();
    const bought = await sb.api<Envelope<Bought>>("/v1/VAS/Purchase", {
      ...base,
      amount: 50,
      recipient: "27831234567",
    });
    expect(bought.body.data).toMatchObject({ recipient: "27831234567", pin: null, total: 50 });
    expect(
      (await sb.api<Envelope>("/v1/VAS/Purchase", { ...base, productID: "NOPE", amount: 5 })).body
        .errorNo,
    ).toBe(1101);
  });

  it("a fixed-amount product refuses another amount and a data bundle needs its quote", async () => {
    const p = product(await catalogue(), "VOD-DATA-1GB");
    const base = {
      productID: p.id,
      reference: JSON.stringify(p.reference),
      recipient: "27821234567",
    };
    expect((await sb.api<Envelope>("/v1/VAS/Confirm", { ...base, amount: 100 })).body.errorNo).toBe(
      1102,
    );
    expect((await sb.api<Envelope>("/v1/VAS/Purchase", { ...base, amount: 99 })).body.errorNo).toBe(
      1103,
    );
  });
});

describe("sandbox: bills", () => {
  it("confirm shows the amount due; paying lowers it, returns a receipt URL and is idempotent", async () => {
    const confirm = await sb.api<Envelope<{ customer: { amountDue: number; name: string } }>>(
      "/v2/Bills/ConfirmCustomer",
      { accountNumber: "3100200300", municipality: "mogale_postpaid" },
    );
    expect(confirm.body.data?.customer).toMatchObject({ amountDue: 965.5, name: "J. Fourie" });
    const pay = {
      accountNumber: "3100200300",
      municipality: "mogale_postpaid",
      amount: 465.5,
      method: "cash",
      idempotency: "bill-7",
    };
    const first = await sb.api<Envelope<{ receipt: string; mode: number; token: null }>>(
      "/v2/Bills/Purchase",
      pay,
    );
    expect(first.body.data).toMatchObject({ mode: 1, token: null });
    const again = await sb.api<Envelope>("/v2/Bills/Purchase", pay);
    expect(again.body).toEqual(first.body);
    const after = await sb.api<Envelope<{ customer: { amountDue: number } }>>(
      "/v2/Bills/ConfirmCustomer",
      { accountNumber: "3100200300", municipality: "mogale_postpaid" },
    );
    expect(after.body.data?.customer.amountDue).toBe(500);
    const page = await fetch(first.body.data?.receipt ?? "");
    expect(await page.text()).toContain("3100200300");
    expect(
      (
        await sb.api<Envelope>("/v2/Bills/ConfirmCustomer", {
          accountNumber: "3100200300",
          municipality: "tshwane_postpaid",
        })
      ).body.errorNo,
    ).toBe(1001);
    expect(
      (
        await sb.api<Envelope>("/v2/Bills/ConfirmCustomer", {
          accountNumber: "3100200300",
          municipality: "mogale_prepaid",
        })
      ).body.errorNo,
    ).toBe(1004);
  });
});

describe("sandbox: merchant balance", () => {
  it("goes down with every sale and lists receipts for a period", async () => {
    type Balance = {
      balance: number;
      payments: { paymentsTotal: number; nPayments: number };
      services: {
        type: string;
        service_specification: string;
        nTransactions: number;
        balance: number;
        receipts: { amount: number; type: string }[] | null;
      }[];
    };
    const start = await sb.api<Envelope<Balance>>("/v1/Merchant/CheckBalance", {
      printReceipts: false,
    });
    expect(start.body.data).toMatchObject({
      balance: 50000,
      payments: { paymentsTotal: 50000, nPayments: 2 },
    });
    await sb.api("/v2/Electricity/Purchase", {
      meterNumber: "01100000007",
      municipality: "tshwane_prepaid",
      amount: 120,
      method: "cash",
    });
    await sb.api("/v2/Bills/Purchase", {
      accountNumber: "5000123456",
      municipality: "tshwane_postpaid",
      amount: 80,
      method: "cash",
    });
    const withReceipts = await sb.api<Envelope<Balance>>("/v1/Merchant/CheckBalance", {
      printReceipts: true,
      receiptsConfiguration: { from: Date.now() - 60_000, to: null },
    });
    expect(withReceipts.body.data?.balance).toBe(49800);
    const slot = withReceipts.body.data?.services.find(
      (s) => s.service_specification === "tshwane_prepaid",
    );
    expect(slot).toMatchObject({
      nTransactions: 1,
      balance: 120,
      receipts: [{ amount: 120, type: "topup" }],
    });
    expect(start.body.data?.services.every((s) => s.receipts === null)).toBe(true);
    expect(
      (await sb.api<Envelope>("/v1/Merchant/CheckBalance", { printReceipts: true })).body.errorNo,
    ).toBe(1006);
  });
});
