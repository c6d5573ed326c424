/**
 * Helpers for the electricity, bills, history and slip specs: the till's forms, the
 * sandbox's transaction list and fault switches, and a lock that keeps these specs'
 * purchases apart (faults are per path, so a fault meant for one test must not be
 * consumed by another test's purchase on the same sandbox; each lane's worker has a
 * sandbox of its own, support/env.ts).
 */
import type { ListedTransaction } from "@/lib/sandbox/control";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type Page, type TestType } from "@playwright/test";
import { E2E } from "./env";

/** Bills are paid through the electricity purchase with the `_postpaid` municipality (the spec's idempotent path). */
export const PURCHASE_PATH = {
  electricity: "/v2/Electricity/Purchase",
  bill: "/v2/Electricity/Purchase",
} as const;

/** A transaction as the sandbox lists it (`GET /__sandbox/transactions`). */
export type SandboxTxn = ListedTransaction;

export async function sandboxTransactions(request: APIRequestContext): Promise<SandboxTxn[]> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { transactions: SandboxTxn[] }).transactions;
}

export async function transactionsForKey(
  request: APIRequestContext,
  key: string,
): Promise<SandboxTxn[]> {
  return (await sandboxTransactions(request)).filter((t) => t.idempotency === key);
}

export async function addFault(
  request: APIRequestContext,
  faultPath: string,
  kind: "timeout" | "http500" | "drop",
  count: number,
) {
  const res = await request.post(`${E2E.sandboxOrigin}/__sandbox/faults`, {
    data: { path: faultPath, kind, count },
  });
  expect(res.ok()).toBe(true);
}

/** The sale key the open form will send (kept in localStorage per cashier and form until its sale settles). */
export async function saleKeyOf(
  page: Page,
  form: "electricity" | "bill" | "fines" | "vas",
): Promise<string> {
  await expect.poll(() => storedSaleKey(page, form)).toMatch(/^[0-9a-f-]{36}$/);
  return (await storedSaleKey(page, form))!;
}

async function storedSaleKey(page: Page, form: string): Promise<string | null> {
  return page.evaluate((f) => {
    for (let i = 0; i < window.localStorage.length; i++) {
      const name = window.localStorage.key(i)!;
      if (name.startsWith("kassa.sale.") && name.endsWith(`.${f}`))
        return (JSON.parse(window.localStorage.getItem(name)!) as { key: string }).key;
    }
    return null;
  }, form);
}

/**
 * Confirm, as a cashier presses again when nothing happened: on a loaded machine a click can
 * land before the form is live. A confirm only looks the number up, so a second press is safe.
 */
async function confirmUntilShown(page: Page, button: string, region: string) {
  await expect(async () => {
    if (!(await page.getByRole("region", { name: region }).isVisible()))
      await page.getByRole("button", { name: button }).click();
    await expect(page.getByRole("region", { name: region })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

export async function confirmMeter(page: Page, meterNumber: string, municipality: string) {
  await page.goto("/electricity");
  await page.getByLabel("Meter number").fill(meterNumber);
  await page.getByLabel("Municipality").selectOption(municipality);
  await confirmUntilShown(page, "Confirm meter", "Meter details");
}

export async function confirmAccount(page: Page, accountNumber: string, municipality: string) {
  await page.goto("/bills");
  await page.getByLabel("Account number").fill(accountNumber);
  await page.getByLabel("Municipality").selectOption(municipality);
  await confirmUntilShown(page, "Confirm account", "Account details");
}

/** Count window.print() calls instead of opening a print dialog. */
export async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  });
}

export async function printsOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __prints: number }).__prints);
}

/** The tokens on a slip: [label, grouped digits] in printed order. */
export async function slipTokens(page: Page): Promise<[string, string][]> {
  const items = page.getByRole("list", { name: "Tokens" }).getByRole("listitem");
  const out: [string, string][] = [];
  for (const item of await items.all()) {
    const label = (await item.locator("span").nth(0).innerText()).trim();
    const digits = (await item.locator("[data-token]").innerText()).trim();
    out.push([label, digits]);
  }
  return out;
}

const LOCK = path.join(os.tmpdir(), `kassa-e2e-purchases-${E2E.sandboxPort}.lock`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function lock() {
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      return;
    } catch {
      // A lock older than two minutes belongs to a worker that died.
      const age =
        Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(LOCK, { recursive: true, force: true });
      await sleep(100);
    }
  }
}

/** One test at a time across these spec files while it buys or injects faults. */
export function serializePurchases<T extends object, W extends object>(test: TestType<T, W>) {
  test.beforeEach(async () => lock());
  test.afterEach(async () => fs.rmSync(LOCK, { recursive: true, force: true }));
}

/** Every request that reached an API path of the sandbox, repeats of one key included (its raw counter). */
export async function sandboxCalls(request: APIRequestContext, apiPath: string): Promise<number> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/requests`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { requests: Record<string, number> }).requests[apiPath] ?? 0;
}
