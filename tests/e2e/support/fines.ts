import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E } from "./env";

/** Helpers for the traffic-fine specs (fines*.spec.ts, kiosk*.spec.ts). */

export const MARK_PAID_PATH = "/v1/TrafficFine/MarkTrafficFineAsPaid";

interface Txn {
  kind: string;
  reference: string;
  amountCents: number;
}

export async function finesTransactions(
  request: APIRequestContext,
  reference: string,
): Promise<Txn[]> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { transactions: Txn[] }).transactions.filter(
    (t) => t.kind === "fines" && t.reference === reference,
  );
}

export async function addMarkPaidFault(request: APIRequestContext, kind: "timeout" | "drop") {
  const res = await request.post(`${E2E.sandboxOrigin}/__sandbox/faults`, {
    data: { path: MARK_PAID_PATH, kind, count: 1 },
  });
  expect(res.ok()).toBe(true);
}

export async function markPaidFaultsLeft(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/faults`);
  const { faults } = (await res.json()) as { faults: { path: string; remaining: number }[] };
  return faults.filter((f) => f.path === MARK_PAID_PATH).reduce((s, f) => s + f.remaining, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fault on mark-paid is taken by the next mark-paid call of any test on that sandbox, so
 * every step that marks fines paid holds this lock (a folder, made atomically) and a fault
 * always meets the call it was set up for. The lock is per sandbox: each lane's worker has
 * its own (support/env.ts), so today only one worker ever takes it.
 */
export async function withMarkPaidLock<T>(fn: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `kassa-e2e-mark-paid-${E2E.sandboxPort}`);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch {
      // A lock left by a killed run is older than any test.
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(dir, { recursive: true, force: true });
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The counter's look-up: fill one of the three fields and press Look up fines. */
export async function lookUp(
  page: Page,
  label: "ID number" | "Registration number" | "Notice number",
  value: string,
) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Look up fines" }).click();
}

export function fineRow(page: Page, notice: string) {
  return page.locator(`tr[data-notice="${notice}"]`);
}

/** The sale id the journal gave, read from the URL of the slip. */
export function saleIdOf(url: string): string {
  return url.split("/").pop()!.split("?")[0]!;
}
