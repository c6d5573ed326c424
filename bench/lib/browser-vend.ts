import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, systemChromium } from "../../scripts/chromium.mjs";
import type { Session } from "./kassa-client";

type Clocked = Window & { __kassaClickAt?: number };

/**
 * In real Chromium, signed in as `session`'s cashier: confirm a meter, type the amount, then
 * time from the click on Purchase (taken inside the page, on the click event) to the first
 * token painted on the slip (checked every animation frame). One figure per run, in ms.
 */
export async function clickToToken(session: Session, runs: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: systemChromium(),
    args: CHROMIUM_ARGS,
  });
  const url = new URL(session.baseUrl);
  const context = await browser.newContext();
  await context.addCookies(
    session
      .cookies()
      .map((c) => ({ ...c, domain: url.hostname, path: "/", sameSite: "Lax" as const })),
  );
  const page = await context.newPage();
  const out: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const response = await page.goto(new URL("/electricity", url).toString());
      if (!(await page.getByRole("textbox", { name: "Meter number" }).isVisible())) {
        throw new Error(
          `/electricity (${response?.status()} at ${page.url()}) shows no meter field:\n${(await page.locator("body").innerText()).slice(0, 800)}`,
        );
      }
      await page.getByRole("textbox", { name: "Meter number" }).fill("01100000007");
      await page.getByLabel("Municipality").selectOption("tshwane_prepaid");
      await page.getByRole("button", { name: "Confirm meter" }).click();
      // Each run its own amount: the same meter for the same amount again would ask "Sell again?".
      await page
        .getByRole("textbox", { name: "Amount", exact: true })
        .fill((50 + run / 100).toFixed(2));
      await page.evaluate(() => {
        document.addEventListener(
          "click",
          () => ((window as Clocked).__kassaClickAt = performance.now()),
          { capture: true, once: true },
        );
      });
      await page.getByRole("button", { name: "Purchase", exact: true }).click();
      const elapsed = await page.waitForFunction(
        () => {
          const w = window as Clocked;
          const token = document.querySelector("[data-token]");
          return token?.textContent?.trim() && w.__kassaClickAt !== undefined
            ? performance.now() - w.__kassaClickAt
            : false;
        },
        null,
        { polling: "raf", timeout: 30_000 },
      );
      out.push(Math.round(((await elapsed.jsonValue()) as number) * 10) / 10);
    }
  } finally {
    await browser.close();
  }
  return out;
}
