import { describe, expect, it } from "vitest";
import {
  findExceptions,
  totalsPerPerson,
  type ExceptionEvent,
  type ExceptionRules,
} from "@/lib/exceptions/rules";
import { parseTradingHours, withinTradingHours } from "@/lib/exceptions/trading-hours";
import { approvalOf, whatOf } from "@/lib/exceptions/words";
import { parseEnv } from "@/lib/env-schema";
import { formatRand } from "@/lib/money";

const SALE = "00000000-0000-4000-8000-000000000001";
const SHIFT = "00000000-0000-4000-8000-000000000002";
const RULES: ExceptionRules = { varianceAlertCents: 5_000, tradingHours: null };

let nextId = 1;
/** An audit event as the journal holds it; South African 10:00 on 2026-11-26 unless `at` says. */
function event(e: Partial<ExceptionEvent> & Pick<ExceptionEvent, "kind">): ExceptionEvent {
  return {
    id: nextId++,
    at: new Date("2026-11-26T08:00:00Z"),
    userId: "boss",
    role: "supervisor",
    tillId: "office",
    subject: null,
    detail: {},
    seq: null,
    ...e,
  };
}

const resolved = (how: string, outcome: string, extra: Record<string, unknown> = {}) =>
  event({
    kind: "sale_resolved",
    subject: SALE,
    detail: {
      kind: "electricity",
      amountCents: 4_200,
      how,
      outcome,
      reason: "Checked with the core service.",
      approvedById: "boss",
      approval: "password",
      transition: "sale_resolved_failed",
      row: "sale",
      state: { userId: "thandi", tillId: "till-1" },
      ...extra,
    },
  });

