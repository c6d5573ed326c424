import { describe, expect, inject, it } from "vitest";
import { plainText } from "@/lib/money";
import { METERS, PREPAID, TARIFFS, type Meter } from "@/lib/sandbox/data-meters";
import { ROUTES } from "@/lib/sandbox/routes";
import { privateSandbox, type Envelope } from "./sandbox-helpers";

const sb = privateSandbox();

interface Token {
  token: string;
  info: string;
  type: string;
}
interface Vend {
  name: string;
  amount: number;
  meter: string;
  date: string;
  timestamp: number;
  token: string | null;
  tokenCount: number | null;
  units: number | null;
  receipt: string | null;
  mode: number;
  details: {
    balance: number;
    refno: string;
    trDetails: { amt: number; vat: number; no: string };
    voucher: {
      amounts: { desc: string; amt: number; outstanding: number }[];
      token: Token[];
      receiptno: string;
      units: number;
    };
  };
  meterDetails: { msno: string; sgc: number; krn: number; ti: number };
}

const meter = (municipality: string, scenario: Meter["scenario"]) => {
  const m = METERS.find(
    (x) =>
      x.municipality === municipality && x.scenario === scenario && x.meterNumber.length === 11,
  );
  if (!m) throw new Error(`no ${scenario} meter for ${municipality}`);
  return m;
};

const vend = (m: Meter, amount: number, idempotency?: string) =>
  sb.api<Envelope<Vend>>("/v2/Electricity/Purchase", {
    meterNumber: m.meterNumber,
    municipality: m.municipality,
    amount,
    method: "cash",
    idempotency,
  });

const EXPECTED_TYPES: Record<string, string[]> = {
  normal: ["STD"],
  fbe: ["STD", "FBE"],
  key_change: ["KCT", "KCT", "STD"],
  key_change_fbe: ["KCT", "KCT", "STD", "FBE"],
  arrears: ["STD"],
  fixed_charges: ["STD"],
};

describe("sandbox: authentication", () => {
  it("answers 401 on every /api path without a key or with a wrong key", async () => {
    for (const route of ROUTES.filter((r) => r.api)) {
      const path = route.pattern.replace(/^\/api/, "");
      const none = await sb.api(path, route.method === "GET" ? undefined : {}, {
        method: route.method,
        key: null,
      });
      const wrong = await sb.api(path, route.method === "GET" ? undefined : {}, {
        method: route.method,
        key: "not-the-key",
      });
      expect([path, none.status, wrong.status]).toEqual([path, 401, 401]);
    }
  });

  it("the shared sandbox from global setup answers 401 without a key and confirms a documented meter with it", async () => {
    const url = inject("sandboxUrl");
    const body = JSON.stringify({ meterNumber: "01100000007", municipality: "tshwane_prepaid" });
    const noKey = await fetch(`${url}/v2/Electricity/ConfirmCustomer`, { method: "POST", body });
    expect(noKey.status).toBe(401);
    const ok = await fetch(`${url}/v2/Electricity/ConfirmCustomer`, {
      method: "POST",
      body,
      headers: { "X-API-KEY": "kassa-sandbox-key" },
    });
    const env = (await ok.json()) as Envelope<{ exists: boolean }>;
    expect(env).toMatchObject({
      success: true,
      error: null,
      errorNo: null,
      data: { exists: true },
    });
  });
});

describe("sandbox: electricity scenarios per prepaid municipality", () => {
  for (const municipality of PREPAID) {
    for (const scenario of Object.keys(EXPECTED_TYPES) as Meter["scenario"][]) {
      it(`${municipality} ${scenario}: confirm gives the range, a vend gives the tokens in order`, async () => {
        const m = meter(municipality, scenario);
        const confirm = await sb.api<
          Envelope<{
            exists: boolean;
            customer: { name: string; provider_specific: { minLimit: number; maxLimit: number } };
          }>
        >("/v2/Electricity/ConfirmCustomer", { meterNumber: m.meterNumber, municipality });
        expect(confirm.status).toBe(200);
        expect(confirm.body.data?.customer.provider_specific).toMatchObject({
          minLimit: m.minLimit,
          maxLimit: m.maxLimit,
        });
        expect(confirm.body.data?.customer.name).toBe(m.surname);

        const amount = Math.max(m.minLimit, 150);
        const { status, body } = await vend(m, amount);
        expect(status).toBe(200);
        const data = body.data as Vend;
        const tokens = data.details.voucher.token;
        expect(tokens.map((t) => t.type)).toEqual(EXPECTED_TYPES[scenario]);
        for (const t of tokens) expect(t.token).toMatch(/^\d{20}$/);
        expect(new Set(tokens.map((t) => t.token)).size).toBe(tokens.length);
        expect(data.tokenCount).toBe(tokens.length);
        expect(data).toMatchObject({ amount, meter: m.meterNumber, mode: 0, receipt: null });
        expect(data.date).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
        expect(data.details.refno).toBe(data.details.voucher.receiptno);

        // The split adds up to the amount, VAT is 15% contained, units follow the tariff.
        const lines = data.details.voucher.amounts;
        expect(Math.round(lines.reduce((s, l) => s + l.amt * 100, 0))).toBe(amount * 100);
        expect(data.details.trDetails.vat).toBeCloseTo((amount * 15) / 115, 2);
        const electricity = lines.find((l) => l.desc === "Electricity")?.amt ?? 0;
        expect(data.units).toBeCloseTo(
          Math.floor((electricity * 100 * 10) / TARIFFS[municipality].centsPerKwh) / 10,
          5,
        );
        if (scenario === "arrears")
          expect(lines.find((l) => l.desc === "Arrears")?.outstanding).toBeGreaterThan(0);
        if (scenario === "fixed_charges")
          expect(lines.find((l) => l.desc === "Fixed charges")?.amt).toBeGreaterThan(0);
        if (scenario.startsWith("key_change")) expect(data.meterDetails.krn).toBe(2);
      });
    }
  }

  it("Tshwane FBE-only meter: amount 0 yields only the FBE token", async () => {
    const m = meter("tshwane_prepaid", "fbe_only");
    const { body } = await vend(m, 0);
    expect(body.data?.details.voucher.token.map((t) => t.type)).toEqual(["FBE"]);
    expect(body.data?.units).toBe(0);
    const paid = await vend(m, 50);
    expect(paid.body.data?.details.voucher.token.map((t) => t.type)).toEqual(["STD", "FBE"]);
  });

  it("arrears go down with each vend", async () => {
    const m = meter("mogale_prepaid", "arrears");
    const first = await vend(m, 200);
    const second = await vend(m, 200);
    const owed = (v: typeof first) =>
      v.body.data?.details.voucher.amounts.find((l) => l.desc === "Arrears")?.outstanding ?? 0;
    expect(owed(first)).toBe(2400);
    expect(owed(second)).toBe(2350);
  });
});

