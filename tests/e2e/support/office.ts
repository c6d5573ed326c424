/** Helpers for the back-office specs: selling at a till, the customer's phone, the sandbox's switches. */
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { E2E, STATE } from "./env";
import { DEMO, ensureShiftOpen, signIn } from "./auth";

/** A cash or card sale of electricity at the till `page` is signed in to; returns the sale id. */
export async function sellElectricity(
  page: Page,
  amount: string,
  method: "cash" | "card",
  meter = "01100000007",
  municipality = "tshwane_prepaid",
): Promise<string> {
  await page.goto("/electricity");
  await page.getByRole("textbox", { name: "Meter number" }).fill(meter);
  await page.getByLabel("Municipality", { exact: true }).selectOption(municipality);
  await page.getByRole("button", { name: "Confirm meter" }).click();
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await page.getByLabel("Payment method", { exact: true }).selectOption(method);
  await page.getByRole("button", { name: "Purchase" }).click();
  if (method === "card") {
    const url = (await page.getByTestId("card-payment-link").getAttribute("href"))!;
    const phone = await page.context().newPage();
    await phone.goto(url);
    await phone.getByRole("button", { name: "Pay" }).click();
    await expect(phone.getByRole("heading", { name: "Payment received" })).toBeVisible();
    await phone.close();
  }
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/, { timeout: 20_000 });
  return new URL(page.url()).pathname.split("/").pop()!;
}

export async function sandbox(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(`${E2E.sandboxOrigin}/__sandbox${path}`, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
}

/** Move the sandbox's clock a day on (its ledger is then today's), run `body`, and always put it back. */
export async function asTomorrow<T>(
  request: APIRequestContext,
  body: () => Promise<T>,
): Promise<T> {
  await sandbox(request, "/clock", { offsetMs: 86_400_000 });
  try {
    return await body();
  } finally {
    await sandbox(request, "/clock", { offsetMs: 0 });
  }
}

export async function supervisorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: STATE.supervisor, baseURL: E2E.appUrl });
  return context.newPage();
}

/** The second demo cashier at Till 2, with a shift open: its shift can be closed without touching Till 1's. */
export async function cashier2Page(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E.appUrl });
  const page = await context.newPage();
  await signIn(page, DEMO.cashier2);
  await expect(page).toHaveURL(/\/till/);
  await ensureShiftOpen(page, "500");
  return page;
}
