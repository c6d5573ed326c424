import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { STATE } from "./support/env";

/**
 * No page writes an error or a warning to the browser's console: a hydration mismatch (React
 * logs it, and recovers by rendering the page again on the client), a failed resource (a
 * missing icon answers 404), an uncaught exception. Each page is opened as its user opens it;
 * every console message of type error or warning fails the test, named with its page.
 */
function watchConsole(page: Page): { at: string; problems: string[] } {
  const seen = { at: "", problems: [] as string[] };
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      seen.problems.push(
        `${seen.at}: ${message.type()}: ${message.text()} (${message.location().url})`,
      );
    }
  });
  page.on("pageerror", (error) => seen.problems.push(`${seen.at}: uncaught: ${error.message}`));
  return seen;
}

/** Until the page has loaded and hydrated: its scripts ran, then the browser went idle once. */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })),
  );
}

// `E2E_SERVER=dev E2E_LANES=1 npx playwright test console-clean` runs this against `next dev`,
// where every page compiles on its first visit.
if (process.env.E2E_SERVER === "dev") test.setTimeout(600_000);

// A till's browser runs on South African time while the server may run on UTC: a date
// formatted on both sides in their own zone would not hydrate.
test.use({ timezoneId: "Africa/Johannesburg", locale: "en-ZA" });

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
  const seen = watchConsole(page);
  seen.at = "/login";
  await page.goto("/login");
  await settled(page);
  seen.at = "first till page after sign-in";
  await signIn(page, DEMO.cashier2);
  await expect(page).toHaveURL(/\/till/);
  await settled(page);
  expect(seen.problems).toEqual([]);
});

for (const [role, pages] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
  test.describe(() => {
    test.use({ storageState: STATE[role] });
    test(`every ${role} page logs no console error or warning`, async ({ page }) => {
      const seen = watchConsole(page);
      for (const path of pages) {
        seen.at = path;
        await page.goto(path);
        await expect(page, `${path} opens for the ${role}`).toHaveURL(
          new RegExp(path.replace(/\//g, "\\/")),
        );
        await settled(page);
      }
      expect(seen.problems).toEqual([]);
    });
  });
}
