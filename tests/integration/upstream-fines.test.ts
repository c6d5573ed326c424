import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UpstreamError } from "@/lib/upstream/errors";
import {
  findFinesByIdNumber,
  findFinesByNotice,
  findFinesByRegistration,
  markFinesPaid,
  validateFinePayment,
} from "@/lib/kinds/fines/upstream";
import { FINE_ERROR_MESSAGES } from "@/lib/upstream/messages";
import { startOwnSandbox, withLuhn } from "./upstream-sandbox";

// Marking fines paid changes the registry for everyone; this file gets its own sandbox.
let sandbox: Awaited<ReturnType<typeof startOwnSandbox>>;
beforeAll(async () => {
  sandbox = await startOwnSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

// docs/sandbox.md
const THANDI = "8503140123089";
const THANDI_OPEN = ["0212600000000019", "0212600000000027"];
const BUSINESS = "2015/123456/07";

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

const pay = (noticeNumber: string, amountCents: number) => ({
  paymentReference: `sale-${noticeNumber}-${Date.now()}`,
  paymentType: "CASH" as const,
  fines: [{ noticeNumber, amountCents }],
});

describe("traffic fines against the sandbox", () => {
  it("[fines.viewByIdNumber] lists a person's fines with gross amounts in cents", async () => {
    const found = await findFinesByIdNumber(THANDI);
    expect(found.lookedUp).toBe(THANDI);
    expect(found.hasFinesToPay).toBe(true);
    expect(found.fines.filter((f) => !f.isPaid).map((f) => f.noticeNumber)).toEqual(THANDI_OPEN);
    for (const fine of found.fines)
      expect(fine.grossCents).toBe(fine.netCents + fine.vendorFeeCents);
    expect(found.grossCents).toBe(
      found.fines.filter((f) => !f.isPaid).reduce((s, f) => s + f.grossCents, 0),
    );
    expect(found.fines[0]).toMatchObject({
      vehicleRegistration: "HTK 482 GP",
      authority: { code: "JMPD" },
      offenceDate: "2026-09-14",
    });
  });

  it("[fines.viewByBusinessRegistration] lists a business's fines", async () => {
    const found = await findFinesByRegistration(BUSINESS);
    expect(found.lookedUp).toBe(BUSINESS);
    expect(found.fines.length).toBeGreaterThan(1);
  });

  it("[fines.viewByNoticeNumber] finds one fine by its notice", async () => {
    const found = await findFinesByNotice("0212600000000027");
    expect(found.fines.map((f) => f.noticeNumber)).toEqual(["0212600000000027"]);
    expect(found.fines[0]?.grossCents).toBe(102500);
  });

  it("[fines.viewByIdNumber] [fines.viewByBusinessRegistration] [fines.viewByNoticeNumber] turns each look-up error code into its message", async () => {
    const cases: [number, Promise<unknown>][] = [
      [1, findFinesByIdNumber("8001010001089")],
      [2, findFinesByIdNumber("8001010002087", { maxAttempts: 1 })],
      [3, findFinesByIdNumber("8001010003085", { maxAttempts: 1 })],
      [5, findFinesByIdNumber(withLuhn("851314012308"))],
      [6, findFinesByIdNumber("85031401230AB")],
      [7, findFinesByIdNumber("8503140123088")],
      [8, findFinesByIdNumber(withLuhn("850314512308"))],
      [9, findFinesByIdNumber("9909090678080")],
      [8, findFinesByRegistration("2001/000001/07")],
      [10, findFinesByNotice("0212600000000018")],
      [11, findFinesByNotice("0412600000000041")],
      [12, findFinesByNotice(withLuhn("021260000000009"))],
    ];
    for (const [code, call] of cases) {
      const e = await failure(call);
      expect(e.code, `code ${code}`).toBe(code);
      expect(e.cashierMessage).toContain(
        FINE_ERROR_MESSAGES[code as keyof typeof FINE_ERROR_MESSAGES],
      );
      expect(e.kind).toBe(code === 1 ? "unauthorized" : code <= 3 ? "unavailable" : "rejected");
      expect(e.outcomeKnown).toBe(true);
    }
  });

  it("[fines.validateMarkAsPaid] confirms the right amount and shows the difference for a wrong one", async () => {
    const right = await validateFinePayment(pay("0212600000000019", 52500));
    expect(right).toMatchObject({
      isCorrect: true,
      correctCents: 52500,
      differenceCents: 0,
      proposedCents: 52500,
    });
    expect(right.reference).toMatch(/^sale-/);
    const short = await validateFinePayment(pay("0212600000000019", 50000));
    expect(short).toMatchObject({ isCorrect: false, differenceCents: -2500 });
  });

  it("[fines.validateMarkAsPaid] refuses notices that cannot be paid here, code by code", async () => {
    const cases: [number, string][] = [
      [13, withLuhn("021260000000009")],
      [14, "0212600000000050"],
      [15, "0222600000000041"],
      [16, "0222600000000058"],
      [17, "0312500000000044"],
      [18, "0222600000000066"],
    ];
    for (const [code, notice] of cases) {
      const e = await failure(validateFinePayment(pay(notice, 10000)));
      expect(e, `notice ${notice}`).toMatchObject({
        kind: "rejected",
        code,
        cashierMessage: FINE_ERROR_MESSAGES[code as keyof typeof FINE_ERROR_MESSAGES],
      });
    }
  });

  it("[fines.markAsPaid] shows code 23's validation messages for a wrong amount", async () => {
    const e = await failure(markFinesPaid(pay("0212600000000027", 100000)));
    expect(e).toMatchObject({ kind: "rejected", code: 23, outcomeKnown: true });
    expect(e.validationMessages?.[0]).toMatch(/grossAmnt/);
    expect(e.cashierMessage).toContain(e.validationMessages?.[0] ?? "missing");
  });

  it("[fines.markAsPaid] clears fines with registry numbers, and a later look-up shows them paid", async () => {
    const before = await findFinesByIdNumber(THANDI);
    const open = before.fines.filter((f) => !f.isPaid);
    const paid = await markFinesPaid({
      paymentReference: "sale-thandi",
      paymentType: "CARD",
      fines: open.map((f) => ({ noticeNumber: f.noticeNumber, amountCents: f.grossCents })),
    });
    expect(paid.reference).toBe("sale-thandi");
    expect(paid.grossCents).toBe(before.grossCents);
    expect(paid.fines.map((f) => f.noticeNumber)).toEqual(THANDI_OPEN);
    for (const fine of paid.fines) {
      expect(fine.invoiceNumber).toBeTruthy();
      expect(fine.receiptNumber).toBeTruthy();
    }
    const after = await findFinesByIdNumber(THANDI);
    expect(after.hasFinesToPay).toBe(false);
    expect(after.fines.every((f) => f.isPaid)).toBe(true);
    expect((await findFinesByNotice(THANDI_OPEN[0] ?? "")).fines[0]?.isPaid).toBe(true);
  });

  it("[fines.markAsPaid] leaves the outcome unknown when the registry answers 'unavailable' (code 2) or 'service error' (code 3)", async () => {
    const unavailable = await failure(markFinesPaid(pay("0412600000000033", 27500)));
    expect(unavailable).toMatchObject({ kind: "unavailable", code: 2, outcomeKnown: false });
    expect(unavailable.cashierMessage).toContain("Do not sell again");
    const serviceError = await failure(markFinesPaid(pay("0412600000000058", 27500)));
    expect(serviceError).toMatchObject({ kind: "unavailable", code: 3, outcomeKnown: false });
  });
});
