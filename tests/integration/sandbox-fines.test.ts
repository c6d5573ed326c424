import { describe, expect, it } from "vitest";
import { luhnValid } from "@/lib/sandbox/luhn";
import { FINES, INFRINGERS } from "@/lib/sandbox/data-fines";
import { privateSandbox, type FineEnvelope } from "./sandbox-helpers";

const sb = privateSandbox();

interface Lookup {
  idNumber?: string;
  noticeNumber?: string;
  hasFinesToPay: boolean;
  grossAmnt: number;
  netFinesAmnt: number;
  vendorFeeAmnt: number;
  infringements: {
    noticeNumber: string;
    grossAmnt: number;
    netFineAmnt: number;
    vendorFeeAmnt: number;
    isPaid: boolean;
  }[];
}

const byId = (idNumber: string) =>
  sb.api<FineEnvelope<Lookup>>("/v1/TrafficFine/ViewByIDnumber", { idNumber });
const byReg = (registrationNumber: string) =>
  sb.api<FineEnvelope<Lookup>>("/v1/TrafficFine/ViewByBusinessRegistration", {
    registrationNumber,
  });
const byNotice = (noticeNumber: string) =>
  sb.api<FineEnvelope<Lookup>>("/v1/TrafficFine/ViewByNoticeNumber", { noticeNumber });
const payment = (
  finesPaid: { noticeNumber: string; amount: number; currency?: string }[],
  paymentReference = "SALE-1",
) => ({
  paymentReference,
  paymentType: "CASH",
  finesPaid: finesPaid.map((f) => ({ currency: "ZAR", ...f })),
});
const validate = (body: unknown) =>
  sb.api<FineEnvelope<{ amntToPay: number; difference: number; isCorrectAmount: boolean }>>(
    "/v1/TrafficFine/ValidateMarkTrafficFinesAsPaid",
    body,
  );
const markPaid = (body: unknown) =>
  sb.api<
    FineEnvelope<{
      orderId: string;
      grossAmntPaid: number;
      finesPaid: {
        noticeNumber: string;
        invoiceNumber: string;
        receiptNumber: string;
        grossAmntPaid: number;
      }[];
    }>
  >("/v1/TrafficFine/MarkTrafficFineAsPaid", body);
const gross = (notice: string) =>
  ((FINES.find((f) => f.noticeNumber === notice)?.netCents ?? 0) + 2500) / 100;

describe("sandbox: traffic-fine test data", () => {
  it("ID numbers carry valid check digits and notice numbers are 16 Luhn-valid digits", () => {
    for (const p of INFRINGERS.filter((x) => x.kind === "person"))
      expect([p.id, luhnValid(p.id)]).toEqual([p.id, true]);
    for (const b of INFRINGERS.filter((x) => x.kind === "business"))
      expect(b.id).toMatch(/^\d{4}\/\d{6}\/\d{2}$/);
    for (const f of FINES)
      expect([f.noticeNumber, luhnValid(f.noticeNumber)]).toEqual([f.noticeNumber, true]);
  });
});

describe("sandbox: traffic-fine look-ups", () => {
  it("a person with several fines, one paid: totals cover only the outstanding ones", async () => {
    const { status, body } = await byId("8503140123089");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: 1,
      error: null,
      result: { idNumber: "8503140123089", hasFinesToPay: true },
    });
    const r = body.result as Lookup;
    expect(r.infringements).toHaveLength(3);
    expect(r.infringements.filter((i) => i.isPaid)).toHaveLength(1);
    expect(r.grossAmnt).toBe(525 + 1025);
    expect(r.netFinesAmnt + r.vendorFeeAmnt).toBe(r.grossAmnt);
  });

  it("a person whose fines are all paid has nothing to pay; a business look-up answers with the registration", async () => {
    expect((await byId("9207250456086")).body.result?.hasFinesToPay).toBe(false);
    const biz = await byReg("2015/123456/07");
    expect(biz.body.result).toMatchObject({ idNumber: "2015/123456/07", hasFinesToPay: true });
    expect(biz.body.result?.infringements).toHaveLength(4);
    expect((await byNotice("0212600000000019")).body.result).toMatchObject({
      noticeNumber: "0212600000000019",
      grossAmnt: 525,
    });
  });

  const codeOf = async <T>(p: Promise<{ status: number; body: FineEnvelope<T> }>) => {
    const { status, body } = await p;
    expect(body.success).toBe(0);
    expect(body.result).toBeNull();
    return [body.error?.code, status];
  };

  it("look-ups answer the spec's codes 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12 and 23", async () => {
    expect(await codeOf(byId("8001010001089"))).toEqual([1, 400]);
    expect(await codeOf(byId("8001010002087"))).toEqual([2, 503]);
    expect(await codeOf(byId("8001010003085"))).toEqual([3, 400]);
    expect(await codeOf(byId("8013010001084"))).toEqual([5, 400]);
    expect(await codeOf(byId("85031401230"))).toEqual([5, 400]);
    expect(await codeOf(byId("85031401230AB"))).toEqual([6, 400]);
    expect(await codeOf(byId("8503140123088"))).toEqual([7, 400]);
    expect(await codeOf(byId("9001015009086"))).toEqual([8, 400]);
    expect(await codeOf(byId("9909090678080"))).toEqual([9, 400]);
    expect(await codeOf(byReg("2015-123456-07"))).toEqual([5, 400]);
    expect(await codeOf(byReg("2019/999999/07"))).toEqual([8, 400]);
    expect(await codeOf(byReg("2020/654321/07"))).toEqual([9, 400]);
    expect(await codeOf(byNotice("0212600000000018"))).toEqual([10, 400]);
    expect(await codeOf(byNotice("0412600000000041"))).toEqual([11, 400]);
    expect(await codeOf(byNotice("0412600000000090"))).toEqual([12, 400]);
    const v = await byNotice("12345");
    expect(v.body.error).toMatchObject({
      code: 23,
      validationMessage: [expect.stringContaining("16 digits")],
    });
  });
});

