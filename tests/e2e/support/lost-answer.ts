/**
 * Network tricks for the exactly-once specs: the purchase reaches the server and completes,
 * then the browser loses the answer (a dropped connection); and the journal made unreachable
 * so that a page cannot learn the outcome before it is reloaded or closed.
 */
import type { Page, Route } from "@playwright/test";

/** The next purchase POST (a server action carrying the sale key) completes on the server, then its answer is dropped; `dropped()` says it has been. */
export async function dropNextPurchaseAnswer(
  page: Page,
  formPath: string,
): Promise<{ dropped: () => boolean }> {
  let dropped = false;
  const handler = async (route: Route) => {
    const req = route.request();
    if (
      !dropped &&
      req.method() === "POST" &&
      req.headers()["next-action"] &&
      (req.postData() ?? "").includes("idempotencyKey")
    ) {
      dropped = true;
      await route.fetch({ timeout: 60_000 });
      await route.abort("connectionreset");
      return;
    }
    await route.fallback();
  };
  await page.route(`**${formPath}`, handler);
  return { dropped: () => dropped };
}

/** The journal cannot be asked from this page (until `page.unrouteAll`). */
export async function cutJournal(page: Page) {
  await page.route("**/api/sales/by-key/**", (route) => route.abort("connectionreset"));
}
