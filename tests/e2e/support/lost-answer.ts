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
  let taken = false;
  let dropped = false;
  const handler = async (route: Route) => {
    const req = route.request();
    if (
      !taken &&
      req.method() === "POST" &&
      req.headers()["next-action"] &&
      (req.postData() ?? "").includes("idempotencyKey")
    ) {
      taken = true;
      await route.fetch({ timeout: 60_000 });
      // Only now has the server answered: a spec that waits for this may rely on the sale
      // being in the journal (another tab's request under the same key comes second).
      dropped = true;
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
