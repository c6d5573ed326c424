import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startSmtpListener } from "../support/smtp-listener";
import { closeOwnContexts, E2E, STATE } from "./support/env";
import {
  addFault,
  confirmMeter,
  sandboxCalls,
  sandboxTransactions,
  serializePurchases,
  slipTokens,
} from "./support/municipal";
import { seeUnseenSlips } from "./support/unseen";

/**
 * Customer care at the counter: "token not accepted" for the key-change meter (docs/sandbox.md)
 * and the tokens sent to the customer's phone (the sandbox's SMS gateway) and inbox (a real
 * SMTP listener on the lane's KASSA_SMTP_URL port).
 */
test.use({ storageState: STATE.cashier });
test.beforeEach(async ({ page }) => seeUnseenSlips(page));
serializePurchases(test);
closeOwnContexts(test);

const METER = "01300000005";
const PURCHASE = "/v2/Electricity/Purchase";
const CONFIRM = "/v2/Electricity/ConfirmCustomer";

async function keyChange(request: APIRequestContext, pending: boolean | null) {
  const res = await request.post(`${E2E.sandboxOrigin}/__sandbox/meters/key-change`, {
    data: { meterNumber: METER, pending },
  });
  expect(res.ok()).toBe(true);
}

async function buy(page: Page, amount: string): Promise<string> {
  await confirmMeter(page, METER, "tshwane_prepaid");
  await page.getByLabel("Amount").fill(amount);
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

async function texts(request: APIRequestContext): Promise<{ to: string; content: string }[]> {
  const res = await request.get(`${E2E.sandboxOrigin}/__sandbox/sms`);
  return ((await res.json()) as { messages: { to: string; content: string }[] }).messages;
}

test("token not accepted: key-change tokens first, the older token flagged, a step per code, reprinted in order", async ({
  browser,
  page,
  request,
}) => {
  // A token bought before the meter's key change, then the sale that carries the key change.
  await keyChange(request, false);
  await buy(page, "31");
  const oldCredit = (await slipTokens(page))[0]![1];
  await keyChange(request, null);
  const saleId = await buy(page, "32");
  // The slip leads with the warning, in the customer's words.
  const slip = page.getByRole("article", { name: "Slip" });
  await expect(slip.locator(":scope > *").first()).toHaveAttribute("data-key-change-warning");
  await expect(slip.locator("[data-key-change-warning]")).toContainText(
    "Enter the two key-change tokens first",
  );
  const tokens = await slipTokens(page);
  expect(tokens.map(([label]) => label)).toEqual(["Key change 1", "Key change 2", "Credit"]);
  const purchases = await sandboxCalls(request, PURCHASE);
  const confirms = await sandboxCalls(request, CONFIRM);
  const executed = (await sandboxTransactions(request)).length;

  // R on the sale's row in History opens the helper.
  await page.goto("/history");
  await page.locator(`tr[data-sale="${saleId}"]`).getByRole("link", { name: "Reprint" }).focus();
  await page.keyboard.press("r");
  await expect(page).toHaveURL(new RegExp(`/care\\?sale=${saleId}`));
  const inOrder = page.getByRole("list", { name: "Tokens in order" }).getByRole("listitem");
  await expect(inOrder).toHaveCount(3);
  expect(await inOrder.locator("[data-care-token]").allInnerTexts()).toEqual(
    tokens.map(([, digits]) => digits),
  );
  await expect(page.locator("[data-flag=not-loadable]")).toContainText(oldCredit);
  await expect(page.getByTestId("key-change-status")).toContainText("201316 / KRN 1");

  await page.locator("[data-code=AAAAA]").click();
  const step = page.getByRole("status", { name: "Next step" });
  await expect(step).toHaveAttribute("data-outcome", "enter_in_order");
  await expect(step).toContainText(`1. Key change 1: ${tokens[0]![1]}`);
  await expect(step).toContainText(`3. Credit: ${tokens[2]![1]}`);
  await page.locator("[data-code=dddd]").click();
  await expect(step).toHaveAttribute("data-outcome", "already_used");
  // Each pick is a case on the meter's list.
  const cases = page.getByRole("table", { name: "Cases" });
  await expect(cases.locator("tr[data-case]")).toHaveCount(2);
  await page.getByRole("button", { name: "Confirm the meter with the municipality" }).click();
  await expect(page.getByTestId("confirmed-codes")).toContainText("SGC 201316");

  await page.getByRole("link", { name: "Reprint the tokens in order" }).click();
  await expect(page).toHaveURL(/\/care\/print\?sale=/);
  const printed = page.getByRole("article", { name: "Slip" });
  expect(await printed.locator("ol [data-token]").allInnerTexts()).toEqual(
    tokens.map(([, digits]) => digits),
  );
  await expect(printed.locator("[data-flag=not-loadable]")).toContainText(oldCredit);

  // The supervisor's list in the office: the meter, what it showed, the step, the cashier.
  const office = await (await browser.newContext({ storageState: STATE.supervisor })).newPage();
  await office.goto("/meters");
  const latest = office.getByRole("table", { name: "Cases" }).locator("tr[data-case]");
  await expect(latest.nth(0)).toContainText(METER);
  await expect(latest.nth(0)).toContainText("dddd");
  await expect(latest.nth(0)).toContainText("Token already used");
  await expect(latest.nth(1)).toContainText("AAAAA");
  await expect(latest.nth(1)).toContainText("Enter the tokens in this order");
  await expect(latest.nth(1)).toContainText("Thandi Cashier");

  // The helper sold nothing; its only call was the confirm the cashier asked for.
  expect(await sandboxCalls(request, PURCHASE)).toBe(purchases);
  expect(await sandboxCalls(request, CONFIRM)).toBe(confirms + 1);
  expect(await sandboxTransactions(request)).toHaveLength(executed);
});

test("send: refusals by the field, an SMS and an e-mail with the tokens, a failed send retried once", async ({
  page,
  request,
}) => {
  const smtp = await startSmtpListener(E2E.smtpPort);
  try {
    await buy(page, "33");
    const tokens = (await slipTokens(page)).map(([, digits]) => digits);
    await request.delete(`${E2E.sandboxOrigin}/__sandbox/sms`);
    const purchases = await sandboxCalls(request, PURCHASE);

    await page.getByRole("button", { name: "Send to phone or e-mail" }).click();
    const form = page.getByRole("form", { name: "Send to the customer" });
    const send = form.getByRole("button", { name: "Send", exact: true });
    await form.getByLabel("Mobile number").fill("012 345 6789");
    await send.click();
    await expect(form.getByLabel("Mobile number")).toHaveAccessibleDescription(
      /South African mobile number/,
    );
    await expect(form.getByRole("checkbox")).toHaveAccessibleDescription(/agreed/);
    expect(await texts(request)).toEqual([]);

    await form.getByLabel("Mobile number").fill("082 555 0199");
    await form.getByRole("checkbox").check();
    await send.click();
    await expect(form.getByRole("status")).toHaveText("Sent to 082 *** **99.");
    const [text] = await texts(request);
    expect(text!.to).toBe("27825550199");
    const at = tokens.map((t) => text!.content.indexOf(t));
    expect(at.every((i) => i >= 0) && at[0]! < at[1]! && at[1]! < at[2]!).toBe(true);
    // This sale's tokens and nothing else: three tokens, no other digits run of an ID number.
    expect(text!.content.match(/\d{4} \d{4} \d{4} \d{4} \d{4}/g)).toHaveLength(3);
    expect(text!.content).not.toMatch(/\d{13}/);

    // A delivered number leaves the screen: the cashier types it again for another send.
    await expect(form.getByLabel("Mobile number")).toHaveValue("");
    await form.getByLabel("Mobile number").fill("082 555 0199");
    await addFault(request, "/sms/v1/message", "http500", 1);
    await send.click();
    await expect(form.getByRole("status")).toHaveText(/on the second try/);
    await form.getByLabel("Mobile number").fill("082 555 0199");
    await addFault(request, "/sms/v1/message", "http500", 2);
    await send.click();
    await expect(form.getByRole("status")).toHaveText(/Not sent .*Tried 2 times/);
    expect(await texts(request)).toHaveLength(2);

    await form.getByLabel("E-mail", { exact: true }).check();
    await form.getByLabel("E-mail address").fill("customer@");
    await send.click();
    await expect(form.getByLabel("E-mail address")).toHaveAccessibleDescription(/e-mail address/);
    await form.getByLabel("E-mail address").fill("customer@example.co.za");
    await send.click();
    await expect(form.getByRole("status")).toHaveText("Sent to c***@e***.co.za.");
    await expect.poll(() => smtp.received.length).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["customer@example.co.za"]);
    for (const t of tokens) expect(mail.text).toContain(t);
    expect(mail.text.match(/\d{4} \d{4} \d{4} \d{4} \d{4}/g)).toHaveLength(3);

    // History shows every send of the sale, masked; nothing went to the core service.
    await page.goto("/history");
    const sends = page.getByRole("list", { name: "Sent to the customer" }).first();
    await expect(sends).toContainText("E-mail to c***@e***.co.za: delivered");
    await expect(sends).toContainText("failed after 2 tries");
    await expect(sends).toContainText("delivered (second try)");
    expect(await sandboxCalls(request, PURCHASE)).toBe(purchases);
  } finally {
    await smtp.close();
  }
});
