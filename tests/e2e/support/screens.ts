import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The sizes counters and kiosks use: a 4:3 till, a phone, a landscape and a portrait kiosk. */
export const SIZES = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1080, height: 1920 },
] as const;

export function sizeName(size: { width: number; height: number }): string {
  return `${size.width}×${size.height}`;
}

export async function expectNoHorizontalOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect.soft(overflow, `${where}: wider than the screen`).toBeLessThanOrEqual(0);
}

/**
 * The element is wholly inside the viewport. With `unscrolled`, the page has not scrolled
 * either (a focused element scrolls itself into view): it fits as the screen first shows it.
 */
export async function expectInViewport(
  page: Page,
  locator: Locator,
  where: string,
  { unscrolled = false } = {},
) {
  await expect(locator, where).toBeVisible();
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  expect(box, where).not.toBeNull();
  // Within a pixel: boxes sit at fractional positions, and an element scrolled into view is
  // laid flush with the edge (844.22 on an 844 px screen is in view).
  const PX = 1;
  expect
    .soft(box!.y + box!.height, `${where}: below the fold`)
    .toBeLessThanOrEqual(view.height + PX);
  expect
    .soft(box!.x + box!.width, `${where}: off the right edge`)
    .toBeLessThanOrEqual(view.width + PX);
  expect.soft(box!.y, `${where}: above the top`).toBeGreaterThanOrEqual(-PX);
  expect.soft(box!.x, `${where}: off the left edge`).toBeGreaterThanOrEqual(-PX);
  if (unscrolled)
    expect
      .soft(await page.evaluate(() => window.scrollY), `${where}: only after scrolling`)
      .toBe(0);
}

/**
 * Every visible button, link and form field of the screen (page and staff bar) is at least
 * `min` px high and wide; a checkbox or radio is measured by its label, which is what a
 * finger touches.
 */
export async function expectTouchTargets(page: Page, min: number, where: string) {
  const small = await page.evaluate((min) => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      "main button, main a[href], main input, main select, main textarea, header button, header a[href]",
    );
    for (const control of controls) {
      if (control instanceof HTMLInputElement && control.type === "hidden") continue;
      const toggle =
        control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type);
      const target = (toggle && control.closest("label")) || control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      if (Math.min(box.width, box.height) < min - 0.5) {
        const name =
          control.getAttribute("aria-label") ||
          control.textContent?.trim() ||
          control.id ||
          control.tagName;
        found.push(`${name.slice(0, 40)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, min);
  expect.soft(small, `${where}: touch targets under ${min} px`).toEqual([]);
}

/** No horizontal overflow, the next action in view, every touch target big enough. */
export async function expectFits(
  page: Page,
  next: Locator,
  where: string,
  { min, unscrolled = false }: { min: number; unscrolled?: boolean },
) {
  await expectNoHorizontalOverflow(page, where);
  await expectInViewport(page, next, `${where}: next action`, { unscrolled });
  await expectTouchTargets(page, min, where);
}

/** axe-core: no serious or critical WCAG 2.1 A/AA violation on the screen as it is now. */
export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    where,
  ).toEqual([]);
}

/**
 * Nothing in the page's main area sticks out: no element beyond the screen's left or right
 * edge, and no button, field, list or paragraph whose content is wider than its box (text cut
 * off, or a box that scrolls sideways). The page's own width alone (expectNoHorizontalOverflow)
 * misses what overflows inside a scrolling area.
 */
export async function expectNothingSticksOut(page: Page, where: string) {
  const out = await page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    for (const el of document.querySelectorAll<HTMLElement>("main *")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (el.getAttribute("aria-label") || el.textContent || el.tagName)
        .trim()
        .slice(0, 40);
      if (box.left < -1 || box.right > width + 1) found.push(`${name}: beyond the screen`);
      else if (
        el.matches("button, input, li, ul, p, h1, h2, label") &&
        el.scrollWidth > el.clientWidth + 1
      )
        found.push(`${name}: ${el.scrollWidth - el.clientWidth} px wider than its box`);
    }
    return found;
  });
  expect.soft(out, `${where}: sticks out`).toEqual([]);
}

/** `upper` ends before `lower` begins: nothing of one lies under the other. */
export async function expectAbove(upper: Locator, lower: Locator, where: string) {
  const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
  expect(a && b, where).toBeTruthy();
  expect.soft(a!.y + a!.height, `${where}: overlaps`).toBeLessThanOrEqual(b!.y + 0.5);
}
