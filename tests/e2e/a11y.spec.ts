import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { STATE } from "./support/env";
import { PAGES } from "./security-pages";

/**
 * axe-core on every page of Kassa, as the role that uses it: no serious or critical
 * violation. (Moderate and minor findings are printed, not failed.)
 */
async function expectAccessible(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length)
    console.log(`a11y ${url}: ${minor.map((v) => `${v.id} (${v.impact})`).join(", ")}`);
  const readable = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
  );
  expect(readable, url).toEqual([]);
}

for (const url of PAGES.signedOut)
  test(`signed out ${url}`, ({ page }) => expectAccessible(page, url));

test.describe("cashier", () => {
  test.use({ storageState: STATE.cashier });
  for (const url of PAGES.cashier) test(url, ({ page }) => expectAccessible(page, url));

  test("electricity with a confirmed meter, and the slip", async ({ page }) => {
    await expectAccessible(page, "/electricity");
    await page.getByRole("textbox", { name: "Meter number" }).fill("04200000000");
    await page.getByLabel("Municipality").selectOption("ngwathe_prepaid");
    await page.getByRole("button", { name: "Confirm meter" }).click();
    await expect(page.getByRole("textbox", { name: "Amount", exact: true })).toBeFocused();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => v.id),
    ).toEqual([]);
    await page.getByRole("textbox", { name: "Amount", exact: true }).fill("30");
    await page.getByRole("button", { name: "Purchase", exact: true }).click();
    // The tokens show from the sale's answer at once; the slip is the page after them.
    await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
    await expect(page.locator("[data-token]").first()).toBeVisible();
    await expectAccessible(page, new URL(page.url()).pathname);
  });
});

test.describe("cashier screens in the middle of a sale", () => {
  test.use({ storageState: STATE.cashier });

  /** axe on the screen as it stands (no reload): serious or critical violations fail. */
  async function expectNoViolations(page: Page, where: string) {
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    const blocking = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
    expect(blocking, where).toEqual([]);
  }

  test("fines: a refused number, then notices chosen with cash tendered", async ({ page }) => {
    await expectAccessible(page, "/fines");
    await page.getByLabel("ID number", { exact: true }).fill("800101500908");
    await page.getByRole("button", { name: "Look up fines" }).click();
    await expect(page.getByLabel("ID number", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoViolations(page, "fines, refused number");
    await page.getByLabel("ID number", { exact: true }).fill("7811025234082");
    await page.getByRole("button", { name: "Look up fines" }).click();
    await page.getByLabel("Select notice 0212600000000043").check();
    await page.getByLabel("Cash tendered (R)").fill("300");
    await expect(page.getByTestId("change-due")).toHaveText("Change due R 25,00");
    await expectNoViolations(page, "fines, chosen");
    // On a phone: the notices as cards, Pay at the foot of the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, "fines, chosen, 390 px");
  });

  test("airtime with a quote and cash tendered", async ({ page }) => {
    await expectAccessible(page, "/vas");
    await page.getByLabel("Search products").fill("cell c airtime");
    await page.getByLabel("Search products").press("Enter");
    await page.getByLabel("Mobile number").fill("084 555 0505");
    await page.getByLabel("Amount").fill("14");
    await page.getByRole("button", { name: "Get quote" }).click();
    await expect(page.getByRole("button", { name: "Purchase" })).toBeFocused();
    await page.getByLabel("Cash tendered (R)").fill("20");
    await expect(page.getByTestId("change-due")).toHaveText("Change due R 6,00");
    await expectNoViolations(page, "airtime quote");
  });
});

test.describe("supervisor", () => {
  test.use({ storageState: STATE.supervisor });
  for (const url of PAGES.supervisor) test(url, ({ page }) => expectAccessible(page, url));
});

test.describe("kiosk", () => {
  test.use({ storageState: STATE.kiosk });
  for (const url of PAGES.kiosk) test(url, ({ page }) => expectAccessible(page, url));
});
