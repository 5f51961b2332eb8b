import type { Page } from "@playwright/test";
import { expect, hydrated, otherMember, signIn, test, uniqueName, uniquePhone } from "./fixtures";

/**
 * A member on a bad day: a connection that drops while a post is on its way, a second tab
 * with an old form, a double click.
 */

/** Posts to `path` fail as a dropped connection would; pages and scripts still load. */
async function dropPostsTo(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()),
  );
}


const chatError = "Sorry, I encountered an error. Please try again.";
const unreachable = "Glow couldn't be reached, so that didn't go through. Check your connection and try again.";

test.describe("a connection that drops mid-post", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the browser shows its own offline page");

  test("a compliment that never arrived keeps the page and what was typed, and sends on the next try", async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, { ...uniqueName("Tunnel"), phone: uniquePhone(), withAvatar: true });
    const friend = await otherMember(browser, testInfo, "Ferry");
    await page.goto(`/compliment?to=${friend.memberId}`);
    await page.getByLabel("Your compliment").fill("Typed on the train before the tunnel");
    await page.getByLabel("Gems to give (optional)").fill("1");
    await hydrated(page);

    await dropPostsTo(page, "/compliment");
    await page.getByRole("button", { name: "Send compliment" }).click();
    await expect(page.locator("[data-toast-type=error]")).toContainText(unreachable);
    await expect(page.getByRole("heading", { name: "Send a compliment" })).toBeVisible();
    await expect(page.getByLabel("Your compliment")).toHaveValue("Typed on the train before the tunnel");
    await expect(page.getByLabel("Gems to give (optional)")).toHaveValue("1");
    await expect(page.getByRole("button", { name: "Send compliment" })).toBeEnabled();

    await page.unrouteAll();
    await page.getByRole("button", { name: "Send compliment" }).click();
    await expect(page).toHaveURL(/\/newsfeed\/compliment\/\d+$/);
    await expect(page.getByRole("region", { name: "Post" }).getByText("Typed on the train before the tunnel")).toBeVisible();
    await friend.context.close();
  });

  test("suggestions that cannot load say so and leave the search as typed; Search still works", async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, { ...uniqueName("Seeker"), phone: uniquePhone(), withAvatar: true });
    const friend = await otherMember(browser, testInfo, "Sought");
    await page.goto("/compliment");
    await hydrated(page);
    await page.route((url) => url.pathname === "/salutes/recipients", (route) => route.abort("internetdisconnected"));
    const search = page.getByLabel(/Who do you want to salute/);
    const surname = friend.name.split(" ")[1]!;
    await search.pressSequentially(surname, { delay: 30 });
    await expect(page.getByText("Suggestions couldn't load. Press Search to look anyway.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send a compliment" })).toBeVisible();
    await expect(search).toHaveValue(surname);

    await page.unrouteAll();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("list", { name: "Matching members" }).getByRole("link", { name: friend.name })).toBeVisible();
    await friend.context.close();
  });

  test("a companion chat message that never arrived comes back to the box, with the failure said", async ({ page }) => {
    await signIn(page, { ...uniqueName("Faraway"), phone: uniquePhone(), withAvatar: true });
    await page.goto("/beamkins");
    await page.getByRole("button", { name: "Befriend Sparkit" }).click();
    await expect(page.getByRole("heading", { name: /Sparkit/, level: 3 })).toBeVisible();
    await page.goto("/newsfeed");
    await hydrated(page);
    // Opened as a keyboard opens it: the companion wanders, and a pointer waits for it to stand still.
    await page.getByTestId("floating-companion").press("Enter");
    const dialog = page.getByRole("dialog", { name: "Chat with Sparkit" });
    await expect(dialog.getByRole("log")).toContainText("No messages yet");
    await dropPostsTo(page, "/beamkins/chat");
    const box = dialog.getByLabel("Message");
    await box.fill("Can you hear me from the tunnel?");
    await box.press("Enter");
    await expect(dialog.getByText(chatError)).toBeVisible();
    await expect(box).toHaveValue("Can you hear me from the tunnel?");
    await expect(dialog.locator("[data-role=user]")).toHaveCount(0);

    await page.unrouteAll();
    await box.press("Enter");
    await expect(dialog.locator("[data-role=user]")).toContainText(["Can you hear me from the tunnel?"]);
    await expect(dialog.locator("[data-role=assistant]")).toHaveCount(1);
    await expect(box).toHaveValue("");
  });

  test("a glow that never arrived leaves the feed in place, as it was", async ({ page }) => {
    await signIn(page, { ...uniqueName("Glower"), phone: uniquePhone(), withAvatar: true });
    await page.goto("/newsfeed");
    const glow = page.locator("button[name=glow]").first();
    const before = await glow.innerText();
    await hydrated(page);

    await dropPostsTo(page, "/reactions");
    await glow.click();
    await expect(page.locator("[data-toast-type=error]")).toContainText(unreachable);
    await expect(page.getByRole("heading", { name: "Newsfeed" })).toBeVisible();
    await expect(page.locator("button[name=glow]").first()).toHaveText(before);
  });
});

