import { expect, hydrated, signIn, test } from "./fixtures";

/**
 * What an attacker tries against a member: links from other sites that try to send the
 * member somewhere else.
 */

const ELSEWHERE = "http://elsewhere.example/";
const EVIL = "http://evil.example/";

test.describe("a link from another site", () => {
  test("to //evil.example or /\\evil.example, followed signed in, stays on Glow", async ({ page, baseURL }) => {
    await signIn(page);
    // Another site with the attacker's links, and the attacker's page they point at.
    await page.route(`${EVIL}**`, (route) => route.fulfill({ contentType: "text/html", body: "<h1>Phished</h1>" }));
    for (const link of [`${baseURL}//evil.example/x`, `${baseURL}/\\evil.example/x`]) {
      await page.route(ELSEWHERE, (route) =>
        route.fulfill({ contentType: "text/html", body: `<a href="${link.replaceAll('"', "&quot;")}">A prize for you</a>` }),
      );
      await page.goto(ELSEWHERE);
      await page.getByRole("link", { name: "A prize for you" }).click();
      // The same-site bounce reloads from our origin, signed in, and never off-site.
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      await expect(page.getByRole("heading", { name: "Phished" })).toHaveCount(0);
      await page.unroute(ELSEWHERE);
    }
  });
});

test.describe("a phone two members share", () => {
  test("after 'Sign out', Back shows nothing of the member's", async ({ page }, testInfo) => {
    const firstName = "Bramble";
    const lastName = `Quill${Math.random().toString(36).slice(2, 7)}`;
    await signIn(page, { firstName, lastName });
    await page.goto("/profile");
    await expect(page.getByText(lastName).first()).toBeVisible();
    await page.goto("/treasure");
    if (testInfo.project.use.javaScriptEnabled !== false) await hydrated(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You have successfully logged out!")).toBeVisible();
    // The next person on the phone presses Back: the member's pages are not shown again
    // from the browser's memory or its cache.
    await page.goBack();
    await page.waitForLoadState("load");
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await page.goBack();
    await page.waitForLoadState("load");
    await expect(page.getByText(lastName)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  });
});
