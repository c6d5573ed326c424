import { expect, test, type Page } from "@playwright/test";
import { DEMO, ensureShiftOpen, seeUnseenSlips, signIn } from "./support/auth";
import { tillNotice } from "./support/till-status";
import { E2E } from "./support/env";
import { pressTileKey } from "./support/tiles";
import type { SandboxTxn } from "./support/municipal";

/**
 * Airtime, data and vouchers through the real UI against the sandbox. One file, in order on
 * its lane (one worker per lane): the "no call" checks read the sandbox's transaction list and
 * the timeout test sets a fault on the VAS purchase path, so no other VAS purchase may run
 * beside them. The only other VAS sale is office-screens.spec.ts's not-confirmed airtime, in
 * its lane's turn (never beside these). Not serial: a serial retry reran the whole file, and
 * the sales its first try had made met the duplicate guard ("Sell again") on the second.
 */

/** This spec's own signed-in state: tests/e2e/.auth/cashier.json is shared by every engineer's run in this tree. */
const OWN_STATE = `tests/e2e/.auth/vas-cashier-${E2E.appPort}.json`;
test.use({ storageState: OWN_STATE });
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await signIn(page, DEMO.cashier);
  await expect(page).toHaveURL(/\/till/);
  await ensureShiftOpen(page);
  // The search field takes the focus on /vas only when no unseen slip is offered first.
  await seeUnseenSlips(page);
  await context.storageState({ path: OWN_STATE });
  await context.close();
});

