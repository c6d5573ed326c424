/**
 * Runs before `npm test` (pretest) and `npm run bench` (prebench): the browser tests and the
 * bench's click-to-token figure need Chromium. The system's (scripts/chromium.mjs)
 * where it is installed (Playwright drives it), otherwise Playwright's own Chromium. When
 * neither is there, install one where this machine allows it (apt-get as root, else
 * `npx playwright install chromium`), or stop at once with the one command that fixes it,
 * instead of failing every browser test one by one.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { systemChromium } from "./chromium.mjs";

/** The command this check runs before, for its messages. */
const command = process.env.npm_lifecycle_event === "prebench" ? "npm run bench" : "npm test";

function playwrightChromium() {
  try {
    const path = chromium.executablePath();
    return fs.existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const found = () => systemChromium() ?? playwrightChromium();
const run = (command, args) =>
  spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  }).status === 0;
const has = (command) =>
  spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

if (!found()) {
  console.log(`${command}: no Chromium for the browser tests; installing one ...`);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && has("apt-get")) {
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium"]);
  }
  if (!found() && process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD !== "1")
    run("npx", ["playwright", "install", "chromium"]);
}

const browser = found();
if (!browser) {
  const fix = has("apt-get")
    ? "sudo apt-get install -y chromium"
    : "npx playwright install --with-deps chromium";
  console.error(
    `\n${command} needs Chromium and none could be installed here.\nRun:  ${fix}\nthen ${command} again.\n`,
  );
  process.exit(1);
}
console.log(`${command}: the browser is ${browser}`);
