import { expect, test } from "@playwright/test";
import { STATE } from "./support/env";
import {
  addFault,
  confirmAccount,
  confirmMeter,
  PURCHASE_PATH,
  saleKeyOf,
  serializePurchases,
  transactionsForKey,
} from "./support/municipal";

test.use({ storageState: STATE.cashier });
serializePurchases(test);

test("history lists the shift's sales with their status and finds them by meter number", async ({
  page,
}) => {
  await confirmMeter(page, "03500000009", "mogale_prepaid");
  await page.getByLabel("Amount").fill("77");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\//);
  const saleId = new URL(page.url()).pathname.split("/").pop()!;

  await page.goto("/history");
  await expect(page.locator(`tr[data-sale="${saleId}"]`)).toContainText("Completed");
  await page.getByLabel("Search by meter, account or mobile number").fill("03500000009");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=03500000009/);
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText("03500000009");
  await expect(page.locator(`tr[data-sale="${saleId}"]`)).toContainText("R 77,00");
});

test("an unknown bill payment is resolved from history by Retry: one transaction, completed", async ({
  page,
  request,
}) => {
  await confirmAccount(page, "3100400500", "mogale_postpaid");
  const key = await saleKeyOf(page, "bill");
  await page.getByLabel("Amount").fill("99");
  await addFault(request, PURCHASE_PATH.bill, "http500", 3);
  await page.getByRole("button", { name: "Pay" }).click();
  // The form's own panel (its sale's id on it), not the till's banner: the banner already lists
  // the sale while Pay is still being answered, before the journal has settled it.
  await expect(
    page.locator("[role=alert][data-sale-id]").filter({ hasText: "Not confirmed" }),
  ).toBeVisible({ timeout: 20_000 });
  expect(await transactionsForKey(request, key)).toHaveLength(0);

  await page.goto("/history?q=3100400500");
  const row = page
    .locator("tbody tr")
    .filter({ hasText: "Not confirmed" })
    .filter({ hasText: "R 99,00" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Retry" }).click();
  await expect(row.getByRole("link", { name: "Completed — print slip" })).toBeVisible();
  expect(await transactionsForKey(request, key)).toHaveLength(1);
  await page.reload();
  await expect(page.locator("tbody tr").filter({ hasText: "Not confirmed" })).toHaveCount(0);
  await page.getByRole("link", { name: "Reprint" }).first().click();
  await expect(page.getByRole("article", { name: "Slip" })).toContainText("3100400500");
});
