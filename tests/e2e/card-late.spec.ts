import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { confirmOverride, DEMO, ensureShiftOpen, signIn } from "./support/auth";
import { E2E, STATE } from "./support/env";
import { saleKeyOf } from "./support/municipal";

/**
 * Card payments at the edges: the customer pays on the sandbox's hosted checkout (as their
 * phone would) after the till stopped waiting. Every case ends with exactly one delivery, or
 * on the supervisor's list as "paid, not delivered", and the sandbox's own count of vends
 * and card payments agrees. The app runs with a 2-second follower "minute" (playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

const OWN_STATE = `tests/e2e/.auth/card-late-cashier-${E2E.appPort}.json`;
test.use({ storageState: OWN_STATE });
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  await signIn(page, DEMO.cashier);
  await expect(page).toHaveURL(/\/till/);
  await ensureShiftOpen(page);
  await context.storageState({ path: OWN_STATE });
  await context.close();
});

const METER = "01100000007";

interface Txn {
  kind: string;
  idempotency: string | null;
  reference: string;
}

async function transactions(request: APIRequestContext): Promise<Txn[]> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/transactions`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { transactions: Txn[] }).transactions;
}

/** What the sandbox executed for this sale: vends under its key, card payments of its order. */
async function executed(request: APIRequestContext, sale: { key: string; saleId: string }) {
  const all = await transactions(request);
  return {
    vends: all.filter((t) => t.kind === "electricity" && t.idempotency === sale.key).length,
    cardPayments: all.filter((t) => t.kind === "card_payment" && t.reference === sale.saleId)
      .length,
  };
}

async function sellByCard(page: Page, amount: string) {
  await page.goto("/electricity");
  await page.getByRole("textbox", { name: "Meter number" }).fill(METER);
  await page.getByRole("combobox", { name: "Municipality" }).selectOption("tshwane_prepaid");
  await page.getByRole("button", { name: "Confirm meter" }).click();
  await page.getByRole("textbox", { name: "Amount" }).fill(amount);
  await page.getByRole("combobox", { name: "Payment method" }).selectOption("card");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page.getByRole("heading", { name: `Card payment of R ${amount},00` })).toBeVisible();
  // The key the sale went out under: the form keeps it until its sale settles.
  const key = await saleKeyOf(page, "electricity");
  const url = (await page.getByTestId("card-payment-link").getAttribute("href"))!;
  const orderId = url.split("/").pop()!;
  const order = await page.request.get(`${E2E.sandboxOrigin}/__sandbox/orders/${orderId}`);
  const saleId = ((await order.json()) as { referredId: string }).referredId;
  return { key, saleId, url, orderId };
}

/** The customer's phone opens the checkout (the order goes PENDING). */
async function customerOpens(page: Page, url: string): Promise<Page> {
  const phone = await page.context().newPage();
  await phone.goto(url);
  await expect(phone.getByRole("button", { name: "Pay" })).toBeVisible();
  return phone;
}

/** The phone's Pay without following the redirect back to Kassa (the customer closed the browser). */
async function payWithoutRedirect(request: APIRequestContext, orderId: string) {
  const res = await request.post(`${E2E.sandboxOrigin}/checkout/${orderId}/pay`, {
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

async function supervisorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: STATE.supervisor, baseURL: E2E.appUrl });
  return context.newPage();
}