describe("sandbox: electricity refusals", () => {
  it("enforces each meter's minimum (1002) and maximum (1003) and creates no vend", async () => {
    const m = meter("zeerust_prepaid", "normal");
    const low = await vend(m, m.minLimit - 1);
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ success: false, data: null, errorNo: 1002 });
    expect(low.body.error).toMatch(/^1002 - /);
    const high = await vend(m, m.maxLimit + 0.01);
    expect(high.body.errorNo).toBe(1003);
    const atMax = await vend(m, m.maxLimit);
    expect(atMax.body.success).toBe(true);
    const txns = await sb.control<{ transactions: unknown[] }>("/transactions");
    expect(txns.body.transactions).toHaveLength(1);
  });

  it("rejects unknown meters (1001), a meter under the wrong municipality (1001), unknown municipalities (1004) and blocked meters (1007)", async () => {
    const confirm = (meterNumber: string, municipality: string) =>
      sb.api<Envelope>("/v2/Electricity/ConfirmCustomer", { meterNumber, municipality });
    expect((await confirm("01100000015", "tshwane_prepaid")).body.errorNo).toBe(1001);
    expect((await confirm("01100000007", "zeerust_prepaid")).body.errorNo).toBe(1001);
    expect((await confirm("01100000007", "thembelihle_prepaid")).body.errorNo).toBe(1004);
    expect(
      (await confirm(meter("tshwane_prepaid", "blocked").meterNumber, "tshwane_prepaid")).body
        .errorNo,
    ).toBe(1007);
    expect((await vend(meter("tshwane_prepaid", "blocked"), 100)).body.errorNo).toBe(1007);
    const bad = await sb.api<Envelope>("/v2/Electricity/Purchase", {
      meterNumber: "01100000007",
      municipality: "tshwane_prepaid",
      amount: 100,
      method: "voucher",
    });
    expect(bad.body.errorNo).toBe(1006);
  });

  it("refuses a sale larger than the merchant credit (1005)", async () => {
    await sb.control("/balance", { balance: 50 });
    const { body } = await vend(meter("tshwane_prepaid", "normal"), 100);
    expect(body.errorNo).toBe(1005);
  });
});

describe("sandbox: idempotency", () => {
  it("the same idempotency value returns the first result and vends once", async () => {
    const m = meter("ngwathe_prepaid", "key_change_fbe");
    const first = await vend(m, 300, "sale-42");
    const again = await vend(m, 300, "sale-42");
    expect(again.body).toEqual(first.body);
    const other = await vend(m, 300, "sale-43");
    expect(other.body.data?.details.voucher.token[2]?.token).not.toBe(
      first.body.data?.details.voucher.token[2]?.token,
    );
    const txns = await sb.control<{ transactions: { idempotency: string }[] }>("/transactions");
    expect(txns.body.transactions.map((t) => t.idempotency)).toEqual(["sale-42", "sale-43"]);
  });

  it("a refused purchase is not remembered: the retry with the same key can succeed", async () => {
    await sb.control("/balance", { balance: 10 });
    const m = meter("tshwane_prepaid", "normal");
    expect((await vend(m, 100, "k1")).body.errorNo).toBe(1005);
    await sb.control("/balance", { balance: 1000 });
    expect((await vend(m, 100, "k1")).body.success).toBe(true);
  });
});

describe("sandbox: postpaid through the electricity purchase", () => {
  it("a postpaid municipality pays the bill: mode 1, receipt URL, no token", async () => {
    const { body } = await sb.api<Envelope<Vend>>("/v2/Electricity/Purchase", {
      meterNumber: "5000123456",
      municipality: "tshwane_postpaid",
      amount: 500,
      method: "card",
      idempotency: "bill-1",
    });
    expect(body.data).toMatchObject({
      mode: 1,
      token: null,
      tokenCount: null,
      units: null,
      meter: "5000123456",
    });
    expect(body.data?.receipt).toMatch(new RegExp(`^${sb.origin}/receipts/`));
    const receipt = await fetch(body.data?.receipt ?? "");
    expect(receipt.status).toBe(200);
    expect(plainText(await receipt.text())).toContain("R 500,00");
  });
});
