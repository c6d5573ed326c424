import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { closeOwnContexts, E2E, STATE } from "./support/env";
import { addFault, PURCHASE_PATH, serializePurchases } from "./support/municipal";
import { sellElectricity } from "./support/office";

/**
 * The supervisor's screens with sandbox data: balance and receipts, the low-balance warning,
 * unresolved sales, users, the audit log and the day at a glance. Sales are made at Till 1
 * (the shared cashier's open shift); faults and purchases hold the purchase lock.
 */
test.describe.configure({ mode: "serial" });
test.use({ storageState: STATE.supervisor });
serializePurchases(test);
closeOwnContexts(test);

test("balance: the credit, the services, receipts for today with today's sale, and the low-balance warning for both roles", async ({
  page,
  browser,
}) => {
  const till = await (
    await browser.newContext({ storageState: STATE.cashier, baseURL: E2E.appUrl })
  ).newPage();
  await sellElectricity(till, "25", "cash", "01200000006");

  await page.goto("/balance");
  await expect(page.getByTestId("merchant-balance")).toHaveText(/^R [\d ]+,\d\d$/);
  await expect(page.getByRole("cell", { name: "City of Tshwane (prepaid)" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "tshwane_prepaid" })).toHaveCount(0);
  await page.getByRole("button", { name: "Show receipts" }).click();
  const receipts = page.getByRole("table", { name: "Receipts" });
  await expect(
    receipts.getByRole("row", { name: /01200000006/ }).filter({ hasText: "R 25,00" }),
  ).toHaveCount(1);

  await page.getByLabel("Warn when the balance is below (R)").fill("abc");
  await page.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByLabel("Warn when the balance is below (R)")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByText("Enter an amount in rand")).toBeVisible();
  try {
    await page.getByLabel("Warn when the balance is below (R)").fill("9999999");
    await page.getByRole("button", { name: "Save threshold" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.goto("/office");
    await expect(page.getByTestId("low-balance-warning")).toContainText("Merchant balance is low");
    await till.goto("/till");
    await expect(till.getByTestId("low-balance-warning")).toContainText("R 9 999 999,00");
  } finally {
    await page.goto("/balance");
    await page.getByLabel("Warn when the balance is below (R)").fill("1000");
    await page.getByRole("button", { name: "Save threshold" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  }
  await till.goto("/till");
  await expect(till.getByRole("link", { name: /Electricity/ })).toBeVisible();
  await expect(till.getByTestId("low-balance-warning")).toHaveCount(0);
});

test("unresolved: an unknown electricity sale is sent again under its key; another is resolved by hand with a reason; both audited", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const till = await (
    await browser.newContext({ storageState: STATE.cashier, baseURL: E2E.appUrl })
  ).newPage();
  const lost = async (amount: string) => {
    await till.goto("/electricity");
    await till.getByRole("textbox", { name: "Meter number" }).fill("01300000005");
    await till.getByLabel("Municipality", { exact: true }).selectOption("tshwane_prepaid");
    await till.getByRole("button", { name: "Confirm meter" }).click();
    await till.getByLabel("Amount", { exact: true }).fill(amount);
    await addFault(till.request, PURCHASE_PATH.electricity, "http500", 3);
    await till.getByRole("button", { name: "Purchase" }).click();
    // This sale's own panel (the till's banner may name an earlier one).
    await expect(till.getByText(`did not confirm the sale of R ${amount},00`)).toBeVisible({
      timeout: 20_000,
    });
  };
  await lost("41");
  await page.goto("/unresolved");
  const first = page
    .getByRole("listitem")
    .filter({ hasText: "R 41,00" })
    .filter({ hasText: "Not confirmed" });
  await expect(first).toHaveCount(1);
  await first.getByRole("button", { name: "Send again under the same key" }).click();
  // Sent again and completed: it leaves the list (the audit below says how it was resolved).
  await expect(first).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole("listitem").filter({ hasText: "R 41,00" }).filter({ hasText: "Not confirmed" }),
  ).toHaveCount(0);

  // Clear the form's kept key so the next sale is a new one.
  await till.evaluate(() =>
    Object.keys(window.localStorage)
      .filter((k) => k.startsWith("kassa.sale."))
      .forEach((k) => window.localStorage.removeItem(k)),
  );
  await lost("42");
  await page.goto("/unresolved");
  const second = page
    .getByRole("listitem")
    .filter({ hasText: "R 42,00" })
    .filter({ hasText: "Not confirmed" });
  await second.getByLabel("Outcome").selectOption("failed");
  await second.getByLabel("Reason").fill("short");
  await second.getByRole("button", { name: "Mark resolved" }).click();
  await expect(second.getByRole("status")).toContainText("at least 10 characters");
  await expect(second.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await second.getByLabel("Reason").fill("Customer took the money back; no token was given.");
  await second.getByRole("button", { name: "Mark resolved" }).click();
  await expect(
    page.getByRole("listitem").filter({ hasText: "R 42,00" }).filter({ hasText: "Not confirmed" }),
  ).toHaveCount(0);

  await page.goto("/audit?kind=sale_resolved&user=supervisor");
  const events = page.getByRole("table", { name: "Audit events" });
  await expect(
    events
      .getByRole("row")
      .filter({ hasText: "how: retry" })
      .filter({ hasText: "outcome: completed" })
      .filter({ hasText: "Sipho Supervisor" }),
  ).not.toHaveCount(0);
  await expect(
    events
      .getByRole("row")
      .filter({ hasText: "Customer took the money back" })
      .filter({ hasText: "Sipho Supervisor" }),
  ).toHaveCount(1);
});

test("users: create a cashier who signs in; disable ends the session; reset, lock and unlock; the last supervisor stays", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const username = `clerk${Date.now() % 100000}`;
  await page.goto("/users");
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Display name").fill("E2E Clerk");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("The password needs at least 10 characters.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("clerk-password-1");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByTestId(`state-${username}`)).toHaveText("active");

  // A context of its own, signed out: browser.newContext() would otherwise inherit the supervisor's storage state.
  const clerk = await (
    await browser.newContext({ baseURL: E2E.appUrl, storageState: { cookies: [], origins: [] } })
  ).newPage();
  const who = { username, password: "clerk-password-1", till: "Till 3" };
  await signIn(clerk, who);
  await expect(clerk).toHaveURL(/\/till/);

  await page.getByRole("button", { name: `Disable ${username}` }).click();
  await expect(page.getByTestId(`state-${username}`)).toHaveText("disabled");
  await clerk.goto("/till");
  await expect(clerk).toHaveURL(/\/login/);
  await page.getByRole("button", { name: `Enable ${username}` }).click();
  await expect(page.getByTestId(`state-${username}`)).toHaveText("active");

  await page.getByRole("button", { name: `Reset password of ${username}` }).click();
  await page.getByLabel(`New password for ${username}`).fill("clerk-password-2");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByTestId(`user-msg-${username}`)).toHaveText("Password reset.");
  for (let i = 1; i <= 4; i++) {
    await signIn(clerk, who, "wrong-password-x");
    await expect(clerk.locator("#sign-in-error")).toHaveText("Wrong user name or password.");
  }
  await signIn(clerk, who, "wrong-password-x");
  await expect(clerk.locator("#sign-in-error")).toContainText("locked");
  await page.reload();
  await expect(page.getByTestId(`state-${username}`)).toHaveText(/^locked until/);
  await page.getByRole("button", { name: `Unlock ${username}` }).click();
  await expect(page.getByTestId(`state-${username}`)).toHaveText("active");
  await signIn(clerk, who, "clerk-password-2");
  await expect(clerk).toHaveURL(/\/till/);

  await page.getByRole("button", { name: "Disable supervisor" }).click();
  await expect(page.getByTestId("user-msg-supervisor")).toHaveText(
    "This is the last active supervisor: it cannot be disabled.",
  );
  await expect(page.getByTestId("state-supervisor")).toHaveText("active");

  await page.goto(`/audit?user=supervisor&kind=user_changed`);
  const rows = page
    .getByRole("table", { name: "Audit events" })
    .getByRole("row")
    .filter({ hasText: username });
  for (const change of ["disabled", "enabled", "password_reset", "unlocked"])
    await expect(rows.filter({ hasText: `change: ${change}` })).toHaveCount(1);
  await page.goto(`/audit?kind=user_created`);
  await expect(page.getByRole("row").filter({ hasText: username })).toHaveCount(1);
});

