/**
 * The spec's startup splash and its account load failure toast (issue 27, point 20;
 * decision 1032).
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, signIn, test } from "./fixtures";

type SplashAtParse = { display: string; position: string; pointerEvents: string; hidden: string | null; marked: boolean };

/**
 * Records what the overlay looked like when the document was parsed, before any frame could
 * be painted from it: the decision in <head> has run by then (decision 1032).
 */
async function recordSplashAtParse(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const el = document.getElementById("startup-splash")!;
      const s = getComputedStyle(el);
      (window as unknown as { splashAtParse: SplashAtParse }).splashAtParse = {
        display: s.display,
        position: s.position,
        pointerEvents: s.pointerEvents,
        hidden: el.getAttribute("aria-hidden"),
        marked: document.documentElement.hasAttribute("data-splash"),
      };
    });
  });
}
const splashAtParse = (page: Page) => page.evaluate(() => (window as unknown as { splashAtParse: SplashAtParse }).splashAtParse);

test.describe("the 500 ms startup splash", () => {
  test("covers the first page of a browser session, already rendered under it, for 500 ms; never the next page", async ({ page }, testInfo) => {
    const splash = page.locator("#startup-splash");
    await recordSplashAtParse(page);
    await page.goto("/landing");
    // The page is there under it from the first paint: the splash is an overlay, not a gate.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Play together, glow together");
    if (!testInfo.project.use.javaScriptEnabled) {
      // Without JavaScript there is no splash at all.
      await expect(splash).toBeHidden();
      return;
    }
    // Shown by the script before the first paint, over the whole screen, letting pointers through.
    expect(await splashAtParse(page)).toEqual({ display: "flex", position: "fixed", pointerEvents: "none", hidden: "true", marked: true });
    // Gone after its 500 ms (the fade included), and its mark with it.
    await expect(splash).toBeHidden({ timeout: 3000 });
    await expect(page.locator("html")).not.toHaveAttribute("data-splash");
    // The next page of the session, loaded afresh: no splash.
    await page.goto("/home");
    await hydrated(page);
    expect(await splashAtParse(page)).toMatchObject({ display: "none", marked: false });
    await expect(splash).toBeHidden();
  });

  test("is skipped for a reader who prefers reduced motion", async ({ page }, testInfo) => {
    test.skip(!testInfo.project.use.javaScriptEnabled, "without JavaScript there is never a splash (above)");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await recordSplashAtParse(page);
    await page.goto("/landing");
    await hydrated(page);
    expect(await splashAtParse(page)).toMatchObject({ display: "none", marked: false });
    await expect(page.locator("#startup-splash")).toBeHidden();
  });
});

test("a header avatar that cannot be loaded: the default face, and the error toast 'Failed to get avatar.' with why", async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.javaScriptEnabled, "without JavaScript the picture's alt text stands in its place");
  await signIn(page, { firstName: "Pixel", withAvatar: true });
  await page.route(/\/avatars\/\d+\/\d+\.svg$/, (route) => route.fulfill({ status: 500, body: "broken", contentType: "text/plain" }));
  await page.goto("/leaderboard");
  const toast = page.locator("[data-toast-type=error]").filter({ hasText: "Failed to get avatar." });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Your picture could not be loaded: the server answered 500.");
  await expect(page.getByTestId("header-avatar").locator("img")).toHaveAttribute("src", "/avatars/default.svg");
});

test("a header avatar that loads shows no toast", async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.javaScriptEnabled, "the toast needs JavaScript");
  await signIn(page, { firstName: "Fine", withAvatar: true });
  await page.goto("/leaderboard");
  await hydrated(page);
  const img = page.getByTestId("header-avatar").locator("img");
  await expect(img).toHaveAttribute("src", /^\/avatars\/\d+\/\d+\.svg$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await page.waitForTimeout(500);
  await expect(page.locator("[data-toast-type=error]")).toHaveCount(0);
});
