import { expect, test, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { DEMO, ensureShiftOpen, signIn } from "./support/auth";
import { saleKeyOf } from "./support/municipal";
import { E2E } from "./support/env";
import { expectInViewport } from "./support/screens";
import { actionIdsOf } from "./support/actions";

/**
 * Card payments at the counter through the sandbox's hosted checkout, in real Chromium.
 * The till sells electricity by card; a second page of the same browser plays the
 * customer's phone, opening the short link under the QR code. Serial: each test reads
 * the sandbox's transactions for its own sale key only, but the orders are scripted.
 */
test.describe.configure({ mode: "serial" });

/**
 * Storage states of this spec's own, per app port: tests/e2e/.auth/*.json is shared by
 * every engineer's run in this working tree, and another run may overwrite it mid-way.
 */
const OWN_STATE = {
  cashier: `tests/e2e/.auth/card-cashier-${E2E.appPort}.json`,
  kiosk: `tests/e2e/.auth/card-kiosk-${E2E.appPort}.json`,
};
test.use({ storageState: OWN_STATE.cashier });
test.beforeAll(async ({ browser }) => {
  for (const [who, file] of [
    [DEMO.cashier, OWN_STATE.cashier],
    [DEMO.kiosk, OWN_STATE.kiosk],
  ] as const) {
    const context = await browser.newContext({ storageState: undefined });
    const page = await context.newPage();
    await signIn(page, who);
    await expect(page).toHaveURL(who === DEMO.kiosk ? /\/kiosk/ : /\/till/);
    if (who === DEMO.cashier) await ensureShiftOpen(page);
    await context.storageState({ path: file });
    await context.close();
  }
});

/** The normal Tshwane meter (docs/sandbox.md): a vend gives one credit token, no state kept. */
const METER = "01100000007";

interface Txn {
  kind: string;
  idempotency: string | null;
  reference: string;
  amountCents: number;
}

async function transactions(request: APIRequestContext): Promise<Txn[]> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { transactions: Txn[] }).transactions;
}

/** Confirm the meter, choose card, Purchase: the till shows the QR code. Returns the sale's key, id and payment link. */
async function sellByCard(page: Page, amount = "50") {
  await page.goto("/electricity");
  await page.getByRole("textbox", { name: "Meter number" }).fill(METER);
  await page.getByRole("combobox", { name: "Municipality" }).selectOption("tshwane_prepaid");
  await page.getByRole("button", { name: "Confirm meter" }).click();
  await page.getByRole("textbox", { name: "Amount" }).fill(amount);
  await page.getByRole("combobox", { name: "Payment method" }).selectOption("card");
  const key = await saleKeyOf(page, "electricity");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page.getByRole("heading", { name: `Card payment of R ${amount},00` })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code of the card payment page" })).toBeVisible();
  await expect(page.getByRole("timer", { name: "Time left to pay" })).toHaveText(/^[23]:\d\d$/);
  const link = page.getByTestId("card-payment-link");
  const url = (await link.getAttribute("href"))!;
  expect(url).toMatch(new RegExp(`^${E2E.sandboxOrigin}/checkout/ORD`));
  const order = await page.request.get(
    `${E2E.sandboxOrigin}/__sandbox/orders/${url.split("/").pop()}`,
  );
  const saleId = ((await order.json()) as { referredId: string }).referredId;
  return { key: key!, saleId, url, link };
}

/** The customer's phone: the QR code's link, opened in a page of its own. */
async function customerOpens(page: Page, url: string): Promise<Page> {
  const phone = await page.context().newPage();
  await phone.goto(url);
  await expect(phone.getByRole("button", { name: "Pay" })).toBeVisible();
  return phone;
}

async function vendsFor(page: Page, key: string) {
  return (await transactions(page.request)).filter(
    (t) => t.kind === "electricity" && t.idempotency === key,
  );
}

