/**
 * Arriving by an invitation (issue 40, points 4, 5 and 9): a new number opens a link signed
 * out, signs in, and accepts. The page after Accept says what Accept did, not the sign-in
 * again; the sign-in's toast never sits on the Accept button of a phone; and a contest role
 * invitation without a party lands on the screen that accepts it.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { acceptCookies, codeFor, expect, ownClientAddress, signIn, test, uniquePhone } from "./fixtures";

const KATHERINE = "+15550100004";
const GRACE = "+15550100002";

// A whole sign-in in a second browser, on a busy machine.
test.describe.configure({ timeout: 90_000 });

const partyName = (what: string) => `${what} ${Math.random().toString(36).slice(2, 7)}`;

/** Katherine builds a friends' party and makes an invitation link for it. */
async function partyInvitationLink(page: Page, name: string) {
  await signIn(page, { phone: KATHERINE });
  await page.goto("/partybuilder");
  await page.getByLabel("Contest").selectOption({ label: "No contest: a friends' party" });
  await page.getByLabel("Party name").fill(name);
  await page.getByLabel("Size cap").fill("6");
  await page.getByRole("radio", { name: /^By invitation/ }).check();
  await page.getByRole("button", { name: "Build the party" }).click();
  await expect(page).toHaveURL(/\/partymanager\?party=\d+$/);
  const partyId = Number(new URL(page.url()).searchParams.get("party"));
  await page.getByRole("button", { name: "Create an invite link" }).click();
  await expect(page).toHaveURL(/\/qrcode\?invite=/);
  return { partyId, link: await page.getByTestId("invite-link").inputValue() };
}

/** Grace (the demo game master) makes a judge invitation link for her contest. */
async function judgeInvitationLink(page: Page) {
  await signIn(page, { phone: GRACE });
  await page.goto("/gamemaster");
  await page.getByRole("button", { name: "Make a link and QR code" }).click();
  return (await page.getByTestId("role-invite-link").textContent())!.trim();
}

async function guestBrowser(browser: Browser, testInfo: TestInfo, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  await ownClientAddress(page);
  return { context, page };
}

/** On the sign-in page a link led to: accept cookies, send a code, type it, Continue. */
async function signInHere(page: Page) {
  const phone = uniquePhone();
  await acceptCookies(page);
  await page.getByLabel("Phone number").fill(phone.slice(2));
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(page.request, phone));
  await page.getByRole("button", { name: "Continue" }).click();
}

const toasts = (page: Page) => page.locator("[data-toast-type]");
const loggedInNotice = (page: Page) => page.getByRole("status").filter({ hasText: "You have successfully logged in!" });

