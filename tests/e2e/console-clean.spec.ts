import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { STATE } from "./support/env";

/**
 * No page writes an error or a warning to the browser's console: a hydration mismatch (React
 * logs it, and recovers by rendering the page again on the client), a failed resource (a
 * missing icon), an uncaught exception. Each page is opened as its user opens it, and every
 * console message of type error or warning fails the test with its text.
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Opens `path` and lets the page load and hydrate (its scripts fetched, nothing left in flight). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("load");
  // Pages that poll never go fully quiet: idle or not, hydration has run by then.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
}

const PAGES = {
  cashier: [
    "/till",
    "/electricity",
    "/bills",
    "/fines",
    "/vas",
    "/history",
    "/shift/x",
    "/shift/close",
    "/bench",
  ],
  supervisor: [
    "/office",
    "/unresolved",
    "/users",
    "/balance",
    "/reconciliation",
    "/shifts",
    "/audit",
  ],
  kiosk: ["/kiosk"],
} as const;

test("the sign-in page and the first till page after signing in log nothing", async ({ page }) => {
  const problems = watchConsole(page);
  await visit(page, "/login");
  expect(problems, "/login").toEqual([]);
  await signIn(page, DEMO.cashier2);
  await expect(page).toHaveURL(/\/till/);
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  expect(problems, "first till page after sign-in").toEqual([]);
});

for (const [role, pages] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
  test.describe(`${role} pages`, () => {
    test.use({ storageState: STATE[role] });
    for (const path of pages) {
      test(`${path} logs no console error or warning`, async ({ page }) => {
        const problems = watchConsole(page);
        await visit(page, path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}`));
        expect(problems).toEqual([]);
      });
    }
  });
}
