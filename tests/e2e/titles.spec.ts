/**
 * Every screen's document title is the spec's route table's (issue 40, point 15), in English
 * and in Chinese, with "· Glow" after it; an item's own name is the page's heading, not its
 * title.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

const ADA = "+15550100001";
const GRACE = "+15550100002";
const KATHERINE = "+15550100004";

test.describe.configure({ timeout: 180_000 });

/** Path → [English title, Chinese title]: the spec's names (section 2), and their translations. */
const MEMBER: Record<string, [string, string]> = {
  "/home": ["Home", "首页"],
  "/profile": ["Profile", "个人资料"],
  "/landing": ["Landing", "介绍"],
  "/qrcode": ["QRcode", "二维码"],
  "/newsfeed": ["Newsfeed", "动态"],
  "/compete": ["Compete", "比赛"],
  "/treasure": ["Treasure", "宝藏"],
  "/treasure/1": ["Treasure", "宝藏"],
  "/compliment": ["Compliment", "称赞"],
  "/secret-salute": ["Secret Salutes", "秘密致敬"],
  "/secret-salute-redirect?id=999999": ["Secret Salutes Redirect", "秘密致敬跳转"],
  "/starsalute": ["Star Salutes", "星星致敬"],
  "/salute-select": ["Salute Select", "选择致敬"],
  "/party/1": ["Party", "派对"],
  "/invite": ["QR Invite", "二维码邀请"],
  "/QRvalidate": ["QR Invite", "二维码邀请"],
  "/playquest": ["Quests", "任务"],
  "/partybuilder": ["Quests", "任务"],
  "/leaderboard": ["LeaderBoard", "排行榜"],
  "/chat-demo": ["Chat Demo", "聊天演示"],
  "/beamkins": ["Your Beamkins", "你的光灵"],
  "/prize-box-demo": ["Prize Box Demo", "奖品盒演示"],
  "/lightball-demo": ["LightBall Demo", "光球演示"],
  "/lightmeter-example": ["LightMeter Example", "光度计示例"],
  "/judging": ["GameMaster", "游戏主持"],
  "/quest-tutorial": ["Quest Tutorial", "任务教程"],
  "/choose-quest": ["Choose Quest", "选择任务"],
  "/user-role-display": ["User Role Display", "用户角色"],
  "/story-landing": ["Story Landing", "故事"],
  "/accept-invite/1": ["Accept Invite", "接受邀请"],
  "/judge-onboarding/1/2": ["Judge Onboarding", "评委入门"],
  "/takeaguess/library-steps": ["Take a Guess", "猜一猜"],
  "/kidnap": ["Kidnap", "捕捉"],
  "/no-such-page": ["Page not found", "页面不存在"],
};
const GAME_MASTER: Record<string, [string, string]> = { "/gamemaster": ["GameMaster", "游戏主持"] };
const RINGLEADER: Record<string, [string, string]> = { "/partymanager": ["Ringleader Dashboard", "领队面板"] };
/** A newcomer's own screens (a member who has signed up and played is sent on from them). */
const NEWCOMER: Record<string, [string, string]> = { "/signup": ["Signup", "注册"], "/start": ["Start", "开始"] };
const VISITOR: Record<string, [string, string]> = { "/": ["Home", "首页"], "/signin": ["Signin", "登录"], "/register": ["Register", "注册"] };

async function titlesOf(page: Page, paths: Record<string, [string, string]>, lang: 0 | 1) {
  const wrong: string[] = [];
  for (const [path, names] of Object.entries(paths)) {
    await page.goto(path);
    const title = await page.title();
    if (title !== `${names[lang]} · Glow`) wrong.push(`${path}: "${title}" (want "${names[lang]} · Glow")`);
  }
  return wrong;
}

for (const [lang, lng] of [[0, "en"], [1, "zh"]] as const) {
  test(`every screen's title is the spec's, in ${lng}`, async ({ page, browser }, testInfo) => {
    // A star salute of this test's own, given in another browser: its receipt, and its post opened alone.
    const giving = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const giver = await giving.newPage();
    await signIn(giver, { withAvatar: true, firstName: "Title", lastName: "Giver" });
    await giver.goto("/starsalute?to=1");
    await giver.getByRole("radio", { name: /1 star/ }).check();
    await giver.getByLabel("Why they deserve it").fill("For the titles");
    await giver.getByRole("button", { name: "Give star salute" }).click();
    await expect(giver).toHaveURL(/\/starsalute\/view\//);
    const receipt = new URL(giver.url()).pathname;
    const post = (await giver.getByRole("link", { name: "See it in the newsfeed" }).getAttribute("href"))!;
    await giving.close();
    // The language chosen once (?lng=) is kept in a cookie for every page after.
    await page.goto(`/landing?lng=${lng}`);
    const wrong = await titlesOf(page, VISITOR, lang);
    await signIn(page, {});
    wrong.push(...(await titlesOf(page, NEWCOMER, lang)));
    await signIn(page, { phone: ADA });
    wrong.push(...(await titlesOf(page, MEMBER, lang)));
    // The route table's two addresses of a post: /newsfeed/{postType}/{id} and /newsfeed/{id}.
    const bare = `/newsfeed/${post.split("/").pop()}`;
    expect(post).toMatch(/^\/newsfeed\/starsalute\/\d+$/);
    wrong.push(...(await titlesOf(page, { [post]: ["Post", "帖子"], [bare]: ["Post", "帖子"], [receipt]: ["Star Receipt", "星星凭证"] }, lang)));
    await signIn(page, { phone: GRACE });
    wrong.push(...(await titlesOf(page, GAME_MASTER, lang)));
    await signIn(page, { phone: KATHERINE });
    wrong.push(...(await titlesOf(page, RINGLEADER, lang)));
    expect(wrong).toEqual([]);
  });
}

test("an item's name is its page's heading: a party, a treasure", async ({ page }) => {
  await signIn(page, { phone: KATHERINE });
  await page.goto("/party/1");
  await expect(page).toHaveTitle("Party · Glow");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Lanterns");
  await page.goto("/treasure/1");
  await expect(page).toHaveTitle("Treasure · Glow");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The fountain's secret");
});
