import { expect, signIn, test } from "./fixtures";

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
