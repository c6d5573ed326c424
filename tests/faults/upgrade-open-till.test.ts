import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainText } from "@/lib/money";
import { findAction } from "../../bench/lib/kassa-client";
import { startApp, type Proc } from "../../bench/lib/procs";
import { CHROMIUM_ARGS, systemChromium } from "../../scripts/chromium.mjs";
import { ACTIONS, cashierWithShift, DIST, freePort, fresh, sandboxClient } from "./support/cluster";

/**
 * An upgrade under an open till. Till pages (electricity, a bill, airtime) are loaded from one
 * build, filled in up to Purchase; then that server stops and a second build of the same source
 * (another server-action key, so no action id is shared: the worst case) serves the same
 * journal. Purchase on each old page: the page says Kassa was updated, reloads at most once,
 * sends the sale once under its key, and shows the slip; nothing is typed again, no error shows.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-upgrade");
/** The second build: NEXT_UPGRADE_DIST_DIR reuses one already made (a rerun), else it is built here. */
const DIST2 = process.env.NEXT_UPGRADE_DIST_DIR || `${DIST}-upgrade`;
/** What the till must never say during an upgrade. */
const BAD =
  /never reached Kassa|Press Purchase again|went wrong|Not confirmed|could not be reached/i;

/** Every alert any document of the tab showed, kept across reloads (sessionStorage). */
function recordAlerts(page: Page) {
  return page.addInitScript(() => {
    const seen = () => JSON.parse(sessionStorage.getItem("test.alerts") ?? "[]") as string[];
    new MutationObserver(() => {
      const texts = [...document.querySelectorAll("[role=alert]")]
        .map((e) => e.textContent?.trim() ?? "")
        .filter(Boolean);
      const all = seen();
      for (const t of texts) if (!all.includes(t)) all.push(t);
      sessionStorage.setItem("test.alerts", JSON.stringify(all));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const alertsOf = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("test.alerts") ?? "[]") as string[]);

describe("an upgrade while till pages are open", () => {
  let stopSandbox: () => Promise<void>;
  let app: Proc | undefined;
  let browser: Browser | undefined;
  let port: number;

  beforeAll(async () => {
    if (!process.env.NEXT_UPGRADE_DIST_DIR) {
      // `next build` into another folder adds that folder to tsconfig.json (which lists
      // .next-upgrade already, so it should not): put it back after, with its old time, so the
      // first build never looks older than the sources (first-command.test.ts).
      const tsconfig = fs.readFileSync("tsconfig.json", "utf8");
      const { atime, mtime } = fs.statSync("tsconfig.json");
      const built = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
        env: {
          ...process.env,
          NEXT_DIST_DIR: DIST2,
          NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        },
        encoding: "utf8",
      });
      if (fs.readFileSync("tsconfig.json", "utf8") !== tsconfig) {
        fs.writeFileSync("tsconfig.json", tsconfig);
        fs.utimesSync("tsconfig.json", atime, mtime);
      }
      if (built.status !== 0)
        throw new Error(`second build failed:\n${built.stdout}${built.stderr}`);
    }
    stopSandbox = (await sandbox.start()).stop;
    port = await freePort();
    app = await startApp({
      port,
      distDir: DIST,
      sandboxPort: sandbox.port,
      dataDir: DATA,
      serve: true,
    });
    browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
  }, 1_800_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stopSandbox?.();
    fresh(DATA);
    if (!process.env.NEXT_UPGRADE_DIST_DIR) fs.rmSync(DIST2, { recursive: true, force: true });
  });

  it("sells once from each old page, with at most one reload and the slip on screen", async () => {
    // The worst case: the two builds share no action id (another key), so the old pages' calls are unknown.
    const purchase = (dist: string) =>
      findAction(dist, ACTIONS.electricity("purchaseElectricityAction")).id;
    expect(purchase(DIST2)).not.toBe(purchase(DIST));

    const baseUrl = `http://localhost:${port}`;
    const session = await cashierWithShift(baseUrl);
    const context = await browser!.newContext({ baseURL: baseUrl });
    await context.addCookies(
      session
        .cookies()
        .map((c) => ({ ...c, domain: "localhost", path: "/", sameSite: "Lax" as const })),
    );

    // Build 1: each form filled in up to its last button.
    const electricity = await context.newPage();
    await recordAlerts(electricity);
    await electricity.goto("/electricity");
    await electricity.getByRole("textbox", { name: "Meter number" }).fill("01100000007");
    await electricity.getByLabel("Municipality").selectOption("tshwane_prepaid");
    await electricity.getByRole("button", { name: "Confirm meter" }).click();
    await electricity.getByRole("textbox", { name: "Amount", exact: true }).fill("61.50");

    const bill = await context.newPage();
    await recordAlerts(bill);
    await bill.goto("/bills");
    await bill.getByLabel("Account number").fill("3100200300");
    await bill.getByLabel("Municipality").selectOption("mogale_postpaid");
    await bill.getByRole("button", { name: "Confirm account" }).click();
    await bill.getByRole("region", { name: "Account details" }).waitFor();
    await bill.getByLabel("Amount").fill("123.45");

    const airtime = await context.newPage();
    await recordAlerts(airtime);
    await airtime.goto("/vas");
    await airtime.getByLabel("Search products").fill("mtn airtime r15");
    await airtime.getByLabel("Search products").press("Enter");
    await airtime.getByLabel("Mobile number").fill("083 555 0101");
    await airtime.getByLabel("Mobile number").press("Enter");
    await airtime.getByTestId("vas-total").waitFor();

    // The upgrade: the server stops (gracefully), build 2 serves the same journal.
    await app!.stop();
    app = await startApp({
      port,
      distDir: DIST2,
      sandboxPort: sandbox.port,
      dataDir: DATA,
      serve: true,
    });

    const before = (await sandbox.transactions()).length;
    const sells: [Page, string, string][] = [
      [electricity, "/electricity", "Purchase"],
      [bill, "/bills", "Pay"],
      [airtime, "/vas", "Purchase"],
    ];
    for (const [page, path, button] of sells) {
      let reloads = 0;
      // Documents loaded again at the form's address (history updates of the router are not loads).
      page.on("request", (r) => {
        if (r.isNavigationRequest() && r.frame() === page.mainFrame())
          if (new URL(r.url()).pathname === path) reloads++;
      });
      await page.getByRole("button", { name: button, exact: true }).click();
      await page.waitForURL(/\/slips\/[0-9a-f-]{36}/, { timeout: 60_000 });
      await page.getByRole("article", { name: "Slip" }).waitFor();
      // The builds share no action id (checked above): exactly the one automatic reload.
      expect(reloads, path).toBe(1);
      const alerts = await alertsOf(page);
      expect(
        alerts.filter((a) => BAD.test(a)),
        path,
      ).toEqual([]);
    }
    await expect
      .poll(async () => (await electricity.locator("[data-token]").count()) > 0)
      .toBe(true);
    expect(plainText(await bill.getByRole("article", { name: "Slip" }).innerText())).toContain(
      "R 123,45",
    );
    expect(await airtime.getByTestId("vas-recipient").innerText()).toBe("083 555 0101");

    // One sale each at the core service, and no more.
    const sold = (await sandbox.transactions()).slice(before);
    expect(sold).toHaveLength(3);
    expect(new Set(sold.map((t) => t.idempotency)).size).toBe(3);
    await context.close();
  });
});
