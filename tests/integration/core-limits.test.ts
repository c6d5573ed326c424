import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_API_KEY } from "@/lib/env-schema";
import { startSandbox, type RunningSandbox } from "@/lib/sandbox/server";
import { staffOf } from "./office-support";

/**
 * One cashier hammering every action that reaches the core service, against a sandbox and a
 * journal of this file's own (so the sandbox's request counts are this file's alone): VAS
 * quotes, catalogue refreshes, card polls and card checks reach the core service at the till's
 * pace at most, and one card-status call is in flight per sale.
 */
let sandbox: RunningSandbox;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-limits-"));
process.env.KASSA_DATA_DIR = path.join(dir, "db");
process.env.KASSA_SEED_DEMO = "true";

type Staff = import("@/lib/auth/staff").Staff;
let cashier: Staff;
let quoteForCashier: typeof import("@/lib/kinds/vas/quote").quoteForCashier;
let refreshCatalogue: typeof import("@/lib/kinds/vas/catalogue-cache").refreshCatalogue;
let checkCardPaymentLimited: typeof import("@/lib/security/card-checks").checkCardPaymentLimited;

async function requests(pathname: string): Promise<number> {
  const res = await fetch(`${sandbox.origin}/__sandbox/requests`);
  const { requests } = (await res.json()) as { requests: Record<string, number> };
  return requests[pathname] ?? 0;
}

/** n calls, ten at a time (a till's retries and tabs at once), each answered or refused. */
async function hammer(n: number, call: () => Promise<unknown>) {
  const refusals: string[] = [];
  for (let i = 0; i < n; i += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, () =>
        call().catch((e: unknown) => refusals.push(e instanceof Error ? e.message : String(e))),
      ),
    );
  return refusals;
}

/** A card sale of the cashier's with its order opened at the sandbox. */
async function cardSaleWaiting() {
  const { recordSale } = await import("@/lib/sales/journal");
  const { startCardPayment } = await import("@/lib/sales/card");
  const { sale } = await recordSale(
    {
      idempotencyKey: randomUUID(),
      kind: "vas",
      method: "card",
      amountCents: 10_000,
      reference: "GOOGLEPLAY-100",
      request: {},
      userId: cashier.userId,
      tillId: cashier.till.id,
      shiftId: null,
      fingerprint: "limits",
    },
    { actor: { username: "test" }, detail: {} },
  );
  expect(await startCardPayment(sale.id, cashier)).toMatchObject({ state: "waiting" });
  return sale.id;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  Object.assign(process.env, {
    KASSA_UPSTREAM_ENV: "sandbox",
    KASSA_UPSTREAM_URL: sandbox.url,
    KASSA_API_KEY: SANDBOX_API_KEY,
    KASSA_PUBLIC_URL: "http://kassa.test",
  });
  const database = await (await import("@/lib/db")).db();
  cashier = await staffOf(database, "cashier", "till-1");
  ({ quoteForCashier } = await import("@/lib/kinds/vas/quote"));
  ({ refreshCatalogue } = await import("@/lib/kinds/vas/catalogue-cache"));
  ({ checkCardPaymentLimited } = await import("@/lib/security/card-checks"));
});
afterAll(() => sandbox.close());

describe("one cashier's calls to the core service", () => {
  it("VAS quotes: 100 at once reach it at most 30 times a minute", async () => {
    const refused = await hammer(100, () =>
      quoteForCashier(cashier, { productId: "GOOGLEPLAY-100" }),
    );
    const reached = await requests("/v1/VAS/Confirm");
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThanOrEqual(30);
    expect(refused.length).toBeGreaterThanOrEqual(70);
    expect(refused.every((m) => /Too many attempts/.test(m))).toBe(true);
  });

  it("catalogue refresh: 100 presses never go past the cache more than once a minute", async () => {
    const before = await requests("/v1/VAS/Products");
    // The quotes above loaded the catalogue once.
    expect(before).toBeGreaterThan(0);
    await hammer(100, () => refreshCatalogue(cashier));
    expect((await requests("/v1/VAS/Products")) - before).toBeLessThanOrEqual(1);
  });

  it("card polls: one status call in flight per sale, and at most 60 a minute", async () => {
    const saleId = await cardSaleWaiting();
    const status = "/v2/svcCheckOrderPaymentStatus";
    const before = await requests(status);
    // Ten polls at once (tabs, retries): they share one call.
    await Promise.all(
      Array.from({ length: 10 }, () => checkCardPaymentLimited(saleId, cashier, "poll")),
    );
    expect((await requests(status)) - before).toBe(1);
    await hammer(90, () => checkCardPaymentLimited(saleId, cashier, "poll"));
    expect((await requests(status)) - before).toBeLessThanOrEqual(60);
  });

  it("card checks (cancel, Check payment): at most 20 a minute", async () => {
    const saleId = await cardSaleWaiting();
    const status = "/v2/svcCheckOrderPaymentStatus";
    const before = await requests(status);
    const refused = await hammer(100, () => checkCardPaymentLimited(saleId, cashier, "recheck"));
    const reached = (await requests(status)) - before;
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThanOrEqual(20);
    expect(refused.filter((m) => /Too many attempts/.test(m)).length).toBeGreaterThanOrEqual(80);
  });
});
