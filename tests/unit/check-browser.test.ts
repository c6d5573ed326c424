import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm test` and `npm run bench` first run scripts/check-browser.mjs: with a Chromium it says
 * which; with none it installs one where it may, and otherwise stops at once with the one
 * command that fixes it, instead of every browser test failing on its own.
 */
const script = path.join(process.cwd(), "scripts/check-browser.mjs");

// A PATH with node and sh only: no apt-get, so the check can never install anything here.
const bin = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-check-browser-"));
fs.symlinkSync(process.execPath, path.join(bin, "node"));
fs.symlinkSync("/bin/sh", path.join(bin, "sh"));
afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

function check(env: Record<string, string>) {
  return spawnSync(process.execPath, [script], {
    encoding: "utf8",
    timeout: 30_000,
    env: { NODE_ENV: "test", PATH: bin, HOME: process.env.HOME ?? "/tmp", ...env },
  });
}

describe("the browser check before npm test", () => {
  it("names the Chromium it found", () => {
    const run = check({ CHROMIUM_PATH: process.execPath }); // any file that exists will do
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`npm test: the browser is ${process.execPath}`);
  });

  it("stops at once with the command that fixes it when there is no Chromium to use", () => {
    const run = check({
      CHROMIUM_PATH: "/nonexistent/chromium",
      PLAYWRIGHT_BROWSERS_PATH: "/nonexistent/playwright-browsers",
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("npm test needs Chromium");
    expect(run.stderr).toContain("Run:  npx playwright install --with-deps chromium");
  });

  it("speaks of npm run bench when it runs before the bench", () => {
    const run = check({
      CHROMIUM_PATH: "/nonexistent/chromium",
      PLAYWRIGHT_BROWSERS_PATH: "/nonexistent/playwright-browsers",
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
      npm_lifecycle_event: "prebench",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("then npm run bench again");
  });
});