test.describe("a page that cannot be loaded", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the browser shows its own offline page");

  test("a link followed while the connection is down says Glow couldn't be reached, and Reload Page brings the page", async ({
    page,
  }) => {
    await page.goto("/newsfeed");
    await hydrated(page);
    await page.route("**/leaderboard.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" }).click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Glow couldn't be reached. Check your connection, then reload the page.")).toBeVisible();

    await page.unroute("**/leaderboard.data*");
    await page.getByRole("link", { name: "Reload Page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  });
});

test.describe("a background reload that cannot reach Glow", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript nothing reloads in the background");

  test("the feed's poll finds something new while the connection is down: the page stays as it was", async ({ page }) => {
    await page.goto("/newsfeed");
    await hydrated(page);
    const firstPost = page.getByRole("list", { name: "Newsfeed" }).getByRole("heading").first();
    const shownFirst = await firstPost.textContent();
    // The poll answers that something new arrived; the page's data then cannot be fetched.
    await page.route("**/feed/updates*", (route) => route.fulfill({ json: { newest: { id: 2_000_000_000 } } }));
    await page.route("**/newsfeed.data*", (route) => route.abort("internetdisconnected"));
    const tried = page.waitForRequest(/\/newsfeed\.data/);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await tried;
    await page.waitForLoadState("networkidle");

    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "What's glowing" })).toBeVisible();
    await expect(firstPost).toHaveText(shownFirst!);

    // Back online, the next reload brings the page's data as usual.
    await page.unroute("**/newsfeed.data*");
    const reloaded = page.waitForResponse(/\/newsfeed\.data/);
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    expect((await reloaded).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "What's glowing" })).toBeVisible();
  });
});

