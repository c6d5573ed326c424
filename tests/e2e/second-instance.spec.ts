import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { E2E } from "./support/env";

/**
 * Two processes on one PGlite folder would corrupt it silently. A second `next start`
 * on the folder of the running test server must stop with a message, and the first must
 * keep serving.
 */
test("a second next start on the same PGlite folder exits with a message; the first keeps serving", async ({
  page,
}) => {
  const second = spawnSync("npx", ["next", "start", "-p", String(E2E.appPort + 77)], {
    env: {
      ...process.env,
      KASSA_DATA_DIR: E2E.dataDir,
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stderr + second.stdout).toMatch(
    /journal folder .* is in use by another Kassa process/,
  );
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});
