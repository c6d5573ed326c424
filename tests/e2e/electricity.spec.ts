import { expect, test, type Page } from "@playwright/test";
import { STATE } from "./support/env";
import {
  confirmMeter,
  sandboxTransactions,
  saleKeyOf,
  serializePurchases,
  slipTokens,
  transactionsForKey,
} from "./support/municipal";
import { seeUnseenSlips } from "./support/unseen";

test.use({ storageState: STATE.cashier });
test.beforeEach(async ({ page }) => seeUnseenSlips(page));
serializePurchases(test);

const KC = ["Key change 1", "Key change 2"];
/** docs/sandbox.md: meter 0 M S 0000000 C, M = municipality, S = scenario. */
const MUNICIPALITIES = [
  { id: "tshwane_prepaid", digit: 1, prefix: "TSW" },
  { id: "zeerust_prepaid", digit: 2, prefix: "ZRS" },
  { id: "mogale_prepaid", digit: 3, prefix: "MGL" },
  { id: "ngwathe_prepaid", digit: 4, prefix: "NGW" },
] as const;
const SCENARIOS = [
  { name: "normal", digit: 1, labels: ["Credit"], line: null },
  { name: "FBE", digit: 2, labels: ["Credit", "Free basic electricity"], line: null },
  { name: "key change", digit: 3, labels: [...KC, "Credit"], line: null },
  {
    name: "key change with FBE",
    digit: 4,
    labels: [...KC, "Credit", "Free basic electricity"],
    line: null,
  },
  { name: "arrears", digit: 5, labels: ["Credit"], line: "Arrears" },
  { name: "fixed charges", digit: 6, labels: ["Credit"], line: "Fixed charges" },
] as const;

/** The Luhn check digit the sandbox's meter numbers carry. */
function withLuhn(body: string): string {
  let sum = 0;
  [...body].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return body + String((10 - (sum % 10)) % 10);
}
const meterOf = (m: number, s: number) => withLuhn(`0${m}${s}0000000`);

