import { acceptCookies, collectPageProblems, expect, signIn, test } from "./fixtures";

test.describe("home", () => {
  test("greets the visitor five times, each in its own self-hosted display font", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto("/");
    const greetings = page.getByText("Welcome to the Glow game!", { exact: true });
    await expect(greetings).toHaveCount(5);
    const families = await greetings.evaluateAll((nodes) =>
      nodes.map((node) => getComputedStyle(node).fontFamily.split(",")[0]),
    );
    expect(new Set(families).size).toBe(5);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to the Glow game!");
    // Everything, fonts included, comes from our own origin.
    for (const url of requests) expect(new URL(url).hostname).toBe("localhost");
  });

  test("greets a Chinese reader five times too, each in a Chinese display font of its own; English pages never load them", async ({
    page,
  }) => {
    const fontFiles: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fontFiles.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    expect(fontFiles.filter((file) => /\/zh-/.test(file))).toEqual([]);

    await page.goto("/?lng=zh");
    const greetings = page.getByText("欢迎来到 Glow 游戏！", { exact: true });
    await expect(greetings).toHaveCount(5);
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', "")),
    );
    const chinese = ["Zhi Mang Xing", "ZCOOL QingKe HuangYou", "ZCOOL KuaiLe", "Ma Shan Zheng", "Liu Jian Mao Cao"];
    expect(loaded).toEqual(expect.arrayContaining(chinese));
    const partners = await greetings.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).fontFamily.split(",")[1]?.trim()));
    expect(new Set(partners).size).toBe(5);
  });

  test("/home is the same screen", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to the Glow game!");
  });
});

test.describe("languages", () => {
  test("the switcher changes the language and remembers it", async ({ page }) => {
    await page.goto("/newsfeed");
    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("正在发光的事");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("欢迎来到 Glow 游戏！");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to the Glow game!");
  });

  test("?lng= wins over everything", async ({ page }) => {
    await page.goto("/?lng=zh");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("欢迎来到 Glow 游戏！");
  });

  test("Accept-Language picks Chinese for a newcomer", async ({ browser }) => {
    const context = await browser.newContext({ locale: "zh-CN", extraHTTPHeaders: { "Accept-Language": "zh-CN,zh;q=0.9" } });
    const page = await context.newPage();
    await page.goto("/landing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("一起玩，一起发光");
    await context.close();
  });
});

test.describe("themes", () => {
  test("dark, light and back to system, without a flash", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Dark", exact: true }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Dark", exact: true })).toHaveAttribute("aria-pressed", "true");
    // A fresh load is dark from the first byte.
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.getByRole("button", { name: "System" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
  });
});

test.describe("cookie consent", () => {
  test("a newcomer is asked once; the answer is remembered", async ({ page }, testInfo) => {
    await page.goto("/landing");
    await expect(page.getByRole("region", { name: "Cookies" })).toBeVisible();
    await acceptCookies(page);
    await page.goto("/newsfeed");
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "cookiesaccepted")).toBeTruthy();
    if (testInfo.project.name === "chromium") {
      // Written on submit, or mirrored from the cookie once the page hydrates (a click
      // that beat hydration posted the plain form).
      await expect.poll(() => page.evaluate(() => localStorage.getItem("cookiesaccepted"))).toBe("true");
    }
  });

  test("declining also closes the banner", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("region", { name: "Cookies" })).toHaveCount(0);
  });
});

