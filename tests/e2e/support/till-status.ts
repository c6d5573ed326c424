/**
 * The till's one status area (components/till/till-status.tsx): one line with the most urgent
 * notice, "N more" for the others. A spec finds a notice by its kind and its words, and opens
 * the others when the one it wants is not the first.
 */
import { expect, type Locator, type Page } from "@playwright/test";

export function tillNotice(page: Page, kind: string, hasText?: string | RegExp): Locator {
  const all = page.getByTestId("till-status").locator(`li[data-notice="${kind}"]`);
  return hasText === undefined ? all : all.filter({ hasText });
}

/** The notice on screen, opening "N more" when another notice is more urgent. */
export async function revealNotice(page: Page, notice: Locator): Promise<Locator> {
  await expect(notice).toHaveCount(1);
  if (await notice.isVisible()) return notice;
  const toggle = page.getByTestId("till-status").locator('button[aria-controls="till-notices"]');
  // Pressed again while it has not opened: a click just after a load can land before React
  // has hydrated the button. Never pressed once it says it is open (that would close it).
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 5_000 });
  }).toPass();
  await expect(notice).toBeVisible();
  return notice;
}

/** The others folded away again (they lie over the page while open). */
export async function closeNotices(page: Page): Promise<void> {
  const close = page.getByTestId("till-status").getByRole("button", { name: "Close", exact: true });
  if (await close.isVisible()) await close.click();
}

/** The till's status area has heard from the journal on this page: what it lists is what there is. */
export async function noticesAsked(page: Page): Promise<void> {
  await expect(page.getByTestId("till-status")).not.toHaveAttribute("aria-busy", "true");
}

/**
 * Kassa upgraded under the open page, and the page cannot load the new version (it reloaded
 * less than a minute ago): the next server action `act` calls is unknown to the server, as
 * Next.js answers it. The till says so until the page is reloaded.
 */
export async function kassaUpdatedUnder(page: Page, act: () => Promise<void>) {
  await page.evaluate(() =>
    window.sessionStorage.setItem("kassa.updated.reloadedAt", String(Date.now())),
  );
  await page.route("**/*", async (route) => {
    if (route.request().method() !== "POST" || !route.request().headers()["next-action"])
      return route.fallback();
    await route.fulfill({ status: 404, headers: { "x-nextjs-action-not-found": "1" }, body: "" });
  });
  await act();
  await expect(tillNotice(page, "kassa-updated")).toContainText("could not load the new version");
  await page.unrouteAll({ behavior: "ignoreErrors" });
}
