import { describe, expect, it } from "vitest";
import {
  mayHelpWithSale,
  mayReprintSale,
  maySendSale,
  mayUseSale,
  TILL_REPRINT_DAYS,
} from "@/lib/security/ownership";

/** The object rule's reprint at a shared till (lib/security/ownership.ts). */
const till = (id: string) => ({ id }) as never;
const cashier = (userId: string, tillId: string) => ({
  role: "cashier" as const,
  userId,
  till: till(tillId),
});
const DAY = 24 * 60 * 60_000;
const now = new Date("2026-11-24T12:00:00Z");
const sale = (userId: string, tillId: string, daysAgo: number) => ({
  userId,
  tillId,
  createdAt: new Date(now.getTime() - daysAgo * DAY),
});

describe("who may reprint a slip", () => {
  it("its own cashier, at any age", () => {
    expect(mayReprintSale(cashier("a", "till-1"), sale("a", "till-1", 400), now)).toBe("own");
  });

  it(`a colleague at the same till within ${TILL_REPRINT_DAYS} days, and only to reprint`, () => {
    const colleague = cashier("b", "till-1");
    expect(mayReprintSale(colleague, sale("a", "till-1", 0), now)).toBe("colleague");
    expect(mayReprintSale(colleague, sale("a", "till-1", TILL_REPRINT_DAYS), now)).toBe(
      "colleague",
    );
    expect(
      mayReprintSale(colleague, sale("a", "till-1", TILL_REPRINT_DAYS + 0.01), now),
    ).toBeNull();
    // Retry, check and pay-out stay with the sale's own cashier.
    expect(mayUseSale(colleague, sale("a", "till-1", 0))).toBe(false);
  });

  it("never a cashier at another till, nor a kiosk", () => {
    expect(mayReprintSale(cashier("b", "till-2"), sale("a", "till-1", 0), now)).toBeNull();
    const kiosk = { role: "kiosk" as const, userId: "k", till: till("till-1") };
    expect(mayReprintSale(kiosk, sale("a", "till-1", 0), now)).toBeNull();
  });
});

describe("customer care: who helps with a token and who sends it", () => {
  it("any cashier of the shop helps with a sale of the last 90 days, at any till", () => {
    expect(mayHelpWithSale(cashier("b", "till-2"), sale("a", "till-1", 10), now)).toBe(true);
    expect(
      mayHelpWithSale(cashier("b", "till-2"), sale("a", "till-1", TILL_REPRINT_DAYS + 1), now),
    ).toBe(false);
    const kiosk = { role: "kiosk" as const, userId: "k", till: till("till-1") };
    expect(mayHelpWithSale(kiosk, sale("k", "till-1", 0), now)).toBe(false);
  });

  it("a send goes with the reprint, but a colleague's voucher PIN needs a supervisor", () => {
    const colleague = cashier("b", "till-1");
    expect(maySendSale(colleague, sale("a", "till-1", 0), false, now)).toBe("yes");
    expect(maySendSale(colleague, sale("a", "till-1", 0), true, now)).toBe("pin_needs_supervisor");
    expect(maySendSale(cashier("a", "till-1"), sale("a", "till-1", 0), true, now)).toBe("yes");
    const supervisor = { role: "supervisor" as const, userId: "s", till: till("office") };
    expect(maySendSale(supervisor, sale("a", "till-1", 0), true, now)).toBe("yes");
    expect(maySendSale(cashier("c", "till-2"), sale("a", "till-1", 0), false, now)).toBe("no");
  });
});
