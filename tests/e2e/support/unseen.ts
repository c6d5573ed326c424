import type { Page } from "@playwright/test";

/**
 * Earlier specs leave completed sales whose slips this cashier never opened, and every till
 * page then offers "Last sale went through: Show slip" with the focus on it. A spec about
 * where the focus lands first opens those slips, as the cashier would.
 */
export async function seeUnseenSlips(page: Page): Promise<void> {
  const answer = await page.request.get("/api/sales/unseen");
  const { sales } = (await answer.json()) as { sales: { id: string; status: string }[] };
  for (const sale of sales.filter((s) => s.status === "completed")) {
    await page.goto(`/slips/${sale.id}`);
  }
}