test("R50 of electricity by card: the QR code's link opens the hosted page, Pay, the token appears", async ({
  page,
}) => {
  const { key, saleId, url, link } = await sellByCard(page, "50");
  expect(await link.textContent()).toBe(url.replace(/^https?:\/\//, ""));
  const phone = await customerOpens(page, url);
  await expect(phone.getByText("R 50,00").first()).toBeVisible();
  await expect(page.getByTestId("card-payment-status")).toHaveText(
    "The customer is on the payment page.",
  );
  await phone.getByRole("button", { name: "Pay" }).click();
  // The phone comes back to Kassa, which checks the status itself before saying anything.
  await expect(phone).toHaveURL(`${E2E.appUrl}/pay/${saleId}/done`);
  await expect(phone.getByRole("heading", { name: "Payment received" })).toBeVisible();
  // The till, which never followed a redirect, completes the sale and shows the slip.
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}`), { timeout: 15_000 });
  await expect(page.getByText(/\d{4} \d{4} \d{4} \d{4} \d{4}/).first()).toBeVisible();
  const card = (await transactions(page.request)).filter(
    (t) => t.kind === "card_payment" && t.reference === saleId,
  );
  expect(card).toHaveLength(1);
  expect(card[0]!.amountCents).toBe(5000);
  expect(await vendsFor(page, key)).toHaveLength(1);
});

test("Decline on the phone: not paid, nothing sold, the cashier can sell again", async ({
  page,
}) => {
  const { key, url } = await sellByCard(page, "60");
  const phone = await customerOpens(page, url);
  await phone.getByRole("button", { name: "Decline" }).click();
  await expect(phone.getByRole("heading", { name: "Payment not made" })).toBeVisible();
  await expect(page.getByText("The card payment was declined. Nothing was sold.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("button", { name: "Purchase" })).toBeVisible();
  expect(await vendsFor(page, key)).toHaveLength(0);
});

test("Cancel on the phone's checkout: not paid, nothing sold", async ({ page }) => {
  const { key, url } = await sellByCard(page, "70");
  const phone = await customerOpens(page, url);
  await phone.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("The card payment was cancelled. Nothing was sold.")).toBeVisible({
    timeout: 15_000,
  });
  expect(await vendsFor(page, key)).toHaveLength(0);
});

test("Cancel at the till with the customer on the page, then the phone pays: the till is told at once, Deliver now sells it once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const { key, saleId, url } = await sellByCard(page, "80");
  const phone = await customerOpens(page, url);
  await expect(page.getByTestId("card-payment-status")).toHaveText(
    "The customer is on the payment page.",
  );
  await page.keyboard.press("Escape");
  // No money changed hands at the till: never "Not confirmed ... keep the customer's money".
  const said = page.locator("#sale-notice");
  await expect(said).toContainText(
    "Card payment cancelled at the till: nothing was sold and no money changed hands here.",
  );
  await expect(said).toContainText("customer's phone can still take the payment");
  await expect(said).not.toContainText("Not confirmed");
  await expect(page.getByRole("button", { name: "Purchase" })).toBeVisible();

  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(phone).toHaveURL(`${E2E.appUrl}/pay/${saleId}/done`);
  await expect(phone.getByTestId("card-return-message")).toHaveText(
    /The cashier had cancelled this payment, and has now been told that you paid/,
  );
  // The till that cancelled, still on its form, is told on its own screen without a reload.
  const notice = page.getByTestId("paid-after-cancel-notice");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Paid after you cancelled: R 80,00 by card");
  await expectInViewport(page, notice, "the paid-after-cancel notice");
  const deliver = notice.getByRole("button", { name: "Deliver now" });
  await expect(deliver).not.toBeFocused();
  expect(await vendsFor(page, key)).toHaveLength(0);
  await deliver.click();
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}`));
  await expect(page.getByText(/\d{4} \d{4} \d{4} \d{4} \d{4}/).first()).toBeVisible();
  await expect(page.getByTestId("paid-after-cancel-notice")).toHaveCount(0);
  // One outcome: one vend under the sale's key, one card payment, and no second Deliver.
  expect(await vendsFor(page, key)).toHaveLength(1);
  const card = (await transactions(page.request)).filter(
    (t) => t.kind === "card_payment" && t.reference === saleId,
  );
  expect(card).toHaveLength(1);
  await page.goto("/electricity");
  await expect(page.getByTestId("paid-after-cancel-notice")).toHaveCount(0);
  await expect(page.getByTestId("paid-not-delivered-notice")).toHaveCount(0);
});