test("audit log: filter by user, kind and day, a page at a time", async ({ page }) => {
  await page.goto("/audit");
  await page.getByLabel("User", { exact: true }).selectOption(DEMO.cashier.username);
  await page.getByLabel("Kind of event", { exact: true }).selectOption("sign_in");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/user=cashier&kind=sign_in/);
  const rows = page.getByRole("table", { name: "Audit events" }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    await expect(row.locator("td").nth(1)).toContainText("cashier");
    await expect(row.locator("td").nth(4)).toHaveText("Signed in");
  }
  await page.getByLabel("Day", { exact: true }).fill("2001-01-01");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("audit-total")).toHaveText("0 events");

  await page.goto("/audit");
  const total = Number((await page.getByTestId("audit-total").textContent())!.split(" ")[0]);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByRole("table", { name: "Audit events" }).locator("tbody tr")).toHaveCount(
    Math.min(total, 50),
  );
  await expect(page.getByText(`Page 1 of ${Math.max(1, Math.ceil(total / 50))}`)).toBeVisible();
});

test("the day at a glance: today's sales per hour and by kind", async ({ page }) => {
  await page.goto("/office");
  await expect(page.getByRole("heading", { name: "The day at a glance" })).toBeVisible();
  await expect(page.getByTestId("today-total")).not.toHaveText("R 0,00");
  await expect(page.getByRole("list", { name: "Sales by kind" })).toContainText("Electricity");
  const hour = new Intl.DateTimeFormat("en-ZA", {
    hour: "2-digit",
    hourCycle: "h23",
    timeZone: "Africa/Johannesburg",
  }).format(new Date());
  await expect(
    page.getByRole("list", { name: "Sales per hour" }).getByRole("listitem"),
  ).toHaveCount(24);
  await expect(
    page
      .getByRole("list", { name: "Sales per hour" })
      .getByRole("listitem", { name: new RegExp(`^${hour}:00 [1-9]\\d* sales`) }),
  ).toHaveCount(1);
});
