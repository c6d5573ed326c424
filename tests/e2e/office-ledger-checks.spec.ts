import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";
import { serializePurchases } from "./support/municipal";
import { cashier2Page, sandbox, sellElectricity, supervisorPage } from "./support/office";

/**
 * The supervisor's card checks against answers the core service may give: a ledger whose
 * business date is junk, and a status check that knows orders only by the core service's
 * own order id. Serial: both switch the lane's sandbox and put it back.
 */
test.describe.configure({ mode: "serial" });
serializePurchases(test);

const JUNK_DATES = ["not-a-date", `2026-01-01"; filename="kassa.sh`];

test("a ledger whose business date is junk shows as unreadable with its answer, keeps nothing, and the pages go on working", async ({
  browser,
  request,
}) => {
  const office = await supervisorPage(browser);
  const keptDays = () =>
    office
      .locator("#kept-days option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  try {
    for (const junk of JUNK_DATES) {
      await sandbox(request, "/ledger/business-date", { businessDate: junk });
      const page = await office.goto("/reconciliation");
      expect(page?.status()).toBe(200);
      await expect(office.getByTestId("ledger-error")).toContainText(
        "the core service's ledger could not be read",
      );
      await office.getByText("The core service's answer as received").click();
      await expect(office.getByTestId("ledger-raw")).toContainText(
        JSON.stringify(junk).slice(1, -1),
      );
      expect(await keptDays()).not.toContain(junk);
      // Unreadable and nothing kept: 502 with the reason; a copy kept before: that copy, under
      // the day asked, never under a name from the answer.
      const csv = await office.request.get("/reconciliation/export");
      expect([200, 502]).toContain(csv.status());
      const disposition = csv.headers()["content-disposition"];
      if (csv.status() === 502) expect(disposition).toBeUndefined();
      else
        expect(disposition).toMatch(
          /^attachment; filename="reconciliation-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
    }
    // The order check on the same page still works.
    await office.getByLabel("Order id").fill("NO-SUCH-ORDER-1");
    await office.getByRole("button", { name: "Check payment status" }).click();
    await expect(office.getByTestId("any-order-status")).toContainText("NO-SUCH-ORDER-1");

    // A readable ledger is shown and kept; a junk one after it shows the kept copy and why.
    await sandbox(request, "/ledger/business-date", { businessDate: null });
    await office.goto("/reconciliation");
    await expect(office.getByTestId("ledger-source")).toContainText(
      "fetched from the core service",
    );
    const day = (await office.getByRole("heading", { level: 1 }).textContent())!.slice(-10);
    expect(await keptDays()).toContain(day);
    const csv = await office.request.get("/reconciliation/export");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toBe(
      `attachment; filename="reconciliation-${day}.csv"`,
    );

    await sandbox(request, "/ledger/business-date", { businessDate: JUNK_DATES[1] });
    await office.goto("/reconciliation");
    await expect(office.getByTestId("ledger-error")).toContainText("Shown below is the copy");
    await expect(office.getByTestId("ledger-source")).toContainText("Ledger as kept by Kassa");
    expect(await keptDays()).toContain(day);
    expect(await keptDays()).not.toContain(JUNK_DATES[1]);
  } finally {
    await sandbox(request, "/ledger/business-date", { businessDate: null });
  }
});

test("the supervisor's payment check asks by the core service's order id when its own id is unknown there, as the till does", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const statusPath = "/v2/svcCheckOrderPaymentStatus";
  await sandbox(request, "/dialects", { path: statusPath, dialects: ["gateway-order-ids"] });
  try {
    const till = await cashier2Page(browser);
    const saleId = await sellElectricity(till, "65", "card");
    const office = await supervisorPage(browser);
    await office.goto("/reconciliation");
    await office.getByLabel("Order id").fill(saleId);
    await office.getByRole("button", { name: "Check payment status" }).click();
    await expect(office.getByTestId("any-order-status")).toHaveText(`${saleId}: PAID`);
  } finally {
    await request.delete(`${E2E.sandboxOrigin}/__sandbox/dialects`);
  }
});
