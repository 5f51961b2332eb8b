import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { acceptCookies, consolePage, expect, hydrated, signIn, test, uniquePhone } from "./fixtures";

/**
 * Every screen, as the role that sees it, through axe-core's WCAG 2.2 AA rules (issue 39,
 * decisions 1183, 1350): with JavaScript (project chromium) in the light and the dark theme, and
 * without it (project no-js). Any violation fails. Colour contrast axe cannot decide
 * ("incomplete": text over a gradient or a picture) is written to axe-incomplete-*.json in
 * the test's output and was checked by hand once (decision 1350 lists it).
 *
 * One browser page per role, reused from screen to screen, and one axe pass per screen.
 */

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The demo world's people (README): members sign in through the test hook, staff at /login. */
const ADA = "+15550100001";
const GRACE = "+15550100002";
const ALAN = "+15550100003";
const KATHERINE = "+15550100004";

/**
 * A screen: its address; or how to reach it from a page the role can open (links followed in
 * turn); or a page in the state a step of the member's leaves it in (sign-in's code step).
 */
type Screen = string | { from: string; links: string[] } | { at: string; step: (page: Page) => Promise<void> };

interface Role {
  signIn: (page: Page, js: boolean) => Promise<void>;
  screens: Screen[];
}

const asMember = (phone: string) => async (page: Page) => {
  await signIn(page, { phone });
};

