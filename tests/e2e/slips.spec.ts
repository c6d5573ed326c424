import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { STATE } from "./support/env";
import {
  confirmMeter,
  countPrints,
  printsOf,
  serializePurchases,
  slipTokens,
} from "./support/municipal";
import { seeUnseenSlips } from "./support/unseen";

test.use({ storageState: STATE.cashier });
test.beforeEach(async ({ page }) => seeUnseenSlips(page));
serializePurchases(test);

const TSHWANE_KEY_CHANGE = "01300000005";

function pdfText(file: string): string | null {
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } catch {
    return null;
  }
}

test("must show: a Tshwane key-change meter, R 100, three labelled tokens in order; the reprint says REPRINT", async ({
  page,
  browser,
}) => {
  await countPrints(page);
  await confirmMeter(page, TSHWANE_KEY_CHANGE, "tshwane_prepaid");
  await page.getByLabel("Amount").fill("100");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}$/);
  const saleId = new URL(page.url()).pathname.split("/").pop()!;
  const slip = page.getByRole("article", { name: "Slip" });
  const tokens = await slipTokens(page);
  expect(tokens.map(([label]) => label)).toEqual(["Key change 1", "Key change 2", "Credit"]);
  for (const [, digits] of tokens) expect(digits).toMatch(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
  for (const text of [
    "Kassa Demo Store",
    "VAT no. 4123456789",
    "Tax invoice",
    "City of Tshwane (prepaid)",
    TSHWANE_KEY_CHANGE,
    "Kagiso Molefe",
    "kWh",
    "R 100,00",
    "VAT",
    "201317 / 2 / 1",
  ]) {
    await expect(slip).toContainText(text);
  }
  await expect(
    slip.getByRole("img", { name: `Barcode of meter ${TSHWANE_KEY_CHANGE}` }),
  ).toBeVisible();
  await expect(slip).not.toContainText("REPRINT");
  // Till 1 prints by itself, once, after a fresh sale; the address no longer asks for it.
  await expect.poll(() => printsOf(page)).toBe(1);
  expect(page.url()).not.toContain("fresh");
  await page.reload();
  expect(await printsOf(page)).toBe(0);

  // History → Reprint prints on the till's printer at once, exactly as F9 does: once.
  await page.goto("/history");
  await page.locator(`tr[data-sale="${saleId}"]`).getByRole("link", { name: "Reprint" }).click();
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}\\?reprint=1`));
  await expect(slip.getByText("REPRINT")).toHaveCount(2);
  expect((await slipTokens(page)).map(([, d]) => d)).toEqual(tokens.map(([, d]) => d));
  await expect.poll(() => printsOf(page)).toBe(1);
  // Its address no longer asks for a print: a reload does not print it again.
  await expect(page).toHaveURL(new RegExp(`/slips/${saleId}\\?reprint=1$`));
  await page.reload();
  await expect(slip.getByText("REPRINT")).toHaveCount(2);
  expect(await printsOf(page)).toBe(0);

  // The reprint is in the audit log.
  const office = await browser.newContext({ storageState: STATE.supervisor });
  const audit = await office.newPage();
  await audit.goto("/audit?kind=slip_reprinted");
  await expect(audit.getByRole("table", { name: "Audit events" })).toContainText(saleId);
  await office.close();

  // The slip's code opens the public check, signed out, as the customer's phone would; the
  // same code with one character changed is no slip of this shop.
  const code = (await slip.getByTestId("slip-code").textContent())!.trim();
  const phone = await browser.newContext();
  const check = await phone.newPage();
  await check.goto(`/verify/${code}`);
  const answer = check.getByTestId("slip-check");
  await expect(answer).toHaveAttribute("data-found", "yes");
  await expect(answer).toContainText("R 100,00");
  await expect(answer).toContainText("…0005");
  await expect(answer).not.toContainText(tokens[0]![1]);
  const forged = code.slice(0, -1) + (code.endsWith("0") ? "1" : "0");
  await check.goto(`/verify/${forged}`);
  await expect(answer).toHaveAttribute("data-found", "no");
  await phone.close();
});

test("the slip printed to PDF at 80 mm holds the tokens; print media shows only the slip", async ({
  page,
}, testInfo) => {
  // The slip prints itself once (the browser's print()); counted here, so that it is not still
  // printing when the PDF is made ("Page is already being printed").
  await countPrints(page);
  await confirmMeter(page, "01200000006", "tshwane_prepaid");
  await page.getByLabel("Amount").fill("150");
  await page.getByRole("button", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/slips\//);
  await expect.poll(() => printsOf(page)).toBe(1);
  const tokens = await slipTokens(page);
  expect(tokens.map(([l]) => l)).toEqual(["Credit", "Free basic electricity"]);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeHidden();
  await expect(page.getByRole("article", { name: "Slip" })).toBeVisible();
  const box = await page.getByRole("article", { name: "Slip" }).boundingBox();
  // 72 mm of print on an 80 mm roll (96 px per inch).
  expect(Math.round(((box?.width ?? 0) * 25.4) / 96)).toBe(72);

  const file = testInfo.outputPath("slip-80mm.pdf");
  fs.writeFileSync(file, await page.pdf({ width: "80mm", printBackground: true }));
  const pdf = fs.readFileSync(file, "latin1");
  // MediaBox width in points: 80 mm = 226.77 pt.
  const width = Number(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)/.exec(pdf)?.[1]);
  expect(Math.abs(width - 226.77)).toBeLessThan(1);
  const text = pdfText(file);
  test.skip(
    text === null,
    "pdftotext (poppler-utils) is not installed: the PDF's text cannot be read",
  );
  for (const [label, digits] of tokens) {
    expect(text).toContain(label);
    expect(text).toContain(digits);
  }
});

test("Enter on the slip starts the next sale", async ({ page }) => {
  await countPrints(page);
  await confirmMeter(page, "01100000007", "tshwane_prepaid");
  await page.getByLabel("Amount").fill("20");
  await page.getByLabel("Amount").press("Enter");
  await expect(page).toHaveURL(/\/slips\//);
  await expect(page.getByRole("link", { name: "New sale" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/electricity$/);
  await expect(page.getByLabel("Meter number")).toBeFocused();
});