test("the till's status answer is slow and the customer's phone comes back first: delivered at the counter", async ({
  page,
}) => {
  // The till's polls go through while the customer opens the checkout (each one marks the till
  // as still there); then its next status check is held in the network until the phone is back
  // from paying. The return page must leave the sale to the till that is waiting on it.
  const polls = new Set(actionIdsOf("lib/actions/card-payment.ts", "pollCardPaymentAction"));
  const held: Route[] = [];
  let holding = false;
  let answered = 0;
  await page.route("**/electricity", async (route) => {
    const id = route.request().headers()["next-action"];
    if (!id || !polls.has(id)) return route.fallback();
    if (holding) return void held.push(route);
    await route.fallback();
    answered++;
  });
  const { key, saleId, url } = await sellByCard(page, "95");
  const phone = await customerOpens(page, url);
  // A poll answered since the checkout opened: the till was seen a moment ago.
  const before = answered;
  await expect.poll(() => answered).toBeGreaterThan(before);
  holding = true;
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(phone).toHaveURL(`${E2E.appUrl}/pay/${saleId}/done`);
  // The till counts as waiting: the sale goes ahead at the counter, not for a supervisor.
  await expect(phone.getByTestId("card-return-message")).toHaveText(
    "Paid: the till is completing your purchase.",
  );
  holding = false;
  for (const route of held.splice(0)) await route.fallback();
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}`), { timeout: 15_000 });
  await expect(page.getByText(/\d{4} \d{4} \d{4} \d{4} \d{4}/).first()).toBeVisible();
  await expect(page.getByTestId("paid-not-delivered-notice")).toHaveCount(0);
  expect(await vendsFor(page, key)).toHaveLength(1);
});

test("PENDING, PENDING, then PAID: the till waits, then completes", async ({ page }) => {
  const { key, saleId } = await sellByCard(page, "90");
  const res = await page.request.post(`${E2E.sandboxOrigin}/__sandbox/orders/${saleId}/script`, {
    data: { statuses: ["PENDING", "PENDING", "PAID"] },
  });
  expect(res.ok()).toBe(true);
  await expect(page.getByTestId("card-payment-status")).toHaveText(
    "The customer is on the payment page.",
  );
  expect(await vendsFor(page, key)).toHaveLength(0);
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}`), { timeout: 15_000 });
  expect(await vendsFor(page, key)).toHaveLength(1);
});

test("a VERIFICATION_ERROR answer leaves the sale not confirmed and sells nothing", async ({
  page,
}) => {
  const { key, saleId } = await sellByCard(page, "55");
  const res = await page.request.post(`${E2E.sandboxOrigin}/__sandbox/orders/${saleId}/script`, {
    data: { statuses: ["VERIFICATION_ERROR"] },
  });
  expect(res.ok()).toBe(true);
  // The one "Not confirmed" panel: keep the money, do not sell again, a supervisor resolves it.
  const panel = page.locator("[role=alert][data-sale-id]").filter({ hasText: "Not confirmed" });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText("do not take it again: a supervisor resolves it");
  expect(await vendsFor(page, key)).toHaveLength(0);
});

test("opening the success URL of an order that is not paid releases nothing", async ({ page }) => {
  const { key, saleId, url } = await sellByCard(page, "65");
  const phone = await page.context().newPage();
  await phone.goto(`/pay/${saleId}/done`);
  await expect(phone.getByRole("heading", { name: "Payment not made" })).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.getByTestId("card-payment-status")).toHaveText(
    "Waiting for the customer to open the payment page.",
  );
  expect(await vendsFor(page, key)).toHaveLength(0);
  // The kiosk's return page refuses a counter sale outright.
  const kiosk = await page
    .context()
    .browser()!
    .newContext({ storageState: OWN_STATE.kiosk, baseURL: E2E.appUrl });
  const kioskPage = await kiosk.newPage();
  await kioskPage.goto(`${E2E.appUrl}/kiosk/pay/${saleId}/done`);
  // In the customer's words, never the server's: it is not this kiosk's payment.
  await expect(kioskPage.getByTestId("kiosk-payment-message")).toHaveText(
    /cannot be checked at this kiosk/,
  );
  await kiosk.close();
  expect(await vendsFor(page, key)).toHaveLength(0);
  // And the sale still goes through once the customer really pays.
  const customer = await customerOpens(page, url);
  await customer.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}`), { timeout: 15_000 });
  expect(await vendsFor(page, key)).toHaveLength(1);
});
