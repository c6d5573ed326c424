import { expect, test } from "@playwright/test";
import { STATE, E2E } from "./support/env";
import {
  confirmAccount,
  PURCHASE_PATH,
  saleKeyOf,
  serializePurchases,
  transactionsForKey,
} from "./support/municipal";
import { seeUnseenSlips } from "./support/unseen";

test.use({ storageState: STATE.cashier });
test.beforeEach(async ({ page }) => seeUnseenSlips(page));
serializePurchases(test);

const ACCOUNTS = [
  {
    municipality: "tshwane_postpaid",
    name: "City of Tshwane (account)",
    account: "5000123456",
    holder: "M. Mokoena",
  },
  {
    municipality: "mogale_postpaid",
    name: "Mogale City (account)",
    account: "3100200300",
    holder: "J. Fourie",
  },
] as const;

for (const a of ACCOUNTS) {
  test(`${a.municipality}: confirm the account, pay, the slip holds the receipt link and its QR code`, async ({
    page,
    request,
  }) => {
    await confirmAccount(page, a.account, a.municipality);
    const details = page.getByRole("region", { name: "Account details" });
    await expect(details).toContainText(a.holder);
    await expect(details).toContainText("Amount due");
    const key = await saleKeyOf(page, "bill");
    await page.getByLabel("Amount").fill("250.50");
    await page.getByLabel("Payment method").selectOption("cash");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/slips\//);
    const slip = page.getByRole("article", { name: "Slip" });
    for (const text of [a.account, a.name, a.holder, "R 250,50", "Receipt reference"])
      await expect(slip).toContainText(text);
    const txns = await transactionsForKey(request, key);
    expect(txns.map((t) => t.amountCents)).toEqual([25_050]);
    const link = slip.locator("[data-receipt-link]");
    await expect(link).toHaveAttribute(
      "href",
      `${E2E.sandboxOrigin}/receipts/${txns[0]!.reference}`,
    );
    await expect(slip.getByRole("img", { name: "QR code of the receipt link" })).toBeVisible();
    const receipt = await request.get((await link.getAttribute("href"))!);
    expect(await receipt.text()).toContain("payment received");
  });
}

test("bad input on bills: a message by the field and no call to the server", async ({ page }) => {
  let actionCalls = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actionCalls += 1;
  });
  await page.goto("/bills");
  await page.getByLabel("Account number").fill("5000-12x456");
  await page.getByLabel("Municipality").selectOption("");
  await page.getByRole("button", { name: "Confirm account" }).click();
  await expect(page.locator("#accountNumber-error")).toHaveText(
    "An account number has digits only.",
  );
  await expect(page.locator("#municipality-error")).toHaveText("Choose the municipality.");
  expect(actionCalls).toBe(0);
});

test("an unknown account gets a clear message", async ({ page }) => {
  await page.goto("/bills");
  await page.getByLabel("Account number").fill("5000999999");
  await page.getByLabel("Municipality").selectOption("tshwane_postpaid");
  await page.getByRole("button", { name: "Confirm account" }).click();
  await expect(page.locator("#accountNumber-error")).toHaveText(
    "This account number is not known to the municipality.",
  );
});

test("an amount above the account's range is refused next to the field, with the range, and nothing is sent", async ({
  page,
  request,
}) => {
  await confirmAccount(page, "5000123456", "tshwane_postpaid");
  await expect(page.getByRole("region", { name: "Account details" })).toContainText(
    "Allowed amount",
  );
  const key = await saleKeyOf(page, "bill");
  const purchases = async () =>
    (
      (await (await request.get(`${E2E.sandboxOrigin}/__sandbox/requests`)).json()) as {
        requests: Record<string, number>;
      }
    ).requests[PURCHASE_PATH.bill] ?? 0;
  const before = await purchases();
  let actionCalls = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actionCalls += 1;
  });
  await page.getByLabel("Amount").fill("50000.01");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.locator("#amount-error")).toHaveText(
    "The amount must be between R 1,00 and R 50 000,00 for this account.",
  );
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  // Checked at the till: no action, no purchase at the core service, nothing under the key.
  expect(actionCalls).toBe(0);
  expect(await purchases()).toBe(before);
  expect(await transactionsForKey(request, key)).toEqual([]);
});