test.describe("a second tab with an old form", () => {
  test("gems spent in one tab: the other tab's send is refused, with the count that is true now", async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, { ...uniqueName("Twotabs"), phone: uniquePhone(), withAvatar: true });
    const friend = await otherMember(browser, testInfo, "Otto");
    const other = await otherMember(browser, testInfo, "Olga");
    const stale = await page.context().newPage();
    await stale.goto(`/compliment?to=${other.memberId}`);
    await expect(stale.getByText("You have 10 gems left to give this week.")).toBeVisible();

    await page.goto(`/compliment?to=${friend.memberId}`);
    await page.getByLabel("Your compliment").fill("Eight gems for the best map maker");
    await page.getByLabel("Gems to give (optional)").fill("8");
    await page.getByRole("button", { name: "Send compliment" }).click();
    await expect(page).toHaveURL(/\/newsfeed\/compliment\/\d+$/);

    if (testInfo.project.use.javaScriptEnabled) await hydrated(stale);
    await stale.getByLabel("Your compliment").fill("Five gems from the old tab");
    await stale.getByLabel("Gems to give (optional)").fill("5");
    await stale.getByRole("button", { name: "Send compliment" }).click();
    await expect(stale.getByText("You don't have that many gems left this week.")).toBeVisible();
    await expect(stale.getByText("You have 2 gems left to give this week.")).toBeVisible();
    await expect(stale.getByText("You have 10 gems left to give this week.")).toHaveCount(0);
    await expect(stale.getByLabel("Your compliment")).toHaveValue("Five gems from the old tab");
    await friend.context.close();
    await other.context.close();
  });

  test("light given in one tab: the other tab's give is refused, with the balance that is true now", async ({ page }, testInfo) => {
    await signIn(page, { ...uniqueName("Lumen"), phone: uniquePhone(), withAvatar: true });
    await page.goto("/beamkins");
    await page.getByRole("button", { name: "Befriend Sparkit" }).click();
    await expect(page.getByRole("heading", { name: /Sparkit/, level: 3 })).toBeVisible();
    await expect(page.getByTestId("member-light")).toHaveText("You have 5 light to give.");
    const stale = await page.context().newPage();
    await stale.goto("/beamkins");

    await page.getByLabel(/Light to give/).fill("5");
    await page.getByRole("button", { name: /Give light/ }).click();
    await expect(page.getByTestId("member-light")).toHaveText("You have 0 light to give.");

    if (testInfo.project.use.javaScriptEnabled) await hydrated(stale);
    await stale.getByLabel(/Light to give/).fill("3");
    await stale.getByRole("button", { name: /Give light/ }).click();
    await expect(stale.getByRole("alert").filter({ hasText: "You don't have that much light. You have 0." })).toBeVisible();
    await expect(stale.getByTestId("member-light")).toHaveText("You have 0 light to give.");
    await expect(stale.getByLabel(/Light to give/)).toHaveValue("3");
  });
});

test.describe("a post still on its way", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript the browser shows its own loading state");

  test("befriending a starter: every starter's button waits until the first press is answered", async ({ page }) => {
    await signIn(page, { ...uniqueName("Slowpoke"), phone: uniquePhone(), withAvatar: true });
    await page.goto("/beamkins");
    await hydrated(page);
    // Hold the post until the buttons have been looked at, as a slow connection would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/beamkins/obtain"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Befriend Sparkit" }).click();
    await expect(page.getByRole("button", { name: "Befriend Sparkit" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Befriend Mothlume" })).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { name: /Sparkit/, level: 3 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Befriend Mothlume" })).toHaveCount(0);

    // Choosing the companion and the backpack wait too.
    let releaseBackpack!: () => void;
    const backpackHeld = new Promise<void>((resolve) => (releaseBackpack = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/beamkins/backpack"),
      async (route) => {
        await backpackHeld;
        await route.continue();
      },
    );
    const backpack = page.locator("#backpack").getByRole("button");
    await backpack.focus();
    await page.keyboard.press("Enter");
    await expect(backpack).toBeDisabled();
    // Waiting does not take the focus away from the button the member pressed.
    await expect(backpack).toBeFocused();
    releaseBackpack();
    await expect(backpack).toBeEnabled();
    await expect(backpack).toBeFocused();
  });
});

test.describe("pressed twice", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "without JavaScript Enter makes a new line; the button sends");

  test("a double Enter in the chat sends the message once and gets one reply", async ({ page }) => {
    await signIn(page, { ...uniqueName("Chatty"), phone: uniquePhone(), withAvatar: true });
    await page.goto("/beamkins");
    await page.getByRole("button", { name: "Befriend Sparkit" }).click();
    await expect(page.getByRole("heading", { name: /Sparkit/, level: 3 })).toBeVisible();
    await page.goto("/chat-demo");
    await hydrated(page);
    let posts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/chat-demo"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        posts += 1;
        await held;
        await route.continue();
      },
    );
    const box = page.getByLabel("Message");
    await box.fill("Are you glowing today?");
    await box.press("Enter");
    await expect(page.getByRole("button", { name: "Sending…" })).toBeDisabled();
    await box.press("Enter");
    release();
    await expect(page.getByText("Are you glowing today?")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    expect(posts).toBe(1);
    await page.reload();
    await expect(page.getByText("Are you glowing today?")).toHaveCount(1);
  });
});