async function vasTransactions(page: Page): Promise<SandboxTxn[]> {
  const res = await page.request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`);
  const body = (await res.json()) as { transactions: SandboxTxn[] };
  return body.transactions.filter((t) => t.kind === "vas");
}

/** Counts the server actions the page sends: a check that stops input must stop it before any. */
function countActions(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) seen.count++;
  });
  return seen;
}

async function pick(page: Page, search: string, name: RegExp) {
  await page.goto("/vas");
  const field = page.getByLabel("Search products");
  await expect(field).toBeFocused();
  await field.fill(search);
  await expect(page.getByRole("option", { name }).first()).toHaveAttribute("aria-selected", "true");
  await field.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

function saleIdOf(page: Page): string {
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

test("a fixed airtime product: the number typed locally goes out in one normal form; the slip confirms it", async ({
  page,
}) => {
  await pick(page, "mtn airtime r15", /MTN airtime R15/);
  const mobile = page.getByLabel("Mobile number");
  await expect(mobile).toBeFocused();
  await mobile.fill("083 555 0101");
  await mobile.press("Enter");
  await expect(page.getByTestId("vas-total")).toHaveText("R 15,00");
  await expect(page.getByTestId("vas-quote")).toContainText("083 555 0101");
  const purchase = page.getByRole("button", { name: "Purchase" });
  await expect(purchase).toBeFocused();
  await purchase.press("Enter");
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("vas-recipient")).toHaveText("083 555 0101");
  await expect(page.getByTestId("vas-slip")).toContainText("R 15,00");
  const bought = (await vasTransactions(page)).filter((t) => t.reference === saleIdOf(page));
  expect(bought).toHaveLength(1);
  expect(bought[0]!.amountCents).toBe(1500);
});

test("airtime to 082 123 4567: Enter on the payment method buys; History finds it in every local form", async ({
  page,
}) => {
  await pick(page, "vodacom airtime r29", /Vodacom airtime R29/);
  await page.getByLabel("Mobile number").fill("082 123 4567");
  await page.getByLabel("Mobile number").press("Enter");
  await expect(page.getByTestId("vas-total")).toHaveText("R 29,00");
  // Enter on "Cash" buys the quote, as Enter does on every sale form's payment method.
  await page.getByRole("radio", { name: "Cash" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  const saleId = saleIdOf(page);
  // Searched as the cashier typed it, with the form's own search field first.
  await page.goto("/history");
  await page.getByLabel("Search by meter, account or mobile number").fill("082 123 4567");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator(`tr[data-sale="${saleId}"]`)).toContainText("R 29,00");
  for (const typed of ["0821234567", "+27 82 123 4567", "082-123"]) {
    await page.goto(`/history?q=${encodeURIComponent(typed)}`);
    await expect(page.locator(`tr[data-sale="${saleId}"]`), typed).toBeVisible();
  }
});

test.describe("an open-value product (Cell C airtime, R5 to R500)", () => {
  for (const [typed, cents, label] of [
    ["5", 500, "R 5,00"],
    ["500", 50_000, "R 500,00"],
  ] as const) {
    test(`sells at ${label}`, async ({ page }) => {
      await pick(page, "cell c airtime", /Cell C airtime \(any amount\)/);
      await expect(page.getByRole("option", { name: /Cell C airtime/ })).toContainText(
        "R 5,00 – R 500,00",
      );
      await page.getByLabel("Mobile number").fill("+27 84 555 0202");
      await page.getByLabel("Amount").fill(typed);
      await page.getByLabel("Amount").press("Enter");
      await expect(page.getByTestId("vas-total")).toHaveText(label);
      await page.getByRole("button", { name: "Purchase" }).click();
      await expect(page).toHaveURL(/\/slips\//);
      await expect(page.getByTestId("vas-recipient")).toHaveText("084 555 0202");
      const bought = (await vasTransactions(page)).filter((t) => t.reference === saleIdOf(page));
      expect(bought.map((t) => t.amountCents)).toEqual([cents]);
    });
  }

  for (const typed of ["500.01", "4.99"]) {
    test(`refuses ${typed} next to the field, without any call`, async ({ page }) => {
      await pick(page, "cell c airtime", /Cell C airtime \(any amount\)/);
      const before = (await vasTransactions(page)).length;
      const actions = countActions(page);
      await page.getByLabel("Mobile number").fill("0845550202");
      const amount = page.getByLabel("Amount");
      await amount.fill(typed);
      await page.getByRole("button", { name: "Get quote" }).click();
      await expect(amount).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#vas-amount-error")).toContainText(
        typed === "4.99"
          ? "The minimum for this product is R 5,00"
          : "The maximum for this product is R 500,00",
      );
      await expect(page.getByRole("button", { name: "Purchase" })).toHaveCount(0);
      expect(actions.count).toBe(0);
      expect(await vasTransactions(page)).toHaveLength(before);
    });
  }
});

test("a bad mobile number is stopped before any call", async ({ page }) => {
  await pick(page, "vodacom airtime r29", /Vodacom airtime R29/);
  const before = (await vasTransactions(page)).length;
  const actions = countActions(page);
  const mobile = page.getByLabel("Mobile number");
  for (const bad of ["012 345 6789", "082123456", "+27 082 123 4567"]) {
    await mobile.fill(bad);
    await mobile.press("Enter");
    await expect(mobile).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#vas-mobile-error")).toHaveText(
      /Enter a South African mobile number/,
    );
  }
  await expect(page.getByTestId("vas-total")).toHaveCount(0);
  expect(actions.count).toBe(0);
  expect(await vasTransactions(page)).toHaveLength(before);
});

test("the till's tiles open the catalogue filtered to their kinds", async ({ page }) => {
  await pressTileKey(page, "v", /\/vas\?category=voucher/);
  await expect(page.getByRole("option", { name: /Google Play R100/ })).toBeVisible();
  await expect(page.getByRole("option", { name: /Lotto quick pick/ })).toBeVisible();
  await expect(page.getByRole("option", { name: /MTN airtime/ })).toHaveCount(0);
  await pressTileKey(page, "a", /\/vas\?category=airtime/);
  await expect(page.getByRole("option", { name: /MTN 2 GB data/ })).toBeVisible();
  await expect(page.getByRole("option", { name: /Google Play/ })).toHaveCount(0);
});

test("the demo cashier searches a voucher, quotes it, buys it and prints a slip with its PIN", async ({
  page,
}) => {
  await page.goto("/vas");
  const search = page.getByLabel("Search products");
  await expect(search).toBeFocused();
  await search.fill("google play");
  // Arrow keys walk the list; Enter picks the active product.
  await search.press("ArrowDown");
  await search.press("ArrowUp");
  await expect(page.getByRole("option", { name: /Google Play R100 gift card/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await search.press("Enter");
  await expect(page.getByLabel("Mobile number")).toHaveCount(0);
  const getQuote = page.getByRole("button", { name: "Get quote" });
  await expect(getQuote).toBeFocused();
  await getQuote.press("Enter");
  const quote = page.getByTestId("vas-quote");
  await expect(quote).toContainText("Service fee");
  await expect(quote).toContainText("R 2,50");
  await expect(page.getByTestId("vas-total")).toHaveText("R 102,50");
  await page.getByRole("button", { name: "Purchase" }).press("Enter");

  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  const saleId = new URL(page.url()).pathname.split("/").pop()!;
  const pin = page.getByTestId("vas-pin");
  await expect(pin).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(page.getByTestId("vas-instructions")).toContainText(
    "Redeem your Google Play voucher",
  );
  const slip = page.getByTestId("vas-slip");
  await expect(slip).toContainText("Google Play R100 gift card");
  await expect(slip).toContainText("R 102,50");
  await expect(slip).toContainText(/Receipt no\.\s*VR\d+/);
  await page.getByRole("button", { name: "Print", exact: true }).click();
  // On paper only the slip prints: the PIN is on it, the till's controls are not.
  await page.emulateMedia({ media: "print" });
  await expect(pin).toBeVisible();
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  const sandbox = await page.request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`);
  const { transactions } = (await sandbox.json()) as {
    transactions: { reference: string; amountCents: number }[];
  };
  expect(transactions.filter((t) => t.reference === saleId).map((t) => t.amountCents)).toEqual([
    10_250,
  ]);

  const pinText = await pin.textContent();
  await page.goto(`/slips/${saleId}?reprint=1`);
  await expect(page.getByText("REPRINT", { exact: true })).toHaveCount(2);
  await expect(page.getByTestId("vas-pin")).toHaveText(pinText!);
});

