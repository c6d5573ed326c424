import { expect, test, type Page } from "@playwright/test";
import { STATE } from "./support/env";
import { withMarkPaidLock } from "./support/fines";
import { seeUnseenSlips } from "./support/unseen";
import { pressTileKey } from "./support/tiles";

/**
 * Cashier flows with the keyboard alone: after the first page load no mouse, no
 * page.fill — only keys, and focus must be where the next keystroke belongs.
 */
test.use({ storageState: STATE.cashier });
test.beforeEach(async ({ page }) => seeUnseenSlips(page));

const focused = (page: Page) => page.locator(":focus");
const NOTICE = "0512600000000024";

async function chooseByTyping(page: Page, optionText: string) {
  // A focused <select> picks the option whose text starts with what is typed.
  await page.keyboard.type(optionText, { delay: 20 });
}

test("a tile key pressed the moment the tiles appear, before the page's scripts run, opens its form", async ({
  page,
}) => {
  // The page's scripts held back, as on a slow till: the tiles are on screen, React is not live.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto("/till", { waitUntil: "commit" });
  await expect(page.getByRole("link", { name: /Electricity/ })).toBeVisible();
  await page.keyboard.press("e");
  release();
  await expect(page).toHaveURL(/\/electricity$/);
  await expect(focused(page)).toHaveAccessibleName("Meter number");
});

test("the early key listener comes before the first tile, so no tile is on screen without it", async ({
  page,
}) => {
  // A busy server sends the page in pieces and the browser shows each as it arrives: a tile
  // shown before the listener was parsed would lose its key (seen once on a loaded CI run).
  const html = await (await page.request.get("/till")).text();
  const listener = html.indexOf("__kassaEarlyKeys");
  const firstTile = html.indexOf(`href="/electricity"`);
  expect(listener).toBeGreaterThan(0);
  expect(firstTile).toBeGreaterThan(0);
  expect(listener).toBeLessThan(firstTile);
});

test("electricity cash sale from the till home to the slip and back", async ({ page }) => {
  await pressTileKey(page, "e", /\/electricity$/);
  await expect(focused(page)).toHaveAccessibleName("Meter number");
  // Tab from the empty number goes to the municipality (Tab after a number confirms, as a scanner's does).
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName("Municipality");
  await chooseByTyping(page, "City of Tshwane");
  await expect(focused(page)).toHaveValue("tshwane_prepaid");
  // Back to the number, then the digits and Enter, as a barcode scanner sends them.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.type("01300000005");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Kagiso Molefe")).toBeVisible();
  await expect(focused(page)).toHaveAccessibleName("Amount");
  await page.keyboard.type("105");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/slips\//);
  await expect(page.locator("[data-token]")).toHaveCount(3);
  // Enter on the slip starts the next sale.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/electricity$/);
  await expect(focused(page)).toHaveAccessibleName("Meter number");
});

test("municipal bill paid in cash with the keyboard alone", async ({ page }) => {
  await pressTileKey(page, "b", /\/bills$/);
  await expect(focused(page)).toHaveAccessibleName("Account number");
  await page.keyboard.press("Tab");
  await chooseByTyping(page, "Mogale City (a");
  await expect(focused(page)).toHaveValue("mogale_postpaid");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.type("3100200300");
  await page.keyboard.press("Enter");
  await expect(page.getByText("J. Fourie")).toBeVisible();
  await expect(focused(page)).toHaveAccessibleName("Amount");
  await page.keyboard.type("120");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/slips\//);
  await expect(page.getByText("3100200300").first()).toBeVisible();
});

test("airtime sold with the keyboard alone: search, Enter, number, Enter, Enter", async ({
  page,
}) => {
  await pressTileKey(page, "a", /\/vas\?category=airtime$/);
  await expect(focused(page)).toHaveAccessibleName("Search products");
  // Select what is there first, as a cashier would: a tile key pressed twice may have typed its letter.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("VOD-AIR-29");
  await expect(page.getByRole("option", { name: /Vodacom/ }).first()).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.keyboard.press("Enter");
  await expect(focused(page)).toHaveAccessibleName("Mobile number");
  await page.keyboard.type("0825550909");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("vas-total")).toHaveText("R 29,00");
  await expect(focused(page)).toHaveAccessibleName("Purchase");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("vas-recipient")).toHaveText("082 555 0909");
});

test("traffic fines with the keyboard alone: look up, select, Pay in cash, the slip", async ({
  page,
}) => {
  // 0512600000000024 is this test's own payable notice (docs/sandbox.md): no other spec pays it.
  await pressTileKey(page, "f", /\/fines$/);
  await expect(focused(page)).toHaveAccessibleName(/ID number/);
  // Tab through the other look-up fields (registration number) to the notice number.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    const label = await focused(page).evaluate(
      (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "",
    );
    if (/Notice number/.test(label)) break;
  }
  await expect(focused(page)).toHaveAccessibleName(/Notice number/);
  await page.keyboard.type(NOTICE);
  await page.keyboard.press("Enter");
  await expect(focused(page)).toHaveAccessibleName("Select all unpaid fines");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("fines-selected-count")).toHaveText("1");
  await expect(page.getByTestId("fines-total")).toHaveText("R 325,00");
  // Cash tendered is loaded when first needed (the fines page's budget): as a cashier's eye
  // would, wait until it is there before tabbing past Cash.
  await expect(page.getByLabel("Cash tendered (R)")).toBeVisible();
  await page.keyboard.press("Tab"); // the fine's own box
  await page.keyboard.press("Tab"); // Cash (checked)
  await expect(focused(page)).toHaveAccessibleName("Cash");
  // Cash tendered and change due, then Enter moves on to Pay.
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName("Cash tendered (R)");
  await page.keyboard.type("400");
  await expect(page.getByTestId("change-due")).toHaveText("Change due R 75,00");
  await page.keyboard.press("Enter");
  await expect(focused(page)).toHaveAccessibleName("Pay");
  // Another spec may have set a one-shot fault on mark-paid: hold the lock while paying.
  await withMarkPaidLock(async () => {
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}$/);
  });
  const line = page.getByTestId("fines-slip").locator(`li[data-notice="${NOTICE}"]`);
  await expect(line.getByTestId("fine-receipt")).toHaveText(/^RR\d+$/);
  await expect(page.getByTestId("fines-slip-total")).toHaveText("R 325,00");
  // Enter on the slip starts the next sale.
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/fines$/);
});