describe("the exceptions an owner must see", () => {
  it("finds each kind, with whose sale or shift it was, who did it, who approved it and why", () => {
    const events = [
      resolved("by_hand", "completed"),
      resolved("by_hand", "failed"),
      resolved("retry", "completed", { approvedById: undefined, approval: undefined }),
      resolved("refunded_outside_kassa", "failed", { approval: "totp" }),
      event({
        kind: "shift_force_closed",
        subject: SHIFT,
        detail: {
          cashierId: "thandi",
          tillId: "till-1",
          reason: "Hand-over to the next cashier.",
          varianceCents: -1_000,
          approvedById: "boss",
          approval: "password",
        },
      }),
      event({
        kind: "drawer_opened",
        subject: "till:till-1",
        detail: { connection: "network", for: "no_sale: Change for the float", till: "till-1" },
      }),
      event({
        kind: "shift_closed",
        userId: "thandi",
        role: "cashier",
        tillId: "till-1",
        subject: SHIFT,
        detail: { varianceCents: -6_000, state: { userId: "thandi", tillId: "till-1" } },
      }),
    ];
    const found = findExceptions(events, RULES);
    expect(found.map((x) => x.kind)).toEqual([
      "resolved",
      "failed_by_hand",
      "resolved",
      "refund",
      "force_close",
      "drawer_no_sale",
      "cash_variance",
    ]);
    const [completed, failed, retried, refund, forced, drawer, short] = found;
    expect(failed).toMatchObject({
      cashier: "thandi",
      supervisor: "boss",
      doneBy: "boss",
      approvedBy: "boss",
      approval: "password",
      reason: "Checked with the core service.",
      amountCents: 4_200,
      saleKind: "electricity",
      saleId: SALE,
      tillId: "till-1",
    });
    expect(completed).toMatchObject({ approvedBy: "boss", saleId: SALE });
    expect(retried).toMatchObject({ approvedBy: null, approval: null });
    expect(refund).toMatchObject({ approval: "totp", cashier: "thandi" });
    expect(forced).toMatchObject({
      cashier: "thandi",
      supervisor: "boss",
      reason: "Hand-over to the next cashier.",
      shiftId: SHIFT,
    });
    expect(drawer).toMatchObject({ reason: "Change for the float", tillId: "till-1" });
    expect(short).toMatchObject({ cashier: "thandi", supervisor: null, amountCents: -6_000 });

    const names = {
      people: new Map([
        ["boss", "Sipho Supervisor"],
        ["thandi", "Thandi Cashier"],
      ]),
      tills: new Map([["till-1", "Till 1"]]),
    };
    expect(whatOf(failed!, names)).toBe(
      `Electricity of ${formatRand(4_200)} sold by Thandi Cashier at Till 1`,
    );
    expect(approvalOf(failed!, names)).toBe("Sipho Supervisor (password)");
    expect(approvalOf(refund!, names)).toBe("Sipho Supervisor (authenticator code)");
    expect(whatOf(short!, names)).toBe(
      `Thandi Cashier's cash short ${formatRand(6_000)} at Till 1`,
    );
  });

  it("leaves out what is no exception: a sale's drawer, a card order's own event, a small variance", () => {
    const found = findExceptions(
      [
        event({ kind: "drawer_opened", subject: SALE, detail: { for: "cash_sale" } }),
        event({ kind: "drawer_opened", subject: "cash:1", detail: { for: "drop" } }),
        resolved("by_hand", "failed", { row: "card_order" }),
        event({
          kind: "shift_closed",
          subject: SHIFT,
          detail: { varianceCents: 5_000, state: { userId: "thandi" } },
        }),
        event({ kind: "sign_in", at: new Date("2026-11-26T22:00:00Z") }),
      ],
      RULES,
    );
    expect(found).toEqual([]);
  });

  it("takes a variance above the alert amount either way, and not one at it", () => {
    const closed = (cents: number) =>
      event({
        kind: "shift_closed",
        userId: "thandi",
        role: "cashier",
        subject: SHIFT,
        detail: { varianceCents: cents, state: { userId: "thandi" } },
      });
    const found = findExceptions(
      [closed(5_001), closed(-5_001), closed(5_000), closed(-5_000), closed(0)],
      RULES,
    );
    expect(found.map((x) => x.amountCents)).toEqual([5_001, -5_001]);
    const lower = findExceptions([closed(2_000)], { ...RULES, varianceAlertCents: 1_000 });
    expect(lower.map((x) => x.amountCents)).toEqual([2_000]);
  });

  it("lists every reprint of a meter reprinted more than once, and none of a meter reprinted once", () => {
    const reprint = (meter: string, userId: string, kind = "electricity") =>
      event({
        kind: "slip_reprinted",
        userId,
        role: "cashier",
        tillId: "till-1",
        subject: SALE,
        detail: { kind, reference: meter },
      });
    const found = findExceptions(
      [
        reprint("01100000007", "thandi"),
        reprint("01200000006", "thandi"),
        reprint("01100000007", "lerato"),
        reprint("01100000007", "thandi"),
        // A bill's account reprinted twice is no meter.
        reprint("5000123456", "thandi", "bill"),
        reprint("5000123456", "thandi", "bill"),
      ],
      RULES,
    );
    expect(found.map((x) => [x.kind, x.meter, x.reprints, x.cashier])).toEqual([
      ["meter_reprints", "01100000007", 3, "thandi"],
      ["meter_reprints", "01100000007", 3, "lerato"],
      ["meter_reprints", "01100000007", 3, "thandi"],
    ]);
  });

  it("takes sign-ins outside trading hours in South African time, across midnight too, never a kiosk's", () => {
    // South African time is UTC+2: 07:00 SA is 05:00Z.
    const signIn = (utc: string, role = "cashier") =>
      event({ kind: "sign_in", userId: "thandi", role, at: new Date(`2026-11-26T${utc}Z`) });
    const day = parseTradingHours("07:00-19:00")!;
    const hours = (h: typeof day) => ({ ...RULES, tradingHours: h });
    const times = ["04:59:00", "05:00:00", "16:59:00", "17:00:00", "23:30:00"];
    expect(
      findExceptions(
        times.map((t) => signIn(t)),
        hours(day),
      ).map((x) => x.at.toISOString()),
    ).toEqual(["2026-11-26T04:59:00.000Z", "2026-11-26T17:00:00.000Z", "2026-11-26T23:30:00.000Z"]);
    const night = parseTradingHours("18:00-02:00")!;
    // 18:00 SA = 16:00Z; 02:00 SA = 00:00Z next day.
    expect(withinTradingHours(new Date("2026-11-26T16:00:00Z"), night)).toBe(true);
    expect(withinTradingHours(new Date("2026-11-26T23:59:00Z"), night)).toBe(true);
    expect(withinTradingHours(new Date("2026-11-27T00:00:00Z"), night)).toBe(false);
    expect(withinTradingHours(new Date("2026-11-26T10:00:00Z"), night)).toBe(false);
    expect(withinTradingHours(new Date("2026-11-26T15:59:00Z"), night)).toBe(false);
    const found = findExceptions([signIn("10:00:00"), signIn("22:00:00")], hours(night));
    expect(found.map((x) => [x.kind, x.cashier])).toEqual([["after_hours_sign_in", "thandi"]]);
    expect(findExceptions([signIn("10:00:00", "kiosk")], hours(night))).toEqual([]);
    const boss = findExceptions([signIn("03:00:00", "supervisor")], hours(day));
    expect(boss.map((x) => [x.cashier, x.supervisor])).toEqual([[null, "thandi"]]);
    // The same open and close: open all day.
    expect(
      withinTradingHours(new Date("2026-11-26T01:00:00Z"), parseTradingHours("00:00-00:00")!),
    ).toBe(true);
  });

  it("reads KASSA_TRADING_HOURS, and refuses one that is not two times", () => {
    expect(parseEnv({ KASSA_TRADING_HOURS: "07:30-18:45" }).tradingHours).toEqual({
      open: 450,
      close: 1125,
    });
    expect(parseEnv({}).tradingHours).toBeNull();
    expect(() => parseEnv({ KASSA_TRADING_HOURS: "7-19" })).toThrow(/KASSA_TRADING_HOURS/);
    expect(() => parseEnv({ KASSA_TRADING_HOURS: "07:00-24:00" })).toThrow(/KASSA_TRADING_HOURS/);
  });

  it("counts per cashier and per supervisor, most first, with the sales' amounts settled by hand", () => {
    const found = findExceptions(
      [
        resolved("by_hand", "failed"),
        resolved("by_hand", "completed", { state: { userId: "lerato" } }),
        resolved("by_hand", "failed", {
          state: { userId: "lerato" },
          amountCents: 1_000,
        }),
        event({
          kind: "drawer_opened",
          userId: "boss2",
          detail: { for: "no_sale: change" },
        }),
        event({
          kind: "shift_closed",
          userId: "lerato",
          role: "cashier",
          subject: SHIFT,
          detail: { varianceCents: 9_000, state: { userId: "lerato" } },
        }),
      ],
      RULES,
    );
    expect(totalsPerPerson(found, "cashier")).toEqual([
      {
        userId: "lerato",
        total: 3,
        byKind: { resolved: 1, failed_by_hand: 1, cash_variance: 1 },
        saleCents: 5_200,
      },
      { userId: "thandi", total: 1, byKind: { failed_by_hand: 1 }, saleCents: 4_200 },
    ]);
    expect(totalsPerPerson(found, "supervisor")).toEqual([
      {
        userId: "boss",
        total: 3,
        byKind: { failed_by_hand: 2, resolved: 1 },
        saleCents: 9_400,
      },
      { userId: "boss2", total: 1, byKind: { drawer_no_sale: 1 }, saleCents: 0 },
    ]);
  });
});
