import { expect, test } from "@playwright/test";
import { STATE } from "./support/env";
import {
  addMarkPaidFault,
  fineRow,
  finesTransactions,
  lookUp,
  markPaidFaultsLeft,
  saleIdOf,
  withMarkPaidLock,
} from "./support/fines";

/**
 * Traffic fines at the counter (issue 6), through the real UI against the sandbox.
 * Each test uses its own people and notices from docs/sandbox.md, so the two workers
 * never pay the same fine.
 */
test.use({ storageState: STATE.cashier });

test("pays two of a business's fines in cash; the slip lists the registry's numbers", async ({
  page,
}) => {
  await page.goto("/till");
  // The tile's letter works once the page has hydrated: press until the tile opens.
  await expect(async () => {
    await page.keyboard.press("f");
    await expect(page).toHaveURL(/\/fines$/, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await lookUp(page, "Registration number", "2015/123456/07");
  await expect(fineRow(page, "0312500000000036")).toContainText("Paid");
  await expect(fineRow(page, "0312500000000010")).toContainText("R 1 525,00");
  await expect(fineRow(page, "0312500000000010")).toContainText("Unpaid");
  await page.getByLabel("Select notice 0312500000000010").check();
  await page.getByLabel("Select notice 0312500000000028").check();
  await expect(page.getByTestId("fines-total")).toHaveText("R 2 050,00");
  await expect(page.getByRole("radio", { name: "Cash" })).toBeChecked();
  // Change due for the cash the customer hands over.
  await page.getByLabel("Cash tendered (R)").fill("2100");
  await expect(page.getByTestId("change-due")).toHaveText("Change due R 50,00");

  await withMarkPaidLock(async () => {
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}$/);
  });
  const saleId = saleIdOf(page.url());
  const slip = page.getByTestId("fines-slip");
  for (const notice of ["0312500000000010", "0312500000000028"]) {
    const line = slip.locator(`li[data-notice="${notice}"]`);
    await expect(line.getByTestId("fine-receipt")).toHaveText(/^RR\d+$/);
    await expect(line).toContainText(/Registry invoice\s*RI\d+/);
  }
  await expect(page.getByTestId("fines-slip-total")).toHaveText("R 2 050,00");
  await expect(slip).toContainText("Cash");

  // One marking at the registry, under the sale's id, for the gross amount.
  const marked = await finesTransactions(page.request, saleId);
  expect(marked.map((t) => t.amountCents)).toEqual([205000]);

  await page.goto("/fines");
  await lookUp(page, "Registration number", "2015/123456/07");
  await expect(fineRow(page, "0312500000000010")).toContainText("Paid");
  await expect(fineRow(page, "0312500000000028")).toContainText("Paid");
  await expect(fineRow(page, "0312500000000010").getByRole("checkbox")).toHaveCount(0);
});

test("the total follows a partial selection, from the keyboard", async ({ page }) => {
  await page.goto("/fines");
  await page.getByLabel("ID number", { exact: true }).fill("7811025234082");
  await page.keyboard.press("Enter");
  // The focus lands on "select all": Space chooses every unpaid fine.
  await expect(page.getByLabel("Select all unpaid fines")).toBeFocused();
  await expect(page.getByTestId("fines-total")).toHaveText("R 0,00");
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeDisabled();
  await page.keyboard.press("Space");
  // Notice …050 is in court (registry status 10): it cannot be paid here, so "all" is the other two.
  await expect(fineRow(page, "0212600000000050").getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByTestId("fines-total")).toHaveText("R 1 050,00");
  await expect(page.getByTestId("fines-selected-count")).toHaveText("2");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Select notice 0212600000000043")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("fines-total")).toHaveText("R 775,00");
  await page.getByLabel("Select notice 0212600000000043").check();
  await expect(page.getByTestId("fines-total")).toHaveText("R 1 050,00");
  // A paid fine cannot be chosen.
  await expect(fineRow(page, "0212600000000068")).toContainText("Paid");
  await expect(fineRow(page, "0212600000000068").getByRole("checkbox")).toHaveCount(0);
});

test("numbers that cannot be right are refused next to the field, with no call", async ({
  page,
}) => {
  await page.goto("/fines");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  const cases = [
    ["ID number", "8001015009088", /last digit does not match/],
    ["ID number", "80010150O9087", /digits only/],
    ["ID number", "800101500908", /13 digits/],
    ["ID number", "9913015009082", /not a real date/],
    ["Registration number", "2015/12345/07", /YYYY\/NNNNNN\/NN/],
    ["Notice number", "12345", /10 to 20 digits/],
  ] as const;
  for (const [label, value, message] of cases) {
    await lookUp(page, label, value);
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const describedBy = await field.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy}`)).toHaveText(message);
  }
  expect(posts).toEqual([]);
});

test("an amount the registry disagrees with stops the payment", async ({ page }) => {
  await page.goto("/fines");
  await lookUp(page, "Notice number", "0512600000000016");
  await expect(fineRow(page, "0512600000000016")).toContainText("R 525,00");
  await page.getByLabel("Select notice 0512600000000016").check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.locator("#fines-pay-error")).toContainText(
    "the registry says R 625,00 is due for these fines, not R 525,00",
  );
  await expect(page.locator("#fines-pay-error")).toContainText("Nothing was charged");
  await expect(page).toHaveURL(/\/fines$/);
  await lookUp(page, "Notice number", "0512600000000016");
  await expect(fineRow(page, "0512600000000016")).toContainText("Unpaid");
});

test("a timeout on marking paid leaves one unknown sale, never marked twice", async ({ page }) => {
  const notice = "0412600000000025";
  await page.goto("/fines");
  await lookUp(page, "Notice number", notice);
  await page.getByLabel(`Select notice ${notice}`).check();
  const saleId = await withMarkPaidLock(async () => {
    await addMarkPaidFault(page.request, "timeout");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(
      page.locator("[role=alert][data-sale-id]").filter({ hasText: "Not confirmed" }),
    ).toContainText("do not take payment for these fines again");
    expect(await markPaidFaultsLeft(page.request)).toBe(0);
    return (await page.getByTestId("not-confirmed-sale-id").textContent())!;
  });
  expect(saleId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await finesTransactions(page.request, saleId)).toEqual([]);

  // Resolving starts with a look-up: the registry did not clear the fine.
  await page.getByRole("button", { name: "Check with the registry" }).click();
  await expect(page.getByTestId("not-confirmed-note")).toContainText(
    `Not paid at the registry: ${notice}.`,
  );
  expect(await finesTransactions(page.request, saleId)).toEqual([]);

  // The same fine cannot be paid again while that sale is unresolved, even from a fresh form.
  await page.goto("/fines");
  await page.getByRole("button", { name: "Next customer" }).click();
  await lookUp(page, "Notice number", notice);
  await page.getByLabel(`Select notice ${notice}`).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.locator("#fines-pay-error")).toContainText(
    `Notice ${notice} is in an earlier sale that is not confirmed`,
  );
  await lookUp(page, "Notice number", notice);
  await expect(fineRow(page, notice)).toContainText("Unpaid");
});

test("a marking whose answer is lost after the registry cleared the fine reads paid on re-check", async ({
  page,
}) => {
  const notice = "0412600000000017";
  await page.goto("/fines");
  await lookUp(page, "Notice number", notice);
  await page.getByLabel(`Select notice ${notice}`).check();
  const saleId = await withMarkPaidLock(async () => {
    await addMarkPaidFault(page.request, "drop");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(
      page.locator("[role=alert][data-sale-id]").filter({ hasText: "Not confirmed" }),
    ).toBeVisible();
    return (await page.getByTestId("not-confirmed-sale-id").textContent())!;
  });
  await page.getByRole("button", { name: "Check with the registry" }).click();
  await expect(page.getByTestId("not-confirmed-note")).toContainText(
    `Paid at the registry: ${notice}.`,
  );
  await expect(page.getByTestId("not-confirmed-note")).toContainText("do not take payment again");
  // Exactly the one marking that got lost; the re-check marked nothing.
  expect(await finesTransactions(page.request, saleId)).toHaveLength(1);
});

test("pays a fine by card at the counter: the customer's phone pays, then the fine is marked paid", async ({
  page,
}) => {
  const notice = "0222600000000033";
  await page.goto("/fines");
  await lookUp(page, "Notice number", notice);
  await page.getByLabel(`Select notice ${notice}`).check();
  await page.getByLabel("Card", { exact: true }).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  const url = (await page.getByTestId("card-payment-link").getAttribute("href"))!;
  await withMarkPaidLock(async () => {
    const phone = await page.context().newPage();
    await phone.goto(url);
    await expect(phone.getByText("R 775,00").first()).toBeVisible();
    await phone.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  });
  await expect(
    page
      .getByTestId("fines-slip")
      .locator(`li[data-notice="${notice}"]`)
      .getByTestId("fine-receipt"),
  ).toHaveText(/^RR\d+$/);
  await expect(page.getByTestId("fines-slip")).toContainText("Card");
  expect(
    (await finesTransactions(page.request, saleIdOf(page.url()))).map((t) => t.amountCents),
  ).toEqual([77500]);
});
