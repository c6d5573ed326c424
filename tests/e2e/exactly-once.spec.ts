import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E, STATE } from "./support/env";
import { cutJournal, dropNextPurchaseAnswer } from "./support/lost-answer";
import { noticesAsked, revealNotice, tillNotice } from "./support/till-status";
import {
  addFault,
  confirmAccount,
  confirmMeter,
  countPrints,
  PURCHASE_PATH,
  printsOf,
  saleKeyOf,
  sandboxCalls,
  sandboxTransactions,
  serializePurchases,
  transactionsForKey,
} from "./support/municipal";

/**
 * Every answer reaches the cashier exactly once: a lost answer, a reload, a new tab, a copied
 * tab, two tabs, Back then Purchase, a double click and a held Enter. Each test checks what
 * the cashier sees and how many sales the sandbox executed.
 */
test.use({ storageState: STATE.cashier });
serializePurchases(test);

/** docs/sandbox.md: normal Tshwane, Zeerust, Mogale and Ngwathe meters (Luhn check digit last). */
const METERS = ["01100000007", "02100000005", "03100000003", "04100000001"] as const;

const SLIP_URL = /\/slips\/[0-9a-f-]{36}/;

/** The sandbox's vends of this amount (each test sells an amount no other spec uses). */
async function vendsOf(request: APIRequestContext, amountCents: number) {
  return (await sandboxTransactions(request)).filter(
    (t) => t.kind === "electricity" && t.amountCents === amountCents,
  );
}

/**
 * A held key: the keyboard's auto-repeat sends keydown after keydown (each with `repeat`
 * set) before the first answer, then one keyup.
 */
async function holdEnter(page: Page) {
  for (let i = 0; i < 6; i++) await page.keyboard.down("Enter");
  await page.keyboard.up("Enter");
}

async function startElectricity(page: Page, meter: string, amount: string) {
  await confirmMeter(page, meter, municipalityOf(meter));
  await page.getByLabel("Amount").fill(amount);
}

function municipalityOf(meter: string) {
  return ["tshwane_prepaid", "zeerust_prepaid", "mogale_prepaid", "ngwathe_prepaid"][
    Number(meter[1]) - 1
  ]!;
}

