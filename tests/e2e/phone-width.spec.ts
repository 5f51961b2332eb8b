/**
 * No screen is wider than a phone (issue 40, point 6): at 360 and 390 px every screen, as
 * the member who sees it (a visitor, a member, the game master, a judge, a ringleader, staff),
 * with JavaScript and without, fits the screen's width: nothing scrolls sideways, so nothing
 * is cut off and a tap lands where it looks like it does.
 */
import type { Page } from "@playwright/test";
import { acceptCookies, consolePage, expect, hydrated, sideways, signIn, test, uniquePhone } from "./fixtures";
import { E2E_HOOKS_TOKEN } from "../../playwright.config";

// Dozens of pages in one test, on a busy machine.
test.describe.configure({ timeout: 240_000 });

const ADA = "+15550100001";
const GRACE = "+15550100002";
const ALAN = "+15550100003";
const KATHERINE = "+15550100004";

/** Visits each page and collects every one that scrolls sideways. */
async function expectAllFit(page: Page, paths: readonly string[], js: boolean) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    if (js) await hydrated(page);
    const found = await sideways(page);
    if (found) wide.push(`${path} → ${new URL(page.url()).pathname}: ${found.scrollWidth} px in ${found.width} px; ${found.culprits.join("; ")}`);
    // And with every folded part unfolded (forms to edit, results, the older flow's sections).
    const folded = await page.evaluate(() => {
      const closed = [...document.querySelectorAll("details:not([open])")];
      for (const details of closed) details.setAttribute("open", "");
      return closed.length;
    });
    const unfolded = folded ? await sideways(page) : null;
    if (unfolded) wide.push(`${path} unfolded: ${unfolded.scrollWidth} px in ${unfolded.width} px; ${unfolded.culprits.join("; ")}`);
  }
  expect(wide, "screens wider than the phone").toEqual([]);
}

/**
 * A link's address found on a page (a post, a receipt, a party): the demo world has each,
 * though other tests' posts may have pushed it to a later page of the feed (rel="next").
 */
async function linkOn(page: Page, path: string, prefix: string) {
  await page.goto(path);
  for (let pages = 1; ; pages++) {
    const link = page.locator(`main a[href^="${prefix}"]`).first();
    if (await link.count()) return (await link.getAttribute("href"))!;
    const next = page.locator('main a[rel="next"]').first();
    expect(await next.count(), `a link to ${prefix}… on ${path} (${pages} pages read)`).toBeGreaterThan(0);
    await page.goto((await next.getAttribute("href"))!);
  }
}

const VISITOR = ["/", "/home", "/landing", "/signin", "/register", "/login", "/newsfeed", "/leaderboard", "/start", "/story-landing", "/no-such-page"];

const MEMBER = [
  "/home",
  "/profile",
  "/qrcode",
  "/newsfeed",
  "/compete",
  "/treasure",
  "/treasure/1",
  "/signup",
  "/compliment",
  "/compliment?to=4",
  "/secret-salute",
  "/secret-salute?to=4",
  "/secret-salute-redirect?id=999999",
  "/starsalute",
  "/starsalute?to=4",
  "/salute-select",
  "/invite",
  "/QRvalidate",
  "/playquest",
  "/partybuilder",
  "/leaderboard",
  "/leaderboard?board=week",
  "/chat-demo",
  "/beamkins",
  "/prize-box-demo",
  "/lightball-demo",
  "/lightmeter-example",
  "/gamemaster",
  "/quest-tutorial",
  "/choose-quest",
  "/user-role-display",
  "/user-role-display/enhanced",
  "/story-landing",
  "/start",
  "/kidnap",
  "/takeaguess/library-steps",
  "/takeaguess/rainbow-colour",
  "/judge-onboarding/1/2",
  "/accept-invite/1",
  "/no-such-page",
];

/** A member who has just arrived: the signup form and the story's first screens are theirs. */
const NEWCOMER = ["/signup", "/start", "/story-landing", "/home", "/profile", "/register"];

const GAME_MASTER = ["/gamemaster", "/gamemaster?modal=requests", "/gamemaster/quests", "/gamemaster/treasures", "/gamemaster/treasures/sheet", "/judging", "/compete"];
const JUDGE = ["/judging", "/gamemaster", "/judge-onboarding/1/2"];
const RINGLEADER = ["/partymanager", "/partybuilder", "/qrcode", "/compete"];
const STAFF = ["/dashboard", consolePage("/dev/outbox"), consolePage("/dev/mailbox"), "/api/docs"];

