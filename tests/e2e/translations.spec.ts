import { expect, hydrated, test } from "./fixtures";

// The translation files load in the browser from /locales/{lng}/{ns}.json. On a flaky
// connection they may never arrive: the page must keep the text the server rendered, never
// turn it into keys ("header.signIn", "consent.accept"). Runs with and without JavaScript.

const RAW_KEYS = /\b(?:header\.signIn|consent\.(?:accept|decline|title|text)|nav\.[a-z]+|skipToContent|appName)\b/;

test("a page whose translation files cannot load keeps the server's text, and its forms still work", async ({ page }, testInfo) => {
  const withJs = testInfo.project.name === "chromium";
  const asked: string[] = [];
  await page.route("**/locales/**", (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return route.abort("internetdisconnected");
  });
  const gaveUp = withJs
    ? page.waitForEvent("console", { predicate: (message) => message.text().includes("translations could not be loaded"), timeout: 15_000 })
    : null;

  await page.goto("/signin");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept cookies" })).toBeVisible();

  if (gaveUp) {
    // The spec's retries (350 ms apart, five of them) are over: the browser gave up.
    await gaveUp;
    expect(asked.length).toBeGreaterThan(0);
  }
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Newsfeed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookies" })).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEYS);

  // The page works as it does without JavaScript: the banner's answer is a plain form post.
  await page.getByRole("button", { name: "Accept cookies" }).click();
  await expect(page.getByRole("button", { name: "Accept cookies" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  expect(await page.locator("body").innerText()).not.toMatch(RAW_KEYS);
});

test("a page whose translations cannot load on the way says Glow could not be reached, never shows keys", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript every page comes whole from the server");
  await page.goto("/landing");
  await hydrated(page);
  // The leaderboard's own namespace is not loaded yet; now it cannot be.
  await page.route("**/locales/**", (route) => route.abort("internetdisconnected"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByRole("alert")).toContainText("Glow couldn't be reached", { timeout: 15_000 });
  expect(await page.locator("body").innerText()).not.toMatch(/\b(?:heading|columns\.rank|board\.all)\b/);

  // Once the connection is back, reloading brings the page.
  await page.unroute("**/locales/**");
  await page.getByRole("link", { name: "Reload Page" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "LeaderBoard" })).toBeVisible();
});