test.describe("newsfeed", () => {
  test("pages through posts 20 at a time and opens one", async ({ page }, testInfo) => {
    await page.goto("/newsfeed");
    const items = page.getByRole("list", { name: "Newsfeed" }).getByRole("listitem");
    await expect(items).toHaveCount(20);
    const firstOfPageOne = await items.first().getByRole("link").textContent();
    await page.getByRole("link", { name: "Show older posts" }).click();
    await expect(page).toHaveURL(/before=/);
    await expect(items.first()).toBeVisible();
    // Retried: with JavaScript the address can change a moment before the new page renders.
    await expect(items.first().getByRole("link")).not.toHaveText(firstOfPageOne!);
    // A post opened from an older page keeps that page under it, and "back" returns to it.
    const firstOfPageTwo = (await items.first().getByRole("link").textContent()) ?? "";
    await items.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(/\/newsfeed\/[a-z]+\/\d+\?before=/);
    await expect(page.getByRole("region", { name: "Post" })).toBeVisible();
    await expect(items.first().getByRole("link")).toHaveText(firstOfPageTwo);
    // With JavaScript focus goes to the opened post (after "Show older posts" kept the page).
    if (testInfo.project.name === "chromium") {
      await expect(page.getByRole("region", { name: "Post" }).getByRole("heading", { level: 2 })).toBeFocused();
    }
    await page.getByRole("link", { name: "Back to the newsfeed" }).click();
    await expect(page).toHaveURL(/\/newsfeed\?before=/);
    await expect(items.first().getByRole("link")).toHaveText(firstOfPageTwo);

    await page.goto("/newsfeed");
    const link = items.first().getByRole("link");
    const headline = (await link.textContent()) ?? "";
    const withJs = testInfo.project.name === "chromium";
    if (withJs) {
      // With JavaScript the post opens inside the page, without loading a new document.
      // (React marks the elements it has hydrated with its props.)
      await page.waitForFunction(() =>
        Object.keys(document.querySelector("main ol") ?? {}).some((key) => key.startsWith("__reactProps")),
      );
      await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    }
    await link.click();
    await expect(page).toHaveURL(/\/newsfeed\/[a-z]+\/\d+$/);
    await expect(page.getByRole("region", { name: "Post" }).getByRole("heading", { level: 2 })).toHaveText(headline);
    // … where focus moves from the link to the open post's heading, which a screen reader reads.
    if (withJs) {
      expect(await page.evaluate(() => "stillThisDocument" in window)).toBe(true);
      await expect(page.getByRole("region", { name: "Post" }).getByRole("heading", { level: 2 })).toBeFocused();
    }
    const id = page.url().split("/").pop();
    await page.goto(`/newsfeed/${id}`);
    await expect(page.getByRole("region", { name: "Post" })).toBeVisible();
  });

  test("an unknown post is the Not-found page, a 404", async ({ page }) => {
    const response = await page.goto("/newsfeed/99999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/home");
  });
});

test("an unknown page is the Not-found page: a 404, titled, inside the site's header", async ({ page }) => {
  const response = await page.goto("/no/such/place");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Glow");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  // A newcomer gets the cookie question here too.
  await expect(page.getByRole("region", { name: "Cookies" })).toBeVisible();
  const zh = await page.goto("/no/such/place?lng=zh");
  expect(zh?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "页面不存在" })).toBeVisible();
  await expect(page.getByRole("link", { name: "回到首页" })).toBeVisible();
});

test("a dead link never signs a member out: the Not-found page leads home and back", async ({ page }) => {
  await signIn(page);
  await page.goto("/leaderboard");
  const response = await page.goto("/a/dead/link", { referer: page.url() });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  // No sign-out button stands in for "back" (the catalogue's NOT_FOUND button signs out).
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  await page.getByRole("link", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.goto("/no/such/place");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("the header marks the current section and its links open pages", async ({ page }, testInfo) => {
  await page.goto("/newsfeed");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Newsfeed" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Leaderboard" })).not.toHaveAttribute("aria-current", /.*/);

  const withJs = testInfo.project.name === "chromium";
  if (withJs) {
    // React marks the elements it has hydrated with its props.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("header") ?? {}).some((key) => key.startsWith("__reactProps")),
    );
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  }
  await nav.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(nav.getByRole("link", { name: "Leaderboard" })).toHaveAttribute("aria-current", "page");
  // With JavaScript the header's plain links navigate inside the page, as <Link>s would.
  // … and the keyboard starts again from the new page's heading, which a screen reader reads.
  if (withJs) {
    expect(await page.evaluate(() => "stillThisDocument" in window)).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  }

  // The skip link stays an in-page link: it takes the keyboard to the content.
  const skip = page.getByRole("link", { name: "Skip to content" });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/leaderboard#main$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

test("pages hydrate without errors and client navigation brings its own translations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "hydration needs JavaScript");
  const problems = collectPageProblems(page);
  await page.goto("/landing?lng=zh");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("一起玩，一起发光");
  // Wait for hydration, then navigate on the client to a screen with another namespace.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.readyState === "complete");
  await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "动态" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("正在发光的事");
  await expect(page.getByRole("list", { name: "动态" }).getByRole("listitem")).toHaveCount(20);
  expect(problems).toEqual([]);
});

test("an opened post shows once: beside the open card, the list leaves it out", async ({ page }) => {
  await page.goto("/newsfeed");
  const first = page.getByRole("list", { name: "Newsfeed" }).getByRole("listitem").first();
  const headline = ((await first.getByRole("link").textContent()) ?? "").trim();
  const href = (await first.getByRole("link").getAttribute("href"))!;
  await page.goto(href);
  await expect(page.getByRole("region", { name: "Post" }).getByRole("heading", { level: 2 })).toHaveText(headline);
  const postId = href.split("/").pop();
  await expect(page.locator(`[data-post-id="${postId}"]`)).toHaveCount(1);
});

test("the main navigation leads to Beamkins, in English and Chinese", async ({ page }) => {
  await page.goto("/landing");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Beamkins" })).toHaveAttribute("href", "/beamkins");
  await page.goto("/landing?lng=zh");
  await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "光灵" })).toHaveAttribute("href", "/beamkins");
});

