import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Whether the middle of `target` is what a tap there reaches (nothing, like the banner, covers it). */
function reachable(page: Page, target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === element || element.contains(hit));
  });
}

test.describe("the cookie banner on a narrow screen", () => {
  for (const [width, height, lng, send, decline] of [
    [375, 740, "en", "Send Code", "Decline"],
    [375, 667, "en", "Send Code", "Decline"],
    [320, 568, "en", "Send Code", "Decline"],
    [360, 740, "zh", "发送验证码", "拒绝"],
  ] as const) {
    test(`at ${width}×${height} (${lng}) Send Code can be reached before answering it`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(`/signin?lng=${lng}`);
      const banner = page.getByRole("region", { name: lng === "en" ? "Cookies" : "Cookie" });
      await expect(banner).toBeVisible();
      await page.locator("#phone").fill("555-010-0777");
      const button = page.getByRole("button", { name: send });

      // Compact: the answers sit in one full-width row under the text, not beside a squeezed column.
      const text = (await banner.locator("p").boundingBox())!;
      const answer = (await banner.getByRole("button", { name: decline }).boundingBox())!;
      expect(answer.y).toBeGreaterThanOrEqual(text.y + text.height);
      expect(text.width).toBeGreaterThan(width - 60);
      expect((await banner.boundingBox())!.height).toBeLessThan(200);

      // Reached by the keyboard: the focus scrolls it clear of the banner.
      await button.focus();
      await expect(button).toBeFocused();
      expect(await reachable(page, button)).toBe(true);
      // And by scrolling: the page's foot leaves room for the banner.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await reachable(page, button)).toBe(true);
    });
  }
});
