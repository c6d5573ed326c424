import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import { privateSandbox } from "./sandbox-helpers";

/**
 * The one sale path (lib/sales/counter-sale.ts) against a sandbox of its own, counting what
 * reached the sandbox: every request per path (repeats of a key included) and what it executed.
 */
const sb = privateSandbox();
const dataDir = path.join(os.tmpdir(), `kassa-sale-path-${process.pid}-${Date.now()}`);
const spoolDir = path.join(os.tmpdir(), `kassa-sale-path-spool-${process.pid}-${Date.now()}`);

/** When set, the next settle of a sale fails as if the database had gone away. */
const journalDown = vi.hoisted(() => ({ next: false }));
vi.mock("@/lib/sales/door", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/sales/door")>();
  return {
    ...original,
    settleSent: async (...args: Parameters<typeof original.settleSent>) => {
      if (journalDown.next) {
        journalDown.next = false;
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
          code: "ECONNREFUSED",
        });
      }
      return original.settleSent(...args);
    },
  };
});

let counter: typeof import("@/lib/sales/counter-sale");
let journal: typeof import("@/lib/sales/journal");
let fines: typeof import("@/lib/kinds/fines/pay");
let intake: typeof import("@/lib/sales/spool-intake");
let staff: Staff;

const PURCHASE = "/v2/Electricity/Purchase";
const MARK_PAID = "/v1/TrafficFine/MarkTrafficFineAsPaid";

async function requests(apiPath: string): Promise<number> {
  return (
    (await sb.control<{ requests: Record<string, number> }>("/requests")).body.requests[apiPath] ??
    0
  );
}
async function executed(): Promise<{ kind: string; path: string }[]> {
  return (await sb.control<{ transactions: { kind: string; path: string }[] }>("/transactions"))
    .body.transactions;
}

