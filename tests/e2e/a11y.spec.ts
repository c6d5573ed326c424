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
    await expect(page.locator("[data-token]").first()).toBeVisible();
    await expectAccessible(page, new URL(page.url()).pathname);
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