/** The supervisor's list shows the sale as paid, not delivered (the follower may take a few seconds). */
async function listedAsPaidNotDelivered(office: Page, saleId: string) {
  const item = office.locator(`li[data-sale-id="${saleId}"]`);
  await expect(async () => {
    await office.goto("/unresolved");
    await expect(item).toContainText("Paid, not delivered", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item.getByRole("button", { name: "Deliver" })).toBeVisible();
  await expect(item.getByRole("button", { name: "Refunded outside Kassa" })).toBeVisible();
  return item;
}

async function deliver(office: Page, saleId: string) {
  await office.goto("/unresolved");
  const item = office.locator(`li[data-sale-id="${saleId}"]`);
  await item.getByRole("button", { name: "Deliver" }).click();
  // Delivered: the list refreshes without it.
  await expect(item).toHaveCount(0);
  await office.goto("/unresolved");
  await expect(office.locator(`li[data-sale-id="${saleId}"]`)).toHaveCount(0);
}

test("paid after Cancel, with the redirect: the phone says the cashier was told, every till page announces it, the supervisor may deliver it once", async ({
  page,
  browser,
}) => {
  const sale = await sellByCard(page, "81");
  await page.getByRole("button", { name: "Cancel card payment" }).click();
  await expect(page.locator("#sale-notice")).toContainText("Card payment cancelled at the till");

  const phone = await customerOpens(page, sale.url);
  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(phone).toHaveURL(`${E2E.appUrl}/pay/${sale.saleId}/done`);
  await expect(phone.getByTestId("card-return-message")).toHaveText(
    /The cashier had cancelled this payment, and has now been told that you paid/,
  );
  await expect(phone.getByTestId("card-return-order")).toHaveText(sale.orderId);
  await expect(phone.getByText("the till is completing your purchase")).toHaveCount(0);

  // Every till page the cashier opens announces it (once: not also as "paid, not delivered").
  await page.goto("/history");
  await expect(page.getByTestId("paid-after-cancel-notice")).toContainText("R 81,00");
  await expect(page.getByTestId("paid-not-delivered-notice")).toHaveCount(0);

  const office = await supervisorPage(browser);
  await listedAsPaidNotDelivered(office, sale.saleId);
  expect(await executed(page.request, sale)).toEqual({ vends: 0, cardPayments: 1 });
  await deliver(office, sale.saleId);
  expect(await executed(page.request, sale)).toEqual({ vends: 1, cardPayments: 1 });
  // Delivered by the supervisor: the till's announcement is gone too.
  await page.goto("/history");
  await expect(page.getByTestId("paid-after-cancel-notice")).toHaveCount(0);
  await office.context().close();
});

test("paid after Cancel, without the redirect: the follower finds it; refunded outside Kassa with a reason", async ({
  page,
  browser,
}) => {
  const sale = await sellByCard(page, "82");
  await page.getByRole("button", { name: "Cancel card payment" }).click();
  await expect(page.locator("#sale-notice")).toContainText("Card payment cancelled at the till");
  await payWithoutRedirect(page.request, sale.orderId);

  const office = await supervisorPage(browser);
  const item = await listedAsPaidNotDelivered(office, sale.saleId);
  // The reason is required, next to its field, and nothing is recorded without it.
  await item.getByRole("button", { name: "Refunded outside Kassa" }).click();
  await expect(
    item.getByText("Write how the customer was refunded (at least 10 characters)."),
  ).toBeVisible();
  await item
    .getByRole("textbox", { name: "How the customer was refunded" })
    .fill("Card refund at the counter, slip 4471");
  await confirmOverride(item);
  await item.getByRole("button", { name: "Refunded outside Kassa" }).click();
  await expect(item).toHaveCount(0);
  await office.goto("/unresolved");
  await expect(office.locator(`li[data-sale-id="${sale.saleId}"]`)).toHaveCount(0);
  expect(await executed(page.request, sale)).toEqual({ vends: 0, cardPayments: 1 });
  // The refund is in the audit log with its reason.
  await office.goto("/audit");
  await expect(office.getByText(/refunded_outside_kassa/).first()).toBeVisible();
  await office.context().close();
});

test("the status check at Cancel times out: cancelled at the till all the same; the payment that follows is announced and owed back, never sold", async ({
  page,
  browser,
}) => {
  const sale = await sellByCard(page, "83");
  const phone = await customerOpens(page, sale.url);
  // Every status check for the next few seconds outlasts Kassa's 1.5 s timeout, Cancel's included.
  const fault = await page.request.post(`${E2E.sandboxOrigin}/__sandbox/faults`, {
    data: { path: "/v2/svcCheckOrderPaymentStatus", kind: "timeout", count: 6, ms: 4_000 },
  });
  expect(fault.ok()).toBe(true);
  await page.getByRole("button", { name: "Cancel card payment" }).click();
  // No money changed hands at the till, whatever the core service did not say.
  await expect(page.locator("#sale-notice")).toContainText("Card payment cancelled at the till", {
    timeout: 15_000,
  });
  await page.request.delete(`${E2E.sandboxOrigin}/__sandbox/faults`);
  // The customer paid cash instead, and was served.
  await page.getByRole("combobox", { name: "Payment method" }).selectOption("cash");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\//);

  await phone.getByRole("button", { name: "Pay" }).click();
  const notice = page.getByTestId("paid-after-cancel-notice");
  await expect(notice).toContainText("It was sold again at");
  await expect(notice.getByRole("button", { name: "Deliver now" })).toHaveCount(0);
  await notice.getByRole("button", { name: "Owed back" }).click();
  await expect(page.getByTestId("paid-after-cancel-handled")).toContainText("owed back");
  await expect(notice).toHaveCount(0);
  // The refund is on the supervisor's list; nothing was sold under the card sale's key.
  const office = await supervisorPage(browser);
  await office.goto("/unresolved");
  await expect(office.locator(`li[data-sale-id="${sale.saleId}"]`)).toContainText("refund");
  expect(await executed(page.request, sale)).toEqual({ vends: 0, cardPayments: 1 });
  await office.context().close();
});

test("PENDING at Cancel, then paid: cancelled at the till, then listed as paid, not delivered (not 'not confirmed'), delivered once", async ({
  page,
  browser,
}) => {
  const sale = await sellByCard(page, "84");
  const phone = await customerOpens(page, sale.url);
  await expect(page.getByTestId("card-payment-status")).toHaveText(
    "The customer is on the payment page.",
  );
  await page.getByRole("button", { name: "Cancel card payment" }).click();
  await expect(page.locator("#sale-notice")).toContainText("no money changed hands here");
  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(phone.getByTestId("card-return-order")).toHaveText(sale.orderId);

  const office = await supervisorPage(browser);
  const item = await listedAsPaidNotDelivered(office, sale.saleId);
  await expect(item).not.toContainText("Not confirmed");
  await deliver(office, sale.saleId);
  expect(await executed(page.request, sale)).toEqual({ vends: 1, cardPayments: 1 });
  await office.context().close();
});

test("the till tab closed mid-wait, the customer pays: the follower lists it and the cashier's next till page says so", async ({
  page,
  browser,
}) => {
  const till = await page.context().newPage();
  const sale = await sellByCard(till, "85");
  await till.close();
  // A status check the tab sent just before it closed may still be answered: let it land first.
  await page.waitForTimeout(3_000);
  await payWithoutRedirect(page.request, sale.orderId);

  const office = await supervisorPage(browser);
  await listedAsPaidNotDelivered(office, sale.saleId);
  await page.goto("/electricity");
  await expect(page.getByTestId("paid-not-delivered-notice")).toContainText("R 85,00");
  await expect(page.getByTestId("paid-not-delivered-notice")).toContainText(sale.orderId);
  // The overview counts it as money owed to customers.
  await office.goto("/office");
  await expect(office.getByTestId("owed-to-customers")).toContainText("R 85,00");
  await deliver(office, sale.saleId);
  expect(await executed(page.request, sale)).toEqual({ vends: 1, cardPayments: 1 });
  await office.context().close();
});

test("the till tab closed mid-wait: a new tab and History show the waiting sale with Check payment, which settles it", async ({
  page,
}) => {
  const till = await page.context().newPage();
  const sale = await sellByCard(till, "86");
  await till.close();
  // Once no till has asked for a while, every till page shows it.
  await expect(async () => {
    await page.goto("/history");
    await expect(page.getByTestId("waiting-card-notice")).toContainText("R 86,00", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  const row = page.locator(`tr[data-sale="${sale.saleId}"]`);
  await expect(row.getByRole("button", { name: "Check payment" })).toBeVisible();
  await row.getByRole("button", { name: "Check payment" }).click();
  await expect(
    row.getByText(/^Card payment cancelled at the till: nothing was sold/).first(),
  ).toBeVisible();
  await page.goto("/history");
  await expect(page.getByTestId("waiting-card-notice")).toHaveCount(0);
  expect(await executed(page.request, sale)).toEqual({ vends: 0, cardPayments: 0 });
});

test("the customer pays twice: one card payment, one vend", async ({ page }) => {
  const sale = await sellByCard(page, "87");
  const phone = await customerOpens(page, sale.url);
  const again = await customerOpens(page, sale.url);
  await phone.getByRole("button", { name: "Pay" }).click();
  await expect(phone.getByRole("heading", { name: "Payment received" })).toBeVisible();
  // The second tab's Pay, on an order already paid.
  await again.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`/slips/${sale.saleId}`), { timeout: 15_000 });
  await again.goto(sale.url);
  await expect(again.getByRole("heading", { name: "This payment is already paid" })).toBeVisible();
  await payWithoutRedirect(page.request, sale.orderId);
  expect(await executed(page.request, sale)).toEqual({ vends: 1, cardPayments: 1 });
});

test("a PAID for the wrong amount releases nothing: the till shows the sale not confirmed", async ({
  page,
}) => {
  const sale = await sellByCard(page, "88");
  const res = await page.request.post(
    `${E2E.sandboxOrigin}/__sandbox/orders/${sale.saleId}/script`,
    {
      data: { statuses: ["PAID_WRONG_AMOUNT"] },
    },
  );
  expect(res.ok()).toBe(true);
  await expect(page.getByText(/does not match this sale's amount\./).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("button", { name: "Purchase" })).toHaveCount(0);
  await page.waitForTimeout(2_500);
  expect(await executed(page.request, sale)).toEqual({ vends: 0, cardPayments: 0 });
});
