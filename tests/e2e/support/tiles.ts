import { expect, type Page } from "@playwright/test";

/**
 * Opens a tile of /till by its shortcut key. The tiles' keys listen once the page is hydrated:
 * the key is pressed again only while the till page is still there, never on the page it
 * opened (where the search or the first field has the focus and would take the key as typed).
 * The wait for the screen is long enough that a slow navigation is not taken for a lost key.
 */
export async function pressTileKey(page: Page, key: string, url: RegExp) {
  await page.goto("/till");
  await expect(async () => {
    if (url.test(page.url())) return;
    await page.keyboard.press(key);
    await expect(page).toHaveURL(url, { timeout: 5000 });
  }).toPass({ timeout: 20_000 });
}
