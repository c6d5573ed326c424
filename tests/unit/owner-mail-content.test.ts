import { describe, expect, it } from "vitest";
import { findExceptions, totalsPerPerson } from "@/lib/exceptions/rules";
import { summaryDue, summaryMail, type DaySummary } from "@/lib/owner-mail/content";

const day: DaySummary = {
  day: "2026-11-26",
  merchantName: "Spaza <Test>",
  officeUrl: "https://kassa.example.co.za",
  count: 0,
  totalCents: 0,
  commissionCents: 0,
  byKind: [],
  shifts: [
    { zNumber: 3, tillName: "Till 1", cashier: "Thandi", totalCents: 100, varianceCents: 0 },
  ],
  openShifts: 1,
  unresolved: [],
  owedCount: 0,
  owedCents: 0,
  runway: null,
  varianceAlertCents: 5000,
  unresolvedAlertMinutes: 30,
  record: {
    exceptions: [],
    cashiers: [],
    supervisors: [],
    names: { people: new Map(), tills: new Map() },
  },
};

describe("the daily summary", () => {
  it("is due from KASSA_SUMMARY_TIME on, South African time", () => {
    expect(summaryDue(new Date("2026-11-26T15:59:00Z"), "18:00")).toBe(false);
    expect(summaryDue(new Date("2026-11-26T16:00:00Z"), "18:00")).toBe(true);
  });

  it("says a quiet day plainly, and escapes what goes into its HTML", () => {
    const mail = summaryMail(day);
    expect(mail.subject).toBe(
      "Spaza <Test>, 2026-11-26: R 0,00 sold, R 0,00 commission, 1 exception(s)",
    );
    expect(mail.text).toContain("Z 3, Till 1, Thandi: R 1,00, cash exact");
    expect(mail.text).toContain("1 shift(s) still open.");
    expect(mail.text).toContain("The core service did not give the balance.");
    expect(mail.html).toContain("Spaza &#60;Test&#62;");
    expect(mail.html).not.toContain("<Test>");
    expect(mail.text).toContain("Overrides and exceptions in the record\n  None.");
  });

  it("lists the record's overrides with who approved them and why, never a meter number", () => {
    const events = [
      {
        id: 7,
        at: new Date("2026-11-26T09:15:00Z"),
        userId: "boss",
        role: "supervisor",
        tillId: "office",
        kind: "sale_resolved",
        subject: "00000000-0000-4000-8000-000000000001",
        detail: {
          kind: "electricity",
          amountCents: 4_200,
          outcome: "failed",
          how: "by_hand",
          reason: "Customer took the money back.",
          approvedById: "boss",
          approval: "totp",
          state: { userId: "thandi", tillId: "till-1" },
        },
        seq: 12,
      },
      ...[8, 9].map((id) => ({
        id,
        at: new Date(`2026-11-26T1${id - 8}:00:00Z`),
        userId: "thandi",
        role: "cashier",
        tillId: "till-1",
        kind: "slip_reprinted",
        subject: "00000000-0000-4000-8000-000000000002",
        detail: { kind: "electricity", reference: "01100000007" },
        seq: null,
      })),
    ];
    const exceptions = findExceptions(events, { varianceAlertCents: 5_000, tradingHours: null });
    const names = {
      people: new Map([
        ["boss", "Sipho Supervisor"],
        ["thandi", "Thandi Cashier"],
      ]),
      tills: new Map([["till-1", "Till 1"]]),
    };
    const mail = summaryMail({
      ...day,
      record: {
        exceptions,
        cashiers: totalsPerPerson(exceptions, "cashier"),
        supervisors: totalsPerPerson(exceptions, "supervisor"),
        names,
      },
    });
    expect(mail.text).toContain(
      "11:15 Sale failed by hand: Electricity of R 42,00 sold by Thandi Cashier at Till 1; by Sipho Supervisor, approved by Sipho Supervisor (authenticator code). Reason: Customer took the money back.",
    );
    expect(mail.text).toContain(
      "12:00 Meter's slip reprinted again: An electricity slip at Till 1: 2 reprints of one meter; by Thandi Cashier",
    );
    expect(mail.text).toContain(
      "Per cashier: Thandi Cashier: 3 (1 failed by hand, 2 repeat reprints)",
    );
    expect(mail.text).toContain("Per supervisor: Sipho Supervisor: 1 (1 failed by hand)");
    expect(mail.text).not.toContain("01100000007");
    expect(mail.html).not.toContain("01100000007");
  });
});