test("after signing in from an invitation and pressing Accept, the party page says the join, not the sign-in again", async ({ page, browser }, testInfo) => {
  const name = partyName("Night Owls");
  const { partyId, link } = await partyInvitationLink(page, name);
  const guest = await guestBrowser(browser, testInfo);
  await guest.page.goto(link);
  await signInHere(guest.page);
  await expect(guest.page).toHaveURL(new RegExp(`/accept-invite/${partyId}\\?invite=`));
  // The sign-in is said once, on the page it led to.
  await expect(toasts(guest.page).filter({ hasText: "Signin successful!" })).toBeVisible();
  await expect(loggedInNotice(guest.page)).toBeVisible();
  await guest.page.getByRole("button", { name: "Accept", exact: true }).click();

  await expect(guest.page).toHaveURL(new RegExp(`/party/${partyId}$`));
  await expect(toasts(guest.page).filter({ hasText: "Welcome to the party!" })).toBeVisible();
  // Neither the notice nor the sign-in's toast comes back, now or once the page settles.
  await guest.page.waitForLoadState("networkidle");
  await expect(toasts(guest.page).filter({ hasText: "Signin successful!" })).toHaveCount(0);
  await expect(loggedInNotice(guest.page)).toHaveCount(0);
  // Nor on the page after.
  await guest.page.goto("/newsfeed");
  await expect(guest.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(loggedInNotice(guest.page)).toHaveCount(0);
  await expect(toasts(guest.page).filter({ hasText: "Signin successful!" })).toHaveCount(0);
  // The feed tells it as a join (point 3), and Katherine's founding as founding.
  const posts = guest.page.getByRole("list", { name: "Newsfeed" });
  await expect(posts.getByRole("link", { name: new RegExp(` joined ${name}$`) })).toHaveCount(1);
  await expect(posts.getByRole("link", { name: `Katherine Johnson formed ${name}` })).toHaveCount(1);
  await expect(posts.getByText(/formed a party/)).toHaveCount(0);
  await guest.context.close();
});

test("after signing in from a judge invitation and accepting the role, the next page does not say the sign-in again", async ({ page, browser }, testInfo) => {
  const link = await judgeInvitationLink(page);
  const guest = await guestBrowser(browser, testInfo);
  await guest.page.goto(link);
  await signInHere(guest.page);
  await expect(guest.page).toHaveURL(/\/judge-onboarding\/\d+\/\d+\?invite=/);
  await expect(toasts(guest.page).filter({ hasText: "Signin successful!" })).toBeVisible();
  await guest.page.getByRole("button", { name: "Accept the role" }).click();
  await expect(guest.page).toHaveURL(/\/judging/);
  await guest.page.waitForLoadState("networkidle");
  await expect(loggedInNotice(guest.page)).toHaveCount(0);
  await expect(toasts(guest.page).filter({ hasText: "Signin successful!" })).toHaveCount(0);
  await guest.context.close();
});

test("at 390×844 the 'Signin successful!' toast leaves the invitation's Accept button uncovered", async ({ page, browser }, testInfo) => {
  const { partyId, link } = await partyInvitationLink(page, partyName("Lamp Crew"));
  const guest = await guestBrowser(browser, testInfo, { width: 390, height: 844 });
  await guest.page.goto(link);
  await signInHere(guest.page);
  await expect(guest.page).toHaveURL(new RegExp(`/accept-invite/${partyId}\\?invite=`));
  const toast = toasts(guest.page).filter({ hasText: "Signin successful!" });
  await expect(toast).toBeVisible();
  const accept = guest.page.getByRole("button", { name: "Accept", exact: true });
  await expect(accept).toBeInViewport();
  const a = (await accept.boundingBox())!;
  const b = (await toast.boundingBox())!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, "the toast covers Accept").toBe(false);
  // What a tap in the middle of Accept reaches is Accept.
  const reached = await accept.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
  expect(reached).toBe(true);
  await guest.context.close();
});

test("a contest role invitation without a party lands on Judge Onboarding, which accepts it", async ({ page, browser }, testInfo) => {
  const link = new URL(await judgeInvitationLink(page));
  const [, contestId, gameMasterId] = /^\/judge-onboarding\/(\d+)\/(\d+)$/.exec(link.pathname)!;
  const token = link.searchParams.get("invite")!;
  const judge = await guestBrowser(browser, testInfo);
  await signIn(judge.page, { firstName: "Invited", lastName: "Judge" });

  // The spec's own example, signed in: no party, a contest and the judge role.
  await judge.page.goto(`/signin?acceptinginvitation=true&contestId=${contestId}&memberId=${gameMasterId}&role=judge&inviteType=email`);
  await expect(judge.page).toHaveURL(new RegExp(`/judge-onboarding/${contestId}/${gameMasterId}$`));
  await expect(judge.page.getByRole("heading", { name: "Welcome, judge", level: 1 })).toBeVisible();
  await expect(judge.page.getByText("This party doesn't exist")).toHaveCount(0);
  // That address carries no token: the screen says so instead of offering Accept (decision 1360).
  await expect(judge.page.getByText("This link carries no invitation")).toBeVisible();
  await expect(judge.page.getByRole("button", { name: "Accept the role" })).toHaveCount(0);

  // The same with the invitation's token: it goes along, and Accept takes the role.
  await judge.page.goto(`/signin?acceptinginvitation=true&contestId=${contestId}&memberId=${gameMasterId}&role=judge&inviteType=link&invite=${token}`);
  await expect(judge.page).toHaveURL(new RegExp(`/judge-onboarding/${contestId}/${gameMasterId}\\?invite=${token}$`));
  await judge.page.getByRole("button", { name: "Accept the role" }).click();
  await expect(judge.page).toHaveURL(/\/judging$/);
  await judge.context.close();
});