for (const muni of MUNICIPALITIES) {
  for (const scenario of SCENARIOS) {
    test(`${muni.id}: ${scenario.name} vend prints its tokens in order`, async ({
      page,
      request,
    }) => {
      const meter = meterOf(muni.digit, scenario.digit);
      await confirmMeter(page, meter, muni.id);
      // R 110, not R 100: slips.spec.ts buys R 100 on the key-change meter, and the same meter
      // and amount again within minutes would be a duplicate sale to confirm.
      await page.getByLabel("Amount").fill("110");
      await page.getByRole("button", { name: "Purchase" }).click();
      await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
      const tokens = await slipTokens(page);
      expect(tokens.map(([label]) => label)).toEqual(scenario.labels);
      for (const [, digits] of tokens) expect(digits).toMatch(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
      const slip = page.getByRole("article", { name: "Slip" });
      await expect(slip).toContainText(meter);
      await expect(slip).toContainText("R 110,00");
      if (scenario.line) await expect(slip).toContainText(scenario.line);
      // The receipt number on the slip is one real vend at the sandbox, for R 110.
      const receipt = (await slip.getByText(new RegExp(`^${muni.prefix}\\d+$`)).innerText()).trim();
      const txns = (await sandboxTransactions(request)).filter((t) => t.reference === receipt);
      expect(txns.map((t) => t.amountCents)).toEqual([11_000]);
    });
  }
}

test("Tshwane FBE-only meter: R 0 yields only the FBE token", async ({ page }) => {
  await confirmMeter(page, meterOf(1, 7), "tshwane_prepaid");
  await expect(page.getByRole("region", { name: "Meter details" })).toContainText(
    "R 0,00 to R 1 000,00",
  );
  await page.getByLabel("Amount").fill("0");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\//);
  expect((await slipTokens(page)).map(([l]) => l)).toEqual(["Free basic electricity"]);
});

test("confirm shows the customer, the range and the meter codes; a scanned meter (digits + Enter) confirms", async ({
  page,
}) => {
  await page.goto("/electricity");
  await page.getByLabel("Municipality").selectOption("zeerust_prepaid");
  await page.getByLabel("Meter number").pressSequentially(meterOf(2, 1));
  await page.getByLabel("Meter number").press("Enter");
  const details = page.getByRole("region", { name: "Meter details" });
  await expect(details).toContainText("Kabelo Motsepe");
  await expect(details).toContainText("R 20,00 to R 3 000,00");
  await expect(details).toContainText("300421 / 1 / 1");
  await expect(page.getByLabel("Amount")).toBeFocused();
  // The municipality is remembered for the next sale.
  await page.goto("/electricity");
  await expect(page.getByLabel("Municipality")).toHaveValue("zeerust_prepaid");
});

/** The meter field has the focus with its whole number selected: the next keystrokes retype it. */
async function expectMeterSelected(page: Page) {
  const meter = page.getByLabel("Meter number");
  await expect(meter).toBeFocused();
  const [start, end, length] = await meter.evaluate((el: HTMLInputElement) => [
    el.selectionStart,
    el.selectionEnd,
    el.value.length,
  ]);
  expect([start, end]).toEqual([0, length]);
}

test("meters as cashiers type them: spaces, a mistyped check digit, another municipality, Enter on Payment method", async ({
  page,
  request,
}) => {
  await page.goto("/electricity");
  const meter = page.getByLabel("Meter number");
  await page.getByLabel("Municipality").selectOption("tshwane_prepaid");
  // Known to no municipality (its check digit adds up): each is asked once, then the cashier is told.
  await meter.fill("01800000000");
  await meter.press("Enter");
  await expect(page.locator("#meterNumber-error")).toHaveText(
    "No prepaid municipality knows meter 01800000000. Check the number with the customer.",
  );
  await expectMeterSelected(page);
  // The next keystrokes replace the number; a mistyped check digit is caught before any call.
  await page.keyboard.type("0110 0000 008");
  await expect(meter).toHaveValue("0110 0000 008");
  await page.keyboard.press("Enter");
  await expect(page.locator("#meterNumber-error")).toContainText("looks mistyped");
  await expectMeterSelected(page);
  // As printed on the customer's card, in groups: it confirms.
  await page.keyboard.type("0110 0000 007");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Meter details" })).toContainText("Thabo Mokoena");
  await expect(page.getByLabel("Amount")).toBeFocused();
  await page.keyboard.type("120");
  // Enter on Payment method buys, as the README says (it does not open the list).
  await page.getByLabel("Payment method").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  await expect(page.getByRole("article", { name: "Slip" })).toContainText("01100000007");

  // The next sale at this till starts on Tshwane; a Zeerust meter is found at Zeerust.
  await page.goto("/electricity");
  await expect(page.getByLabel("Municipality")).toHaveValue("tshwane_prepaid");
  await meter.fill(meterOf(2, 1));
  await meter.press("Enter");
  await expect(page.getByRole("region", { name: "Meter details" })).toContainText("Kabelo Motsepe");
  await expect(page.getByLabel("Municipality")).toHaveValue("zeerust_prepaid");
  await expect(page.getByTestId("municipality-note")).toHaveText(
    "Found at Zeerust (prepaid): City of Tshwane (prepaid) does not know this meter number.",
  );
  await expect(page.getByLabel("Amount")).toBeFocused();
  await page.keyboard.type("130");
  // Cash counted: Enter there moves on to Purchase, and Enter buys.
  await page.getByLabel("Cash tendered (R)").fill("200");
  await page.getByLabel("Cash tendered (R)").press("Enter");
  await expect(page.getByRole("button", { name: "Purchase" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  const sold = (await sandboxTransactions(request)).map((t) => [t.reference, t.amountCents]);
  const receipt = (await page.getByText(/^ZRS\d+$/).innerText()).trim();
  expect(sold).toContainEqual([receipt, 13_000]);
  // Zeerust is remembered for the next sale; a blocked meter is not looked for elsewhere.
  await page.goto("/electricity");
  await expect(page.getByLabel("Municipality")).toHaveValue("zeerust_prepaid");
  await page.getByLabel("Municipality").selectOption("tshwane_prepaid");
  await meter.fill(meterOf(1, 9));
  await page.getByRole("button", { name: "Confirm meter" }).click();
  await expect(page.locator("#meterNumber-error")).toContainText("blocked");
  await expect(meter).toHaveAttribute("aria-invalid", "true");
});

test("bad input: a message by the field and no call to the server at all", async ({
  page,
  request,
}) => {
  const before = (await sandboxTransactions(request)).length;
  let actionCalls = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actionCalls += 1;
  });
  await page.goto("/electricity");
  await page.getByLabel("Municipality").selectOption("");
  await page.getByLabel("Meter number").fill("0110ABC0007");
  await page.getByRole("button", { name: "Confirm meter" }).click();
  await expect(page.locator("#meterNumber-error")).toHaveText("A meter number has digits only.");
  await expect(page.getByLabel("Meter number")).toHaveAttribute(
    "aria-describedby",
    "meterNumber-error",
  );
  await expect(page.locator("#municipality-error")).toHaveText("Choose the municipality.");
  expect(actionCalls).toBe(0);

  await page.getByLabel("Meter number").fill(meterOf(1, 1));
  await page.getByLabel("Municipality").selectOption("tshwane_prepaid");
  await page.getByRole("button", { name: "Confirm meter" }).click();
  await expect(page.getByRole("region", { name: "Meter details" })).toBeVisible();
  actionCalls = 0;
  for (const [amount, message] of [
    ["5", "The amount must be between R 10,00 and R 5 000,00 for this meter."],
    ["5000.01", "The amount must be between R 10,00 and R 5 000,00 for this meter."],
    ["ten", "Enter an amount in rand, for example 100 or 100.50."],
  ]) {
    await page.getByLabel("Amount").fill(amount!);
    await page.getByRole("button", { name: "Purchase" }).click();
    await expect(page.locator("#amount-error")).toHaveText(message!);
    await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  }
  expect(actionCalls).toBe(0);
  expect((await sandboxTransactions(request)).length).toBe(before);
});

test("two fast clicks on Purchase make one transaction", async ({ page, request }) => {
  await confirmMeter(page, meterOf(3, 1), "mogale_prepaid");
  const key = await saleKeyOf(page, "electricity");
  await page.getByLabel("Amount").fill("55");
  await page.getByRole("button", { name: "Purchase" }).dblclick();
  await expect(page).toHaveURL(/\/slips\//);
  expect(await transactionsForKey(request, key)).toHaveLength(1);
  // The next sale gets a new key.
  await page.goto("/electricity");
  expect(await saleKeyOf(page, "electricity")).not.toBe(key);
});

test("the quick amounts fill the amount, within the meter's range", async ({ page }) => {
  await confirmMeter(page, meterOf(4, 1), "ngwathe_prepaid");
  const quick = page.getByRole("group", { name: "Quick picks" }).getByRole("button");
  await expect(quick).toHaveText(["R 50,00", "R 100,00", "R 200,00", "R 500,00"]);
  await quick.nth(1).click();
  await expect(page.getByLabel("Amount")).toHaveValue("100");
});