describe("sandbox: validate and mark fines paid", () => {
  it("validate computes the difference from the amounts sent", async () => {
    const right = await validate(
      payment([
        { noticeNumber: "0212600000000019", amount: 525 },
        { noticeNumber: "0212600000000027", amount: 1025 },
      ]),
    );
    expect(right.body).toMatchObject({
      success: 1,
      reference: "SALE-1",
      amntProposed: 1550,
      result: { amntToPay: 1550, difference: 0, isCorrectAmount: true },
    });
    const low = await validate(payment([{ noticeNumber: "0212600000000019", amount: 500 }]));
    expect(low.body.result).toEqual({ amntToPay: 525, difference: -25, isCorrectAmount: false });
  });

  it("mark-paid returns registry numbers, lowers the balance, and later look-ups read the fine as paid", async () => {
    const before = await sb.api<{ data: { balance: number } }>("/v1/Merchant/CheckBalance", {
      printReceipts: false,
    });
    const paid = await markPaid(
      payment([{ noticeNumber: "0212600000000019", amount: 525 }], "SALE-7"),
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      success: 1,
      reference: "SALE-7",
      result: { grossAmntPaid: 525 },
    });
    expect(paid.body.result?.finesPaid[0]).toMatchObject({
      noticeNumber: "0212600000000019",
      invoiceNumber: expect.any(String),
      receiptNumber: expect.any(String),
    });
    const after = await sb.api<{ data: { balance: number } }>("/v1/Merchant/CheckBalance", {
      printReceipts: false,
    });
    expect(after.body.data.balance).toBe(before.body.data.balance - 525);

    const lookup = await byId("8503140123089");
    expect(
      lookup.body.result?.infringements.find((i) => i.noticeNumber === "0212600000000019")?.isPaid,
    ).toBe(true);
    expect(lookup.body.result?.grossAmnt).toBe(1025);
    const again = await markPaid(payment([{ noticeNumber: "0212600000000019", amount: 525 }]));
    expect(again.body.error).toMatchObject({
      code: 23,
      validationMessage: [expect.stringContaining("already paid")],
    });
  });

  it("blocked notices answer 13, 14, 15, 16, 17, 18 on validate and mark-paid; 2 and 3 only on mark-paid", async () => {
    const cases: [string, number][] = [
      ["0412600000000090", 13],
      ["0212600000000050", 14],
      ["0222600000000041", 15],
      ["0222600000000058", 16],
      ["0312500000000044", 17],
      ["0222600000000066", 18],
      ["0412600000000041", 11],
    ];
    for (const [notice, code] of cases) {
      const body = payment([{ noticeNumber: notice, amount: gross(notice) }]);
      expect([
        notice,
        (await validate(body)).body.error?.code,
        (await markPaid(body)).body.error?.code,
      ]).toEqual([notice, code, code]);
    }
    for (const [notice, code] of [
      ["0412600000000033", 2],
      ["0412600000000058", 3],
    ] as const) {
      const body = payment([{ noticeNumber: notice, amount: gross(notice) }]);
      expect((await validate(body)).body.success).toBe(1);
      const r = await markPaid(body);
      expect([r.body.error?.code, r.body.reference]).toEqual([code, "SALE-1"]);
    }
    const txns = await sb.control<{ transactions: unknown[] }>("/transactions");
    expect(txns.body.transactions).toHaveLength(0);
  });

  it("code 23 carries validation messages: wrong amount, wrong currency, empty list", async () => {
    const wrong = await markPaid(payment([{ noticeNumber: "0212600000000027", amount: 1000 }]));
    expect(wrong.body.error).toMatchObject({
      code: 23,
      validationMessage: [expect.stringContaining("grossAmnt")],
    });
    const usd = await markPaid(
      payment([{ noticeNumber: "0212600000000027", amount: 1025, currency: "USD" }]),
    );
    expect(usd.body.error?.validationMessage?.[0]).toContain("ZAR");
    const empty = await validate({ paymentReference: "X", paymentType: "CARD", finesPaid: [] });
    expect(empty.body.error?.code).toBe(23);
    expect(empty.body.error?.validationMessage?.length).toBeGreaterThan(0);
  });
});
