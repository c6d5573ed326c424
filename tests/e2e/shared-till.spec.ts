import { expect, test, type Browser, type Page } from "@playwright/test";
import { ACTIONS } from "../../bench/lib/actions";
import { callAction, findAction, signIn as httpSignIn } from "../../bench/lib/kassa-client";
import { DEMO, ensureShiftOpen, signIn } from "./support/auth";
import { E2E } from "./support/env";
import { sellElectricity } from "./support/office";

/**
 * Reprints at a shared till (docs/architecture.md, "Who may see what"): Lerato (cashier2)
 * sells at Till 2, then a colleague who has sold nothing there yet takes over the counter.
 * F9 and History's search reprint Lerato's electricity slip, marked REPRINT with her name,
 * audited; her voucher's PIN stays hidden; once the colleague has sold, F9 is their own slip.
 */
test.describe.configure({ mode: "serial" });

const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const TILL = "Till 2";
const METER = "01100000007";

async function till(browser: Browser, who: { username: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { ...who, till: TILL });
  await expect(page).toHaveURL(/\/till/, { timeout: 20_000 });
  await ensureShiftOpen(page, "100");
  return page;
}

/** F9 once the screen listens (the key is bound after hydration). */
async function pressF9(page: Page) {
  await page.goto("/history");
  await page.waitForLoadState("networkidle");
  await page.keyboard.press("F9");
}

async function sellVoucher(page: Page): Promise<string> {
  await page.goto("/vas");
  const search = page.getByLabel("Search products");
  await search.fill("google play");
  await expect(page.getByRole("option", { name: /Google Play R100 gift card/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await search.press("Enter");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("vas-total")).toBeVisible();
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
  await expect(page.getByTestId("vas-pin")).toBeVisible();
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("a colleague at the same till reprints an electricity slip with F9 and by search, never a voucher's PIN", async ({
  browser,
}) => {
  // Two tills' browsers, four sales and five slips: longer than one sale's default.
  test.setTimeout(240_000);
  // A colleague with no sale at this till yet: a new cashier, made by the supervisor.
  const supervisor = await httpSignIn(E2E.appUrl, DEMO.supervisor);
  const colleague = {
    username: `colleague${Date.now() % 1_000_000}`,
    password: "a-colleague-password-1",
  };
  const created = await callAction(
    supervisor,
    findAction(DIST, ACTIONS.users("createUserAction")),
    {
      ...colleague,
      displayName: "Ayanda Colleague",
      role: "cashier",
      confirm: DEMO.supervisor.password,
    },
  );
  expect(created.result).toMatchObject({ ok: true });

  const lerato = await till(browser, DEMO.cashier2);
  const voucherId = await sellVoucher(lerato);
  // An amount no other spec sells on this meter, so the duplicate guard never asks.
  const saleId = await sellElectricity(lerato, "17", "cash", METER, "tshwane_prepaid");
  const leratoTokens = await lerato.locator("[data-token]").allTextContents();

  const next = await till(browser, colleague);
  // F9: the colleague has sold nothing here, so the till's last slip, Lerato's.
  await pressF9(next);
  await expect(next).toHaveURL(new RegExp(`/slips/${saleId}\\?reprint=1`));
  await expect(next.getByText("REPRINT").first()).toBeVisible();
  await expect(next.getByTestId("slip-sold-by")).toHaveText("Sold by Lerato Cashier");
  expect(await next.locator("[data-token]").allTextContents()).toEqual(leratoTokens);

  // History's search covers the till's 90 days, Lerato's sales too, with who sold them.
  await next.goto(`/history?q=${METER}`);
  const row = next
    .getByRole("table", { name: "Earlier sales at this till" })
    .locator(`tr[data-sale="${saleId}"]`);
  await expect(row.getByTestId("sold-by")).toHaveText("Lerato Cashier");
  await row.getByRole("link", { name: "Reprint" }).click();
  await expect(next).toHaveURL(new RegExp(`/slips/${saleId}\\?reprint=1`));
  await expect(next.getByText("REPRINT").first()).toBeVisible();
  await expect(next.getByTestId("slip-sold-by")).toHaveText("Sold by Lerato Cashier");

  // Lerato's voucher: the slip reprints, its PIN does not (a supervisor reprints it).
  await next.goto(`/slips/${voucherId}`);
  await expect(next.getByText("REPRINT").first()).toBeVisible();
  await expect(next.getByTestId("vas-pin-hidden")).toBeVisible();
  await expect(next.getByTestId("vas-pin")).toHaveCount(0);

  // Each reprint is audited with the colleague's name and the original cashier's.
  const audit = await (
    await supervisor.fetch(`/audit?user=${colleague.username}&kind=slip_reprinted`)
  ).text();
  const reprints = audit.split("<tr").filter((r) => r.includes('data-kind="slip_reprinted"'));
  expect(
    reprints.filter((r) => r.includes(saleId) && r.includes("Lerato Cashier")).length,
  ).toBeGreaterThanOrEqual(2);
  expect(reprints.filter((r) => r.includes(voucherId)).length).toBeGreaterThanOrEqual(1);

  // Once the colleague has sold here, F9 is their own last slip, not Lerato's newer one.
  const ownId = await sellElectricity(next, "18", "cash", METER, "tshwane_prepaid");
  await sellElectricity(lerato, "19", "cash", METER, "tshwane_prepaid");
  await pressF9(next);
  await expect(next).toHaveURL(new RegExp(`/slips/${ownId}\\?reprint=1`));
  await expect(next.getByTestId("slip-sold-by")).toHaveCount(0);

  await lerato.context().close();
  await next.context().close();
});
