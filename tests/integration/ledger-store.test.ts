import { beforeAll, describe, expect, it } from "vitest";
import { ownDataDir } from "./office-support";
import { startOwnSandbox } from "./upstream-sandbox";

/**
 * The core service only answers for yesterday: Kassa keeps each ledger it fetches and
 * shows an older day from what it kept, also when the core service is down.
 */
ownDataDir();
const sandbox = await startOwnSandbox({ timeoutMs: 3000 });
const { keepLedger, keptLedgerDays, ledgerOfDay, keepYesterdaysLedger, saYesterday } =
  await import("@/lib/office/ledger-store");
const { fetchLedger } = await import("@/lib/upstream");
const { db } = await import("@/lib/db");

// PGlite opens cold (migrations included) before the first test, not inside it.
beforeAll(async () => {
  await db();
});

describe("the kept ledgers", () => {
  it("keeps yesterday's ledger once and reads it back with its dates", async () => {
    const now = new Date();
    await keepYesterdaysLedger(now);
    const fetched = await fetchLedger();
    const days = await keptLedgerDays();
    expect(days).toContain(fetched.businessDate);
    const found = await ledgerOfDay(fetched.businessDate, now);
    expect(found?.ledger.businessDate).toBe(fetched.businessDate);
    expect(found?.ledger.entries).toEqual(fetched.entries);
  });

  it("shows an older day from what was kept, without asking the core service", async () => {
    const old = {
      ...(await fetchLedger()),
      businessDate: "2026-01-15",
      generatedOn: new Date("2026-01-16T01:00:00Z"),
    };
    old.entries = [
      {
        orderId: "00000000-0000-4000-8000-00000000abcd",
        gatewayStatus: "APPROVED",
        amountCents: 12_345,
        currency: "ZAR",
        at: new Date("2026-01-15T09:00:00Z"),
      },
    ];
    await keepLedger(old);
    const requestsBefore = (await (
      await fetch(`${sandbox.origin}/__sandbox/transactions`)
    ).json()) as unknown[];
    const found = await ledgerOfDay("2026-01-15");
    expect(found?.source.from).toBe("kept");
    expect(found?.ledger.entries[0]).toMatchObject({
      amountCents: 12_345,
      at: new Date("2026-01-15T09:00:00Z"),
    });
    expect(found?.ledger.generatedOn).toEqual(new Date("2026-01-16T01:00:00Z"));
    const requestsAfter = (await (
      await fetch(`${sandbox.origin}/__sandbox/transactions`)
    ).json()) as unknown[];
    expect(requestsAfter.length).toBe(requestsBefore.length);
  });

  it("has nothing for a day it never kept", async () => {
    expect(await ledgerOfDay("2025-06-01")).toBeNull();
    // 22:30 UTC is already the next day in Johannesburg (UTC+2).
    expect(saYesterday(new Date("2026-03-10T21:30:00Z"))).toBe("2026-03-09");
    expect(saYesterday(new Date("2026-03-10T22:30:00Z"))).toBe("2026-03-10");
  });
});