test("a purchase that times out leaves exactly one unknown sale and is never sent again", async ({
  page,
}) => {
  await page.goto("/vas");
  await page.getByLabel("Search products").fill("telkom 5 gb");
  await page.getByLabel("Search products").press("Enter");
  await page.getByLabel("Mobile number").fill("0815550303");
  await page.getByLabel("Mobile number").press("Enter");
  await expect(page.getByTestId("vas-total")).toHaveText("R 199,00");

  // Only the next purchase call hangs; the fault is set after the quote so nothing else eats it.
  const fault = await page.request.post(`${E2E.sandboxOrigin}/__sandbox/faults`, {
    data: { path: "/v1/VAS/Purchase", kind: "timeout", count: 1 },
  });
  expect(fault.ok()).toBe(true);
  await page.getByRole("button", { name: "Purchase" }).click();

  const notice = page.locator("[role=alert][data-sale-id]").filter({ hasText: "Not confirmed" });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Purchase" })).toHaveCount(0);
  const saleId = (await page.getByTestId("not-confirmed-sale-id").textContent())!.trim();
  expect(saleId).toMatch(/^[0-9a-f-]{36}$/);

  // Had Kassa sent it again, the second call would have gone through (the fault was for one call).
  await page.waitForTimeout(3000);
  const faults = (await (
    await page.request.get(`${E2E.sandboxOrigin}/__sandbox/faults`)
  ).json()) as { faults: { path: string; remaining: number }[] };
  expect(faults.faults.filter((f) => f.path === "/v1/VAS/Purchase" && f.remaining > 0)).toEqual([]);
  const { transactions } = (await (
    await page.request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`)
  ).json()) as { transactions: { reference: string }[] };
  expect(transactions.filter((t) => t.reference === saleId)).toEqual([]);

  // The till's status line keeps it in sight, once, so that nobody sells it again.
  await page.goto("/vas");
  const unconfirmed = tillNotice(page, "not-confirmed", "R 199,00");
  await expect(unconfirmed).toHaveCount(1);
  await expect(unconfirmed).toContainText(/Telkom 5 GB data .*for 081 555 0303/);
  await expect(unconfirmed).toContainText("do not take it again");
  await expect(page.getByText("Not confirmed:").first()).toBeVisible();
  const slip = await page.goto(`/slips/${saleId}`);
  expect(slip?.status()).toBe(404);
});

test("a voucher paid by card: nothing is bought before the hosted checkout says PAID, then the PIN prints", async ({
  page,
}) => {
  await pick(page, "showmax", /Showmax 1 month/);
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("vas-total")).toHaveText("R 101,50");
  await page.getByRole("radio", { name: "Card" }).check();
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page.getByRole("heading", { name: "Card payment of R 101,50" })).toBeVisible();
  const url = (await page.getByTestId("card-payment-link").getAttribute("href"))!;
  const order = await page.request.get(
    `${E2E.sandboxOrigin}/__sandbox/orders/${url.split("/").pop()}`,
  );
  const saleId = ((await order.json()) as { referredId: string }).referredId;
  expect((await vasTransactions(page)).filter((t) => t.reference === saleId)).toEqual([]);

  const phone = await page.context().newPage();
  await phone.goto(url);
  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}`), { timeout: 15_000 });
  await expect(page.getByTestId("vas-pin")).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  await expect(page.getByTestId("vas-slip")).toContainText(/Paid by\s*Card/);
  const bought = (await vasTransactions(page)).filter((t) => t.reference === saleId);
  expect(bought.map((t) => t.amountCents)).toEqual([10_150]);
});