test.describe("electricity", () => {
  test("the answer lost after the vend: the slip shows within 10 s, one vend", async ({
    page,
    request,
  }) => {
    await startElectricity(page, METERS[0], "61.17");
    const key = await saleKeyOf(page, "electricity");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    const drop = await dropNextPurchaseAnswer(page, "/electricity");
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect(page).toHaveURL(SLIP_URL, { timeout: 10_000 });
    expect(drop.dropped()).toBe(true);
    await expect(page.getByRole("list", { name: "Tokens" })).toContainText("Credit");
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
  });

  test("the answer lost, then a reload: 'Last sale went through' without taking the focus, Show slip opens it; one vend", async ({
    page,
    request,
  }) => {
    await startElectricity(page, METERS[1], "62.17");
    const key = await saleKeyOf(page, "electricity");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    const drop = await dropNextPurchaseAnswer(page, "/electricity");
    await cutJournal(page);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect.poll(() => drop.dropped()).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expect(tillNotice(page, "unseen-slip", "R 62,17")).toHaveCount(1);
    // The notice never takes the focus: the next keystroke still goes to the form (checked
    // before the status line is opened: other notices of this cashier may hide it behind "more").
    await expect(page.getByRole("textbox", { name: "Meter number" })).toBeFocused();
    const last = await revealNotice(page, tillNotice(page, "unseen-slip", "R 62,17"));
    await expect(last).toContainText("Last sale went through");
    await last.getByRole("button", { name: "Show slip" }).click();
    await expect(page).toHaveURL(SLIP_URL);
    await expect(page.getByRole("article", { name: "Slip" })).toContainText(METERS[1]);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
    // Seen once: the next sale (Enter on the slip, as the cashier moves on once the slip is
    // live) no longer offers it, and the form has a new key; even on a busy till whose
    // journal is slow to list unseen sales (the form's banner from before must not come back).
    await page.route("**/api/sales/unseen", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await route.continue().catch(() => {});
    });
    await expect(page.getByRole("link", { name: "New sale" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/electricity$/);
    await expect(page.getByRole("heading", { name: "Prepaid electricity" })).toBeVisible();
    await expect(tillNotice(page, "unseen-slip", "R 62,17")).toHaveCount(0);
    expect(await saleKeyOf(page, "electricity")).not.toBe(key);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("the tab closed mid-sale, a new tab: the slip is offered first; one vend", async ({
    page,
    context,
    request,
  }) => {
    await startElectricity(page, METERS[2], "63.17");
    const key = await saleKeyOf(page, "electricity");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    const drop = await dropNextPurchaseAnswer(page, "/electricity");
    await cutJournal(page);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect.poll(() => drop.dropped()).toBe(true);
    await page.close();
    const tab = await context.newPage();
    await tab.goto("/till");
    const last = await revealNotice(tab, tillNotice(tab, "unseen-slip", "R 63,17"));
    await last.getByRole("button", { name: "Show slip" }).click();
    await expect(tab).toHaveURL(SLIP_URL);
    await expect(tab.getByRole("article", { name: "Slip" })).toContainText(METERS[2]);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
  });

  test("a reload while the sale is slow: 'Still sending' until it goes through, never 'Not confirmed'; one vend", async ({
    page,
    request,
  }) => {
    // Anything this sale's screens say "Not confirmed" about, across the reload.
    await page.addInitScript(() => {
      const said = () => JSON.parse(sessionStorage.getItem("test.unconfirmed") ?? "[]") as string[];
      new MutationObserver(() => {
        const now = [...document.querySelectorAll("li[data-notice], [data-sale-id]")]
          .map((e) => e.textContent ?? "")
          .filter((t) => t.includes("Not confirmed") && t.includes("64,37"));
        if (now.length)
          sessionStorage.setItem("test.unconfirmed", JSON.stringify([...said(), ...now]));
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await startElectricity(page, METERS[3], "64.37");
    const key = await saleKeyOf(page, "electricity");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    // Two attempts outlast Kassa's timeout and the third answers slowly: seconds on its way.
    await addFault(request, PURCHASE_PATH.electricity, "timeout", 2);
    const slow = await request.post(`${E2E.sandboxOrigin}/__sandbox/faults`, {
      data: { path: PURCHASE_PATH.electricity, kind: "latency", ms: 1_000, count: 1 },
    });
    expect(slow.ok()).toBe(true);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect
      .poll(() => sandboxCalls(request, PURCHASE_PATH.electricity))
      .toBeGreaterThan(calls);
    await page.reload();
    await expect(
      page.locator("section[data-sale-id]").filter({ hasText: "Still sending" }),
    ).toContainText("R 64,37");
    await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
    // It goes through: the slip, and nothing left that says it is not confirmed.
    await expect(page).toHaveURL(SLIP_URL, { timeout: 20_000 });
    await expect(page.getByRole("list", { name: "Tokens" })).toContainText("Credit");
    await noticesAsked(page);
    await expect(tillNotice(page, "not-confirmed", "R 64,37")).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("test.unconfirmed") ?? "[]")).toBe(
      "[]",
    );
    expect(await transactionsForKey(request, key)).toHaveLength(1);
  });

  test("a copied tab reusing the key for another meter: a clear refusal, no slip; Purchase again sells under a new key", async ({
    page,
    context,
    request,
  }) => {
    // The second tab is open with another customer's meter before the first one buys.
    const copy = await context.newPage();
    await startElectricity(copy, METERS[3], "64.17");
    await startElectricity(page, METERS[0], "65.17");
    const key = await saleKeyOf(page, "electricity");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    const drop = await dropNextPurchaseAnswer(page, "/electricity");
    await cutJournal(page);
    // Neither tab learns what happened: the copy is left holding the first customer's key.
    await cutJournal(copy);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect.poll(() => drop.dropped()).toBe(true);
    // The copy still holds the same key: it must never be answered with the first customer's sale.
    expect(await saleKeyOf(copy, "electricity")).toBe(key);
    await copy.getByRole("button", { name: "Purchase" }).click();
    await expect(
      copy.getByRole("alert").filter({ hasText: "already belonged to a different sale" }),
    ).toBeVisible();
    await expect(copy).not.toHaveURL(SLIP_URL);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
    expect(await vendsOf(request, 6_417)).toHaveLength(0);
    expect(await saleKeyOf(copy, "electricity")).not.toBe(key);

    await copy.getByRole("button", { name: "Purchase" }).click();
    await expect(copy).toHaveURL(SLIP_URL);
    await expect(copy.getByRole("article", { name: "Slip" })).toContainText(METERS[3]);
    expect(await vendsOf(request, 6_417)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(2);
  });

  test("two tabs selling the same meter and amount: the second asks before it sells", async ({
    page,
    context,
    request,
  }) => {
    const second = await context.newPage();
    await startElectricity(second, METERS[1], "66.17");
    await startElectricity(page, METERS[1], "66.17");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect(page).toHaveURL(SLIP_URL);
    expect(await vendsOf(request, 6_617)).toHaveLength(1);

    await second.getByRole("button", { name: "Purchase" }).click();
    const ask = second.getByRole("button", { name: "Sell again" });
    await expect(ask).toBeVisible();
    await expect(second.getByRole("alert").filter({ has: ask })).toContainText("R 66,17");
    expect(await vendsOf(request, 6_617)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
    await ask.click();
    await expect(second).toHaveURL(SLIP_URL);
    expect(await vendsOf(request, 6_617)).toHaveLength(2);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(2);
  });

  test("Back after the slip, then Purchase: asks before a second vend", async ({
    page,
    request,
  }) => {
    await startElectricity(page, METERS[2], "67.17");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect(page).toHaveURL(SLIP_URL);
    await page.goBack();
    await expect(page).toHaveURL(/\/electricity$/);
    if (!(await page.getByLabel("Amount").isVisible()))
      await startElectricity(page, METERS[2], "67.17");
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect(page.getByRole("button", { name: "Sell again" })).toBeVisible();
    expect(await vendsOf(request, 6_717)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
  });

  test("Enter held on the amount: one vend", async ({ page, request }) => {
    await startElectricity(page, METERS[3], "68.17");
    const key = await saleKeyOf(page, "electricity");
    const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
    const amount = page.getByLabel("Amount");
    await amount.focus();
    // A held key repeats: several Enters before the first answer.
    await Promise.all([0, 1, 2, 3, 4].map(() => page.keyboard.press("Enter")));
    await expect(page).toHaveURL(SLIP_URL);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
  });
});

test.describe("bills", () => {
  test("the answer lost after the payment: the slip shows within 10 s, one payment", async ({
    page,
    request,
  }) => {
    await confirmAccount(page, "5000654321", "tshwane_postpaid");
    await page.getByLabel("Amount").fill("71.17");
    const key = await saleKeyOf(page, "bill");
    const calls = await sandboxCalls(request, PURCHASE_PATH.bill);
    const drop = await dropNextPurchaseAnswer(page, "/bills");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(SLIP_URL, { timeout: 10_000 });
    expect(drop.dropped()).toBe(true);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.bill)) - calls).toBe(1);
  });

  test("the answer lost, then a reload: the till's notice put away without printing (the customer has the token) stays away; one payment", async ({
    page,
    request,
  }) => {
    await countPrints(page);
    await confirmAccount(page, "3100400500", "mogale_postpaid");
    await page.getByLabel("Amount").fill("72.17");
    const key = await saleKeyOf(page, "bill");
    const calls = await sandboxCalls(request, PURCHASE_PATH.bill);
    const drop = await dropNextPurchaseAnswer(page, "/bills");
    await cutJournal(page);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect.poll(() => drop.dropped()).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    const last = await revealNotice(page, tillNotice(page, "unseen-slip", "R 72,17"));
    await last.getByRole("button", { name: "Put away" }).click();
    await last.getByRole("button", { name: "The customer has the token" }).click();
    await expect(last).toHaveCount(0);
    // Nothing printed and no slip page: the page never left the form.
    await expect(page).toHaveURL(/\/bills$/);
    expect(await printsOf(page)).toBe(0);
    // Gone for good: after a reload, and in History, where its slip can still be printed.
    await page.reload();
    await expect(page.getByLabel("Account number")).toBeFocused();
    await noticesAsked(page);
    await expect(tillNotice(page, "unseen-slip", "R 72,17")).toHaveCount(0);
    await page.goto("/history?q=3100400500");
    await expect(
      page.locator("tbody tr").filter({ hasText: "R 72,17" }).filter({ hasText: "Completed" }),
    ).toHaveCount(1);
    await noticesAsked(page);
    await expect(tillNotice(page, "unseen-slip", "R 72,17")).toHaveCount(0);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.bill)) - calls).toBe(1);
  });

  test("Enter held on Pay: one payment", async ({ page, request }) => {
    await confirmAccount(page, "5000123456", "tshwane_postpaid");
    await page.getByLabel("Amount").fill("73.17");
    const key = await saleKeyOf(page, "bill");
    const calls = await sandboxCalls(request, PURCHASE_PATH.bill);
    await page.getByRole("button", { name: "Pay", exact: true }).focus();
    await holdEnter(page);
    await expect(page).toHaveURL(SLIP_URL);
    expect(await transactionsForKey(request, key)).toHaveLength(1);
    expect((await sandboxCalls(request, PURCHASE_PATH.bill)) - calls).toBe(1);
  });
});

test.describe("airtime", () => {
  const VAS_PURCHASE = "/v1/VAS/Purchase";

  /** Cell C airtime, any amount: pick it, type the number and amount, get the quote. */
  async function quoteAirtime(page: Page, amount: string) {
    await page.goto("/vas");
    const search = page.getByLabel("Search products");
    await search.fill("cell c airtime");
    await expect(page.getByRole("option", { name: /Cell C airtime/ }).first()).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await search.press("Enter");
    await page.getByLabel("Mobile number").fill("084 555 0303");
    await page.getByLabel("Amount").fill(amount);
    await page.getByLabel("Amount").press("Enter");
    await expect(page.getByRole("button", { name: "Purchase" })).toBeFocused();
  }

  test("the answer lost after the sale: the slip shows within 10 s, one purchase", async ({
    page,
    request,
  }) => {
    await quoteAirtime(page, "7.17");
    const calls = await sandboxCalls(request, VAS_PURCHASE);
    const drop = await dropNextPurchaseAnswer(page, "/vas");
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect(page).toHaveURL(SLIP_URL, { timeout: 10_000 });
    expect(drop.dropped()).toBe(true);
    await expect(page.getByTestId("vas-recipient")).toHaveText("084 555 0303");
    expect((await sandboxCalls(request, VAS_PURCHASE)) - calls).toBe(1);
  });

  test("the answer lost, then a reload: the slip offered by the till's notices, one purchase", async ({
    page,
    request,
  }) => {
    await quoteAirtime(page, "8.17");
    const calls = await sandboxCalls(request, VAS_PURCHASE);
    const drop = await dropNextPurchaseAnswer(page, "/vas");
    await cutJournal(page);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect.poll(() => drop.dropped()).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    const last = await revealNotice(page, tillNotice(page, "unseen-slip", "R 8,17"));
    await last.getByRole("button", { name: "Show slip" }).click();
    await expect(page).toHaveURL(SLIP_URL);
    await expect(page.getByTestId("vas-recipient")).toHaveText("084 555 0303");
    expect((await sandboxCalls(request, VAS_PURCHASE)) - calls).toBe(1);
  });

  test("Enter held on Purchase: one purchase", async ({ page, request }) => {
    await quoteAirtime(page, "10.17");
    const calls = await sandboxCalls(request, VAS_PURCHASE);
    // quoteAirtime leaves the focus on Purchase: the held Enter lands there.
    await holdEnter(page);
    await expect(page).toHaveURL(SLIP_URL);
    await expect(page.getByTestId("vas-recipient")).toHaveText("084 555 0303");
    expect((await sandboxCalls(request, VAS_PURCHASE)) - calls).toBe(1);
  });

  test("a double click on Purchase: one purchase", async ({ page, request }) => {
    await quoteAirtime(page, "9.17");
    const calls = await sandboxCalls(request, VAS_PURCHASE);
    await page.getByRole("button", { name: "Purchase" }).dblclick();
    await expect(page).toHaveURL(SLIP_URL);
    expect((await sandboxCalls(request, VAS_PURCHASE)) - calls).toBe(1);
  });
});

test("electricity: a double click on Purchase: one vend", async ({ page, request }) => {
  await startElectricity(page, METERS[0], "69.17");
  const key = await saleKeyOf(page, "electricity");
  const calls = await sandboxCalls(request, PURCHASE_PATH.electricity);
  await page.getByRole("button", { name: "Purchase" }).dblclick();
  await expect(page).toHaveURL(SLIP_URL);
  expect(await transactionsForKey(request, key)).toHaveLength(1);
  expect((await sandboxCalls(request, PURCHASE_PATH.electricity)) - calls).toBe(1);
});