beforeAll(async () => {
  process.env.KASSA_DATA_DIR = dataDir;
  process.env.KASSA_SPOOL_DIR = spoolDir;
  process.env.KASSA_UPSTREAM_URL = sb.url;
  process.env.KASSA_UPSTREAM_TIMEOUT_MS = "2000";
  counter = await import("@/lib/sales/counter-sale");
  journal = await import("@/lib/sales/journal");
  fines = await import("@/lib/kinds/fines/pay");
  intake = await import("@/lib/sales/spool-intake");
  const { db } = await import("@/lib/db");
  const schema = await import("@/lib/db/schema");
  const database = await db();
  const [user] = await database
    .select()
    .from(schema.users)
    .where(eq(schema.users.username, "cashier"));
  const [till] = await database.select().from(schema.tills).where(eq(schema.tills.id, "till-1"));
  staff = {
    userId: user!.id,
    username: "cashier",
    name: user!.displayName,
    role: "cashier",
    sessionId: randomUUID(),
    till: till!,
  };
  const { openShift } = await import("@/lib/shifts/current");
  await openShift(staff, 0);
  return () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.lock`, { force: true });
    fs.rmSync(spoolDir, { recursive: true, force: true });
  };
});

/** A cash electricity sale on the sandbox's normal Tshwane meter. */
function electricity(
  key: string,
  over: {
    meterNumber?: string;
    amountCents?: number;
    sellAgain?: boolean;
    method?: "cash" | "card";
    minCents?: number;
  } = {},
) {
  const meterNumber = over.meterNumber ?? "01100000007";
  return counter.sell(staff, {
    idempotencyKey: key,
    sellAgain: over.sellAgain,
    kind: "electricity",
    method: over.method ?? "cash",
    reference: meterNumber,
    amountCents: over.amountCents ?? 5000,
    place: "tshwane_prepaid",
    prepare: async () => ({
      request: {
        meterNumber,
        municipality: "tshwane_prepaid",
        customerName: "Thabo Mokoena",
        minCents: over.minCents ?? 1000,
        maxCents: 500000,
      },
    }),
  });
}

describe("the key decides", () => {
  it("returns a key's own sale on a resubmit, and the sandbox vended once", async () => {
    const key = randomUUID();
    const first = await electricity(key, { amountCents: 6100 });
    const again = await electricity(key, { amountCents: 6100 });
    expect(first.status).toBe("completed");
    expect(again).toMatchObject({ id: first.id, status: "completed" });
    expect(await requests(PURCHASE)).toBe(1);
    expect(await executed()).toHaveLength(1);
  });

  it("refuses the same key for another meter or amount, and never answers with the first sale", async () => {
    const key = randomUUID();
    const first = await electricity(key, { amountCents: 6200 });
    expect(first.status).toBe("completed");
    await expect(
      electricity(key, { meterNumber: "01100000015", amountCents: 6200 }),
    ).rejects.toThrow(/already used for a different sale/);
    await expect(electricity(key, { amountCents: 6300 })).rejects.toThrow(
      /already used for a different sale/,
    );
    expect(await requests(PURCHASE)).toBe(1);
  });

  it("returns a fines double submit's own sale, marking the fines paid once", async () => {
    const key = randomUUID();
    const input = {
      idempotencyKey: key,
      lookupKind: "notice" as const,
      lookupValue: "0412600000000017",
      fines: [{ noticeNumber: "0412600000000017", grossCents: 102500 }],
      method: "cash" as const,
    };
    const [a, b] = await Promise.all([
      fines.sellFines(staff, input),
      fines.sellFines(staff, input),
    ]);
    const c = await fines.sellFines(staff, input);
    expect(a.status).toBe("completed");
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await requests(MARK_PAID)).toBe(1);
  });
});

describe("the journal's work per sale", () => {
  it("takes three round trips for a new cash sale, each change with its own audit event", async () => {
    const { countRoundTrips } = await import("@/lib/db/round-trips");
    const { db } = await import("@/lib/db");
    const schema = await import("@/lib/db/schema");
    // The start (shift, key, guard), the pending row claimed for sending, the settle.
    const { result: view, counts } = await countRoundTrips(() =>
      electricity(randomUUID(), { amountCents: 6400 }),
    );
    expect(view.status).toBe("completed");
    expect(counts.roundTrips).toBe(3);
    const events = await (
      await db()
    )
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.subject, view.id));
    expect(events.map((e) => e.kind).sort()).toEqual(["sale_completed", "sale_recorded"]);
    // Each carries the state it left the sale in, built by the database in the same statement.
    const completed = events.find((e) => e.kind === "sale_completed")!;
    expect(completed.detail).toMatchObject({
      transition: "sale_completed",
      row: "sale",
      state: { id: view.id, status: "completed", amountCents: 6400, errorKind: null },
    });
    expect(await requests(PURCHASE)).toBe(1);
  });
});

describe("the duplicate-sale guard", () => {
  it("asks before selling the same meter and amount again, and sells on 'sell again'", async () => {
    const first = await electricity(randomUUID(), { amountCents: 7100 });
    expect(first.status).toBe("completed");
    const refused = await electricity(randomUUID(), { amountCents: 7100 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      name: "ActionError",
      duplicateOf: { id: first.id, status: "completed" },
    });
    expect(await requests(PURCHASE)).toBe(1);
    // Another amount is another sale: no question.
    expect((await electricity(randomUUID(), { amountCents: 7200 })).status).toBe("completed");
    const again = await electricity(randomUUID(), { amountCents: 7100, sellAgain: true });
    expect(again.status).toBe("completed");
    expect(again.id).not.toBe(first.id);
    expect(await requests(PURCHASE)).toBe(3);
  });
});

describe("free basic electricity", () => {
  it("refuses card for an R 0 sale before anything is recorded: there is nothing to charge", async () => {
    const key = randomUUID();
    await expect(
      electricity(key, { amountCents: 0, method: "card", minCents: 0 }),
    ).rejects.toMatchObject({ name: "ActionError", field: "method" });
    expect(await journal.findSaleByKey(key)).toBeUndefined();
  });
});

describe("uncertain stays uncertain", () => {
  it("leaves a sale unknown when the automatic retry is refused after a first attempt that went through", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "drop" });
    await sb.control("/faults", { path: PURCHASE, kind: "refuse" });
    const view = await electricity(randomUUID(), { amountCents: 8100 });
    expect(view).toMatchObject({ status: "unknown", nextStep: "retry", retryable: true });
    expect(view.message).not.toMatch(/try again/i);
    expect(await requests(PURCHASE)).toBe(2);
    expect(await executed()).toHaveLength(1);
    // Retry under the same key: the core service answers the first vend's tokens, nothing new is sold.
    const retried = await counter.retryOwnSale(staff, view.id);
    expect(retried.status).toBe("completed");
    expect(await executed()).toHaveLength(1);
  });

  it("fails a first attempt the core service refused outright", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "refuse" });
    const view = await electricity(randomUUID(), { amountCents: 8200 });
    expect(view.status).toBe("failed");
    expect(await executed()).toHaveLength(0);
  });
});

describe("the answer is never lost", () => {
  it("keeps every money-moving call's raw answer with the sale", async () => {
    await sb.control("/faults", { path: PURCHASE, kind: "http500" });
    const view = await electricity(randomUUID(), { amountCents: 9100 });
    expect(view.status).toBe("completed");
    const sale = await journal.findSale(view.id);
    expect(sale!.rawAnswers?.map((a) => [a.operation, a.status])).toEqual([
      ["electricity.purchase", 500],
      ["electricity.purchase", 200],
    ]);
    const tokens = (sale!.result as { tokens: { digits: string }[] }).tokens.map((t) => t.digits);
    expect(sale!.rawAnswers?.[1]?.body).toContain(tokens[0]!.slice(0, 4));
  });

  it("shows the token when the journal cannot be written, spools the answer and settles from it without a second call", async () => {
    journalDown.next = true;
    const view = await electricity(randomUUID(), { amountCents: 9200 });
    expect(view.status).toBe("completed");
    expect(view.notRecorded?.notice).toBe("Not recorded: keep this slip and tell a supervisor.");
    const tokenLine = view.notRecorded?.lines.find((l) => l.big);
    expect(tokenLine?.value).toMatch(/^\d{4}( \d{4}){4}$/);
    expect((await journal.findSale(view.id))!.status).toBe("pending");
    const spooled = fs
      .readFileSync(path.join(spoolDir, "spool", "spool.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(spooled).toHaveLength(1);
    expect(JSON.parse(spooled[0]!)).toMatchObject({
      saleId: view.id,
      outcome: { status: "completed" },
    });

    expect(await intake.takeInSpool()).toBe(1);
    const settled = await journal.findSale(view.id);
    expect(settled!.status).toBe("completed");
    const digits = (settled!.result as { tokens: { digits: string }[] }).tokens[0]!.digits;
    expect(tokenLine!.value.replace(/ /g, "")).toBe(digits);
    expect(settled!.rawAnswers?.[0]?.status).toBe(200);
    expect(await requests(PURCHASE)).toBe(1);
    // Taken in once: a second intake settles nothing.
    expect(await intake.takeInSpool()).toBe(0);
  });
});

describe("what the cashier has not seen", () => {
  it("lists completed sales whose slip was not shown and unresolved unknown ones, until the slip is seen", async () => {
    const done = await electricity(randomUUID(), { amountCents: 9300 });
    await sb.control("/faults", { path: PURCHASE, kind: "timeout", count: 3, ms: 10_000 });
    const lost = await electricity(randomUUID(), { amountCents: 9400 });
    expect(lost.status).toBe("unknown");
    const since = new Date(Date.now() - 60_000);
    const unseen = async () => (await journal.unseenSalesOf(staff.userId, since)).map((s) => s.id);
    expect(await unseen()).toEqual(expect.arrayContaining([done.id, lost.id]));
    // Another cashier's look marks nothing; the cashier's own first look does, once.
    expect((await journal.findSaleForSlip(done.id, randomUUID()))?.slipSeenAt).toBeNull();
    expect(await unseen()).toContain(done.id);
    expect((await journal.findSaleForSlip(done.id, staff.userId))?.slipSeenAt).toBeNull();
    expect((await journal.findSaleForSlip(done.id, staff.userId))?.slipSeenAt).not.toBeNull();
    expect(await unseen()).not.toContain(done.id);
    expect(await unseen()).toContain(lost.id);
    expect(counter.saleViewOf((await journal.findSale(done.id))!).seen).toBe(true);
  });
});