const roles: Record<string, Role> = {
  visitor: {
    signIn: async () => {},
    screens: [
      "/",
      "/home",
      "/landing",
      "/signin",
      "/register",
      "/start",
      "/story-landing",
      "/quest-tutorial",
      "/leaderboard",
      "/newsfeed",
      // A star salute's public receipt, from its post.
      { from: "/newsfeed", links: ['main a[href^="/newsfeed/starsalute/"]', 'main a[href^="/starsalute/view/"]'] },
      "/invite",
      "/QRvalidate",
      "/prize-box-demo",
      "/lightball-demo",
      "/lightmeter-example",
      "/login",
      "/api/docs",
      "/no/such/place",
      "/offline",
      // Sign-in's second step, the code field, once a code was texted (last: accepting the
      // cookies to send it takes the banner off the screens after it).
      {
        at: "/signin",
        step: async (page) => {
          await acceptCookies(page);
          await page.getByLabel("Phone number").fill(uniquePhone().slice(2));
          await page.getByRole("button", { name: "Send Code" }).click();
          await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
        },
      },
    ],
  },
  member: {
    signIn: asMember(ADA),
    screens: [
      "/home",
      "/newsfeed",
      { from: "/newsfeed", links: ['main a[href^="/newsfeed/"]'] },
      "/profile",
      "/playquest",
      "/choose-quest",
      "/treasure",
      { from: "/treasure", links: ['main a[href^="/treasure/"]'] },
      "/takeaguess/library-steps",
      "/compete",
      "/salute-select",
      "/compliment",
      "/compliment?to=4",
      "/secret-salute",
      "/secret-salute?to=4",
      // A notification's link to a salute that is not there: the page says why.
      "/secret-salute-redirect?id=999999",
      "/starsalute",
      "/starsalute?to=4",
      "/leaderboard?board=parties",
      { from: "/leaderboard?board=parties", links: ['main a[href^="/party/"]'] },
      // A party's invitation and a contest's judge onboarding, as the invited member opens them.
      "/accept-invite/1",
      "/judge-onboarding/1/2",
      "/partybuilder",
      "/qrcode",
      "/beamkins",
      "/chat-demo",
      "/user-role-display",
      "/user-role-display/enhanced",
    ],
  },
  // Signed in for the first time: the registration's details step and the signup.
  newcomer: { signIn: async (page) => void (await signIn(page, { phone: uniquePhone() })), screens: ["/register", "/signup"] },
  judge: { signIn: asMember(ALAN), screens: ["/judging"] },
  ringleader: { signIn: asMember(KATHERINE), screens: ["/partymanager"] },
  "game master": {
    signIn: asMember(GRACE),
    screens: ["/gamemaster", "/gamemaster?modal=requests", "/gamemaster/quests", "/gamemaster/treasures", "/gamemaster/treasures/sheet", "/kidnap"],
  },
  staff: {
    signIn: async (page, js) => {
      // The demo world's admin, through the staff sign-in page as anyone would.
      await page.goto("/login");
      if (js) await hydrated(page);
      await page.getByLabel("Username").fill("admin");
      await page.getByLabel("Password").fill("glow-admin-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    },
    // The console pages answer the key the server printed at start-up (decision 1100).
    screens: ["/dashboard", consolePage("/dev/outbox"), consolePage("/dev/mailbox")],
  },
};

/** A phone's screen: Glow is played on phones, and narrow is where scrollers and the dock matter. */
const PHONE = { width: 360, height: 740 };

let addressCounter = 0;
async function roleBrowser(browser: Browser, testInfo: TestInfo, colorScheme: "light" | "dark", javaScriptEnabled = testInfo.project.use.javaScriptEnabled) {
  addressCounter += 1;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled,
    viewport: PHONE,
    colorScheme,
    // No startup splash or confetti in the way: the page as it stays.
    reducedMotion: "reduce",
    // Its own client address: the sign-in limits are this test's.
    extraHTTPHeaders: { "X-Forwarded-For": `10.39.${process.pid % 250}.${(addressCounter % 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

/** Opens a screen and waits until it has settled (hydrated, its later parts loaded). */
async function open(page: Page, screen: Screen, js: boolean): Promise<string> {
  let address: string;
  if (typeof screen === "string") {
    address = screen;
  } else if ("at" in screen) {
    await page.goto(screen.at);
    if (js) await hydrated(page);
    await screen.step(page);
    if (js) await page.waitForLoadState("networkidle");
    return page.url().replace(/^https?:\/\/[^/]+/, "");
  } else {
    address = screen.from;
    for (const link of screen.links) {
      await page.goto(address);
      const href = await page.locator(link).first().getAttribute("href", { timeout: 10_000 });
      expect(href, `a link ${link} on ${address}`).toBeTruthy();
      address = href!;
    }
  }
  await page.goto(address);
  if (js) {
    // Glow's pages hydrate; the offline page (a document of its own) has no app to wait for.
    if (await page.locator("script[type=module]").count()) await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
  return address;
}

/**
 * axe runs inside the page and waits on its own timers, which a browser without JavaScript
 * never fires. A screen without JavaScript is therefore checked as that browser shows it: the
 * HTML it received, its scripts taken out, shown by a second browser (same screen, theme and
 * cookies) that runs nothing but axe. No page of Glow uses <noscript> or `scripting` media
 * queries, so nothing renders differently there.
 */
async function withoutScripts(page: Page, bare: Page) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  await bare.context().addCookies(await page.context().cookies());
  await bare.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }), { times: 1 });
  await bare.goto(url);
  return bare;
}

/** Boxes on the screen that scroll sideways but are not a focusable, named region. */
function unnamedScrollers(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => !(el.getAttribute("role") === "region" && (el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")) && (el as HTMLElement).tabIndex >= 0))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

interface Finding {
  screen: string;
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** The themes each project checks: both with JavaScript, the light one without. */
const themes = ["light", "dark"] as const;

for (const [roleName, role] of Object.entries(roles)) {
  for (const theme of themes) {
    test(`every ${roleName} screen passes WCAG 2.2 AA (${theme} theme)`, async ({ browser }, testInfo) => {
      const js = testInfo.project.use.javaScriptEnabled !== false;
      test.skip(!js && theme === "dark", "the dark theme is the same stylesheet with or without JavaScript: checked once, with it");
      test.setTimeout(60_000 + role.screens.length * 15_000);
      const { context, page } = await roleBrowser(browser, testInfo, theme);
      const bare = js ? null : await roleBrowser(browser, testInfo, theme, true);
      await role.signIn(page, js);

      const violations: Finding[] = [];
      const undecided: Finding[] = [];
      for (const screen of role.screens) {
        const address = await open(page, screen, js);
        const shown = bare ? await withoutScripts(page, bare.page) : page;
        const results = await new AxeBuilder({ page: shown }).withTags(WCAG_22_AA).analyze();
        // axe asks a box that scrolls sideways to be focusable; the issue asks more: a named
        // region, so a screen reader says what the arrow keys scroll.
        for (const box of await unnamedScrollers(shown)) {
          violations.push({ screen: address, rule: "scroller-is-a-named-region", impact: "serious", help: "A box that scrolls sideways is a focusable region with a name", nodes: [box] });
        }
        for (const v of results.violations) {
          violations.push({ screen: address, rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) });
        }
        for (const v of results.incomplete.filter((r) => r.id === "color-contrast")) {
          undecided.push({ screen: address, rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.any.map((c) => c.message).join(" ")}`) });
        }
      }
      await context.close();
      await bare?.context.close();

      if (undecided.length) {
        const file = testInfo.outputPath(`axe-incomplete-${roleName.replace(" ", "-")}-${theme}.json`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(undecided, null, 2));
        await testInfo.attach("colour contrast axe could not decide", { path: file, contentType: "application/json" });
      }
      const summary = violations.map((v) => `${v.screen} ${v.rule} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 6).join("\n    ")}`).join("\n");
      expect(violations, `WCAG 2.2 AA violations:\n${summary}`).toEqual([]);
    });
  }
}
