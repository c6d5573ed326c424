/**
 * Which Chromium the browser tests and the bench drive, and its flags, in one place (playwright.config.ts,
 * bench/lib/browser-vend.ts, scripts/check-browser.mjs). CHROMIUM_PATH when it is set (that
 * one and no other); otherwise the distribution's own (Debian's /usr/bin/chromium, Ubuntu's
 * and Fedora's /usr/bin/chromium-browser). undefined: Playwright's own Chromium, if installed.
 */
import fs from "node:fs";

const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/**
 * How every browser test and the bench launch it on this closed network (STACK.md): no
 * sandbox (containers), no GPU, and none of Chromium's own background traffic.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** @returns {string | undefined} */
export function systemChromium() {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : SYSTEM_CHROMIUM;
  return candidates.find((candidate) => fs.existsSync(candidate));
}