for (const width of [360, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("every screen a visitor sees fits, the sign-in's code step too", async ({ page }, testInfo) => {
      const js = testInfo.project.use.javaScriptEnabled !== false;
      await expectAllFit(page, VISITOR, js);
      // The code step is the same address after a post: checked where it is drawn.
      await page.goto("/signin");
      await acceptCookies(page);
      await page.getByLabel("Phone number").fill(uniquePhone().slice(2));
      await page.getByRole("button", { name: "Send Code" }).click();
      await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
      expect(await sideways(page), "the sign-in's code step").toBeNull();
    });

    test("every screen a newcomer sees fits", async ({ page }, testInfo) => {
      await signIn(page, {});
      await expectAllFit(page, NEWCOMER, testInfo.project.use.javaScriptEnabled !== false);
    });

    test("every screen a member sees fits, with the pages their links open", async ({ page }, testInfo) => {
      await signIn(page, { phone: ADA });
      const salutePost = await linkOn(page, "/newsfeed", "/newsfeed/starsalute/");
      const found = [
        salutePost,
        // The same post by its bare number (the route table's /newsfeed/{id}).
        `/newsfeed/${salutePost.split("/").pop()}`,
        await linkOn(page, "/newsfeed", "/newsfeed/contest/"),
        await linkOn(page, "/leaderboard?board=parties", "/party/"),
        await linkOn(page, salutePost, "/starsalute/view/"),
      ];
      await expectAllFit(page, [...MEMBER, ...found], testInfo.project.use.javaScriptEnabled !== false);
    });

    test("every screen the game master, a judge and a ringleader see fits", async ({ page }, testInfo) => {
      const js = testInfo.project.use.javaScriptEnabled !== false;
      await signIn(page, { phone: GRACE });
      await expectAllFit(page, GAME_MASTER, js);
      await signIn(page, { phone: ALAN });
      await expectAllFit(page, JUDGE, js);
      // The score form is checked where a judge of a fresh contest opens it (contests.spec.ts).
      await signIn(page, { phone: KATHERINE });
      const party = await linkOn(page, "/partymanager", "/party/");
      // A party of her own (the demo parties fill up with the tests' invitations), its
      // invitation's link and QR code, and the invitation as the one invited opens it.
      await page.goto("/partybuilder");
      await page.getByLabel("Contest").selectOption({ label: "No contest: a friends' party" });
      await page.getByLabel("Party name").fill(`Wide Lamps ${Math.random().toString(36).slice(2, 7)}`);
      await page.getByLabel("Size cap").fill("6");
      await page.getByRole("radio", { name: /^By invitation/ }).check();
      await page.getByRole("button", { name: "Build the party" }).click();
      await expect(page).toHaveURL(/\/partymanager\?party=\d+$/);
      await page.getByRole("button", { name: "Create an invite link" }).click();
      await expect(page).toHaveURL(/\/qrcode\?invite=/);
      const qr = new URL(page.url());
      const invitation = new URL(await page.getByTestId("invite-link").inputValue());
      await expectAllFit(page, [...RINGLEADER, party, qr.pathname + qr.search], js);
      await signIn(page, {});
      await expectAllFit(page, [invitation.pathname + invitation.search], js);
    });

    test("every screen staff see fits", async ({ page }, testInfo) => {
      const username = `admin-${process.pid}-${width}-${Date.now() % 100_000}`;
      const password = `password for ${username}`;
      const made = await page.request.post("/__e2e/staff", { headers: { "x-e2e-token": E2E_HOOKS_TOKEN }, data: { username, password, isAdmin: true, resources: [] } });
      expect(made.ok()).toBeTruthy();
      await page.goto("/login");
      if (testInfo.project.use.javaScriptEnabled !== false) await hydrated(page);
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      await expectAllFit(page, STAFF, testInfo.project.use.javaScriptEnabled !== false);
    });
  });
}

test("at 390 px the star salute's choices are all in view and a tap on 'Give star salute' reaches it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { phone: ADA });
  await page.goto("/starsalute?to=4");
  for (const name of ["1 star", "2 stars", "3 stars"]) {
    const box = (await page.getByRole("radio", { name }).locator("xpath=ancestor::label").boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  const give = page.getByRole("button", { name: "Give star salute" });
  await give.scrollIntoViewIfNeeded();
  const reached = await give.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  expect(reached).toBe(true);
});
