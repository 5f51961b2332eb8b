import type { Page, Request } from "@playwright/test";
import { expect, hydrated, signIn, test } from "./fixtures";

/**
 * Session start (spec section 4): after cookie consent the device fingerprint is taken and
 * the session validated, once per session and not on every page; the fingerprint is made
 * once per browser session and kept in session storage (issue 26).
 */
test.describe("session start, once", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "session start is the page's script");

  function watch(page: Page) {
    const seen = { validations: [] as Array<Record<string, unknown>>, fingerprintScripts: 0 };
    page.on("request", (request: Request) => {
      if (request.url().endsWith("/sessionvalidation")) seen.validations.push(JSON.parse(request.postData() ?? "{}"));
      if (request.resourceType() === "script" && /fp\.esm/.test(request.url())) seen.fingerprintScripts += 1;
    });
    return seen;
  }

  /** Loads a page and waits for its idle moment to pass (session start runs then, if at all). */
  async function open(page: Page, path: string) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }

  test("validates a new session once, then opens pages without the fingerprint's script", async ({ page }) => {
    const seen = watch(page);
    await signIn(page, { withAvatar: true });
    await open(page, "/newsfeed");
    await expect.poll(() => seen.validations.length).toBe(1);
    expect(seen.fingerprintScripts).toBe(1);
    const fingerprint = String(seen.validations[0]!.fingerprint);
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$|^mobile_\d+_/);
    // Kept for the browser session under the spec's key.
    expect(await page.evaluate(() => sessionStorage.getItem("previous-session"))).toBe(JSON.stringify({ fingerprint }));

    // The next pages: the session is validated, nothing runs and nothing loads.
    await open(page, "/leaderboard");
    await open(page, "/profile");
    expect(seen.validations).toHaveLength(1);
    expect(seen.fingerprintScripts).toBe(1);
  });

  test("a new sign-in in the same tab is validated with the fingerprint already made", async ({ page }) => {
    const seen = watch(page);
    await signIn(page);
    await open(page, "/newsfeed");
    await expect.poll(() => seen.validations.length).toBe(1);
    // Signed in again (another session) in the same browser session.
    await signIn(page);
    await open(page, "/leaderboard");
    await expect.poll(() => seen.validations.length).toBe(2);
    expect(seen.validations[1]!.fingerprint).toBe(seen.validations[0]!.fingerprint);
    // The library was loaded for the first session only.
    expect(seen.fingerprintScripts).toBe(1);
  });

  test("a validated session opened in a new browser session takes no fingerprint", async ({ page, browser }, testInfo) => {
    const seen = watch(page);
    await signIn(page);
    await open(page, "/newsfeed");
    await expect.poll(() => seen.validations.length).toBe(1);

    const later = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: await page.context().storageState(),
    });
    try {
      const again = await later.newPage();
      const seenAgain = watch(again);
      await open(again, "/newsfeed");
      await expect(again.getByRole("button", { name: "Sign out" })).toBeVisible();
      expect(seenAgain.validations).toHaveLength(0);
      expect(seenAgain.fingerprintScripts).toBe(0);
    } finally {
      await later.close();
    }
  });
});
