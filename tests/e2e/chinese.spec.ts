import { collectPageProblems, expect, signIn, test } from "./fixtures";

// What a Chinese reader sees: Chinese punctuation and dates, Chinese names for the game's
// own words, and nothing English assembled around them. Runs with and without JavaScript.

/** The demo world's Ada (seeded: a beamkin, a score, an avatar). Read-only here. */
const ADA = { phone: "+15550100001" };

test.describe("a Chinese reader", () => {
  test("sees full-width brackets for the glow count and the leaderboard's own row", async ({ page }) => {
    await signIn(page, ADA);
    await page.goto("/newsfeed?lng=zh");
    const glow = page.getByRole("button", { name: /发光/ }).first();
    await expect(glow).toHaveText(/（\d+ 次发光）/);
    await expect(glow).not.toHaveText(/\(/);

    await page.goto("/leaderboard?lng=zh");
    const mine = page.locator('tr[aria-current="true"]');
    await expect(mine).toContainText("Ada Lovelace（你）");
    // The game master's English contest name is read by an English voice (decision 0407).
    await expect(page.getByRole("link", { name: "Spring Glow Hunt" }).locator("span")).toHaveAttribute("lang", "en");
  });

  test("reads the profile's dates, optional mark and art credits in Chinese", async ({ page }) => {
    await signIn(page, ADA);
    await page.goto("/profile?lng=zh");
    await expect(page.locator("dd time")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    await expect(page.locator("label", { hasText: "姓" }).first()).toHaveText("姓（可选）");
    const credits = page.getByRole("region", { name: "头像美术" });
    await expect(credits.getByRole("link", { name: "《Pixel Art》" })).toBeVisible();
    await expect(credits).toContainText("作者 DiceBear，CC0 1.0");
    await expect(credits).not.toContainText("“");
  });

  test("sees the day a beamkin was befriended written the Chinese way", async ({ page }) => {
    const problems = collectPageProblems(page);
    await signIn(page, ADA);
    await page.goto("/beamkins?lng=zh");
    await expect(page.getByText(/^结识于 \d{4}年\d{1,2}月\d{1,2}日$/).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("is told in Chinese when an invitation's party does not exist", async ({ page }) => {
    await signIn(page);
    const answer = await page.goto("/accept-invite/2000000000/2/9/judge/email?invitedby=Grace&lng=zh");
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "你的邀请" })).toBeVisible();
    await expect(page.getByTestId("invite-state")).toContainText("这个派对不存在");
    await expect(page.locator("main")).not.toContainText("judge");
  });

  test("reads 发给：Name with no gap after the colon when picking whom to salute", async ({ page }) => {
    await signIn(page, { firstName: "测试" });
    await page.goto("/compliment?q=grace&lng=zh");
    await page.getByRole("link", { name: /Grace Hopper/ }).click();
    await expect(page.locator("p", { hasText: /^发给：/ })).toHaveText("发给：Grace Hopper @grace");
  });

  test("gets no space after a Chinese full stop in the chat without a beamkin", async ({ page }) => {
    await signIn(page);
    await page.goto("/chat-demo?lng=zh");
    await expect(page.locator("p", { hasText: "由 Glow 来回答。" })).toHaveText("你还没有光灵，所以现在由 Glow 来回答。你的光灵");
  });

  test("sees a Chinese name family name first", async ({ page }) => {
    await signIn(page, { firstName: "振仪", lastName: "王" });
    await page.goto("/newsfeed?lng=zh");
    await expect(page.getByRole("banner")).toContainText("王振仪");
  });

  test("keeps Chinese on pages reached by a link after switching language", async ({ page }) => {
    const problems = collectPageProblems(page);
    await signIn(page, ADA);
    await page.goto("/home?lng=en");
    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await page.getByRole("banner").getByRole("link", { name: "排行榜" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("排行榜");
    await expect(page.locator('tr[aria-current="true"]')).toContainText("（你）");
    await page.getByRole("banner").getByRole("link", { name: "致敬" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("向朋友致敬");
    await expect(page).toHaveTitle("选择致敬 · Glow");
    expect(problems).toEqual([]);
  });
});
