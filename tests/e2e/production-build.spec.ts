import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readActions } from "../../bench/lib/kassa-client";
import { STATE } from "./support/env";
import { expectAccessible } from "./support/screens";

/**
 * What a production build (`next build`, as `npm start` makes it) must not hold: the bench's
 * diagnostics, which read the whole process's journal counters. Only `npm run bench`'s own
 * build (KASSA_BENCH_BUILD=1) compiles them.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
test.use({ storageState: STATE.cashier });

/** Every file of the build's server output whose text names `needle`. */
function filesNaming(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesNaming(file, needle));
    else if (/\.(js|json)$/.test(entry.name) && fs.readFileSync(file, "utf8").includes(needle))
      found.push(file);
  }
  return found;
}

test("a production build has no /bench page and no bench action; Kassa's own not-found leads back", async ({
  page,
}) => {
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  const res = await page.goto("/bench");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("button", { name: "Measure round trip" })).toHaveCount(0);
  // Kassa's own page, with the till's header and a way back; its scripts run under the CSP.
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByTestId("till-name")).toHaveText("Till 1");
  await page.waitForLoadState("load");
  expect(blocked).toEqual([]);
  await expectAccessible(page, "not found");
  await page.getByRole("link", { name: "Back to Kassa" }).click();
  await expect(page).toHaveURL(/\/till$/);
  const actions = readActions(DIST);
  expect(actions.length).toBeGreaterThan(10);
  expect(actions.filter((a) => /bench/i.test(`${a.filename} ${a.exportedName}`))).toEqual([]);
  expect(filesNaming(path.join(DIST, "server"), "benchEmptyAction")).toEqual([]);
});
