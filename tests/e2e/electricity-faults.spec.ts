import { expect, test } from "@playwright/test";
import { STATE } from "./support/env";
import {
  addFault,
  confirmMeter,
  PURCHASE_PATH,
  saleKeyOf,
  serializePurchases,
  transactionsForKey,
} from "./support/municipal";

test.use({ storageState: STATE.cashier });
serializePurchases(test);

/** The client tries a purchase three times under one key before it calls the outcome unknown. */
const ATTEMPTS = 3;

// Each fault sells its own amount: the same meter and amount again within minutes would ask "Sell again".
const AMOUNT = { timeout: "120", http500: "121", drop: "122" } as const;

for (const fault of ["timeout", "http500", "drop"] as const) {
  test(`${fault} on Purchase: not confirmed, Retry under the same key, one transaction, one completed sale`, async ({
    page,
    request,
  }) => {
    await confirmMeter(page, "01100000007", "tshwane_prepaid");
    const key = await saleKeyOf(page, "electricity");
    await page.getByLabel("Amount").fill(AMOUNT[fault]);
    await addFault(request, PURCHASE_PATH.electricity, fault, ATTEMPTS);
    await page.getByRole("button", { name: "Purchase" }).click();
    // The form's own panel, not the till's banner (which lists the sale while it is being sent).
    const panel = page.locator("[role=alert][data-sale-id]").filter({ hasText: "Not confirmed" });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    // A drop commits the vend before the answer is lost; a timeout or a 500 never reaches it.
    expect(await transactionsForKey(request, key)).toHaveLength(fault === "drop" ? 1 : 0);

    // A reload keeps the key: the same unknown sale comes back, never a fresh form.
    await page.reload();
    await expect(panel).toBeVisible();
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
    const saleId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByRole("list", { name: "Tokens" })).toContainText("Credit");
    expect(await transactionsForKey(request, key)).toHaveLength(1);

    await page.goto(`/history?q=01100000007`);
    const row = page.locator(`tr[data-sale="${saleId}"]`);
    await expect(row).toContainText("Completed");
    await expect(
      page
        .locator("tbody tr")
        .filter({ hasText: `R ${AMOUNT[fault]},00` })
        .filter({ hasText: "Not confirmed" }),
    ).toHaveCount(0);
  });
}
