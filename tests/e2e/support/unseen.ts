import type { Page } from "@playwright/test";

/**
 * Earlier specs leave completed sales whose slips this cashier never opened, and the till's
 * status area then offers "Last sale went through" for each. A spec that wants a quiet status
 * area opens those slips first, as the cashier would.
 */
export async function seeUnseenSlips(page: Page): Promise<void> {
  const answer = await page.request.get("/api/sales/unseen");
  const { sales } = (await answer.json()) as { sales: { id: string; status: string }[] };
  for (const sale of sales.filter((s) => s.status === "completed")) {
    await page.goto(`/slips/${sale.id}`);
  }
}
