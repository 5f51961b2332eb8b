/**
 * Parties and invitations as Katherine (the demo ringleader) and the people she invites
 * see them, with JavaScript and without.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import QRCode from "qrcode";
import { acceptCookies, codeFor, consolePage, expect, hydrated, otherMember, signIn, test, uniquePhone } from "./fixtures";
import { E2E_HOOKS_TOKEN } from "../../playwright.config";

const KATHERINE = "+15550100004";

// Each test goes through several pages in two browsers (a ringleader's and a guest's), some
// through a whole sign-in: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Each test speaks from its own address, so the sign-in limits per address are its own. */
let ipCounter = 0;
async function ownAddress(page: Page) {
  ipCounter += 1;
  const ip = `10.${(process.pid % 200) + 20}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
}

async function asKatherine(page: Page) {
  await signIn(page, { phone: KATHERINE });
}

const partyName = (what: string) => `${what} ${Math.random().toString(36).slice(2, 7)}`;

/** Katherine builds a friends' party on /partybuilder; its id, from the dashboard's address. */
async function buildParty(page: Page, name: string, policy: "Open" | "By invitation" | "Request to join" = "By invitation") {
  await page.goto("/partybuilder");
  await page.getByLabel("Contest").selectOption({ label: "No contest: a friends' party" });
  await page.getByLabel("Party name").fill(name);
  await page.getByLabel("Motto").fill("We light the way, together.");
  await page.getByLabel("Size cap").fill("6");
  await page.getByRole("radio", { name: new RegExp(`^${policy}`) }).check();
  await page.getByRole("button", { name: "Build the party" }).click();
  await expect(page).toHaveURL(/\/partymanager\?party=\d+$/);
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get("party"));
}

/** Katherine makes an invitation link on her dashboard; the link, as /qrcode shows it once. */
async function inviteByLink(page: Page, partyId: number) {
  await page.goto(`/partymanager?party=${partyId}`);
  await page.getByRole("button", { name: "Create an invite link" }).click();
  await expect(page).toHaveURL(/\/qrcode\?invite=/);
  await expect(page.getByRole("img", { name: "QR code of the invitation link" })).toBeVisible();
  const link = await page.getByTestId("invite-link").inputValue();
  expect(link).toMatch(new RegExp(`/accept-invite/${partyId}\\?invite=[\\w-]{43}$`));
  return link;
}

async function otherBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test.describe("Katherine, the demo ringleader", () => {
  test("builds a party and invites by link and by email; the mailbox shows the email", async ({ page, request }) => {
    await asKatherine(page);
    const name = partyName("Lamplighters");
    const partyId = await buildParty(page, name);
    await expect(page.getByText(`${name} is ready. Invite your first members!`)).toBeVisible();
    await inviteByLink(page, partyId);

    await page.goto(`/partymanager?party=${partyId}`);
    const email = `friend-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Language of the email").selectOption("en");
    await page.getByRole("button", { name: "Send the invitation", exact: true }).click();
    await expect(page.getByText(`Invitation to ${email} is on its way.`)).toBeVisible();
    await expect(page.getByTestId("pending-invite").filter({ hasText: `Email to ${email}` })).toBeVisible();
    // Two pending invitations and Katherine: three of six places.
    await expect(page.getByText("1 member and 2 pending invitations, of 6 places.")).toBeVisible();

    // The queue delivers it to the console mailbox, away from the post.
    await expect
      .poll(async () => ((await (await request.get(consolePage("/dev/mailbox.json"))).json()) as Array<{ to: string }>).some((m) => m.to === email))
      .toBe(true);
    await page.goto(consolePage("/dev/mailbox"));
    const mail = page.getByTestId("mail").filter({ hasText: email });
    await expect(mail).toContainText(`Katherine Johnson invites you to ${name} on Glow`);
    await expect(mail).toContainText(`/accept-invite/${partyId}?invite=`);
    await expect(mail).toContainText("type the party's code:");
  });

  test("a new number opens the link signed out, signs in, accepts, and is on the party page", async ({ page, browser }, testInfo) => {
    await asKatherine(page);
    const name = partyName("Night Owls");
    const partyId = await buildParty(page, name);
    const link = await inviteByLink(page, partyId);

    const guest = await otherBrowser(browser, testInfo);
    await ownAddress(guest.page);
    const phone = uniquePhone();
    await guest.page.goto(link);
    await expect(guest.page).toHaveURL(new RegExp(`/signin\\?acceptinginvitation=true&partyId=${partyId}&invite=[\\w-]{43}$`));
    await expect(guest.page.getByText("Sign in to accept your invitation.", { exact: false })).toBeVisible();
    await acceptCookies(guest.page);
    await guest.page.getByLabel("Phone number").fill(phone.slice(2));
    await guest.page.getByRole("button", { name: "Send Code" }).click();
    await guest.page.getByLabel("Code", { exact: true }).fill(await codeFor(guest.page.request, phone));
    await guest.page.getByRole("button", { name: "Continue" }).click();

    await expect(guest.page).toHaveURL(new RegExp(`/accept-invite/${partyId}\\?invite=[\\w-]{43}$`));
    await expect(guest.page.getByRole("heading", { name: "Your invitation" })).toBeVisible();
    const details = guest.page.getByTestId("invite-details");
    await expect(details).toContainText("Katherine Johnson");
    await expect(details).toContainText("invites you to join");
    await expect(details).toContainText(name);
    await expect(guest.page.getByText("What joining means")).toBeVisible();
    await guest.page.getByRole("button", { name: "Accept", exact: true }).click();

    await expect(guest.page).toHaveURL(new RegExp(`/party/${partyId}$`));
    await expect(guest.page.getByText("Welcome to the party!")).toBeVisible();
    await expect(guest.page.getByText("You're in this party.")).toBeVisible();
    await expect(guest.page.getByTestId("party-members").getByRole("listitem")).toHaveCount(2);
    await guest.context.close();

    // Katherine sees it was accepted.
    await page.goto(`/partymanager?party=${partyId}`);
    await expect(page.getByTestId("manager-member")).toHaveCount(2);
  });

  test("a member joins with a typed code", async ({ page, browser }, testInfo) => {
    await asKatherine(page);
    const name = partyName("Code Crew");
    const partyId = await buildParty(page, name);
    const code = (await page.getByTestId("join-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/);

    const friend = await otherMember(browser, testInfo, "Coder");
    await friend.page.goto("/invite");
    await friend.page.getByLabel("Join code").fill(` ${code.toLowerCase().replace("-", " ")} `);
    await friend.page.getByRole("button", { name: "Find the party" }).click();
    await expect(friend.page).toHaveURL(new RegExp(`/accept-invite/${partyId}\\?code=${code.replace("-", "")}$`));
    await expect(friend.page.getByTestId("invite-details")).toContainText("Katherine Johnson");
    await expect(friend.page.getByTestId("invite-details")).toContainText("leads this party");
    await friend.page.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(friend.page).toHaveURL(new RegExp(`/party/${partyId}$`));
    await expect(friend.page.getByTestId("party-members")).toContainText(friend.name);
    await friend.context.close();
  });

  test("a wrong code says so on the field and keeps what was typed", async ({ page }) => {
    await signIn(page, { firstName: "Typo" });
    await page.goto("/QRvalidate");
    await page.getByLabel("Join code").fill("ZZZ-ZZZ");
    await page.getByRole("button", { name: "Find the party" }).click();
    await expect(page.getByText("No party has this code.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Join code")).toHaveValue("ZZZ-ZZZ");
  });

  test("a revoked and an expired invitation say so", async ({ page, browser, request }, testInfo) => {
    await asKatherine(page);
    const partyId = await buildParty(page, partyName("Careful Crew"));
    const revoked = await inviteByLink(page, partyId);
    await page.goto(`/partymanager?party=${partyId}`);
    await page.getByRole("button", { name: "Revoke the invitation (Invite link)" }).click();
    await expect(page.getByText("Invitation revoked.")).toBeVisible();
    const expired = await inviteByLink(page, partyId);
    const token = new URL(expired).searchParams.get("invite");
    const aged = await request.post("/__e2e/invite-expired", { headers: { "x-e2e-token": E2E_HOOKS_TOKEN }, data: { token } });
    expect(await aged.json()).toEqual({ expired: 1 });

    const guest = await otherMember(browser, testInfo, "Late");
    const revokedAnswer = await guest.page.goto(revoked);
    expect(revokedAnswer?.status()).toBe(410);
    await expect(guest.page.getByTestId("invite-state")).toContainText("This invitation was revoked");
    await expect(guest.page.getByRole("button", { name: "Accept", exact: true })).toHaveCount(0);
    const expiredAnswer = await guest.page.goto(expired);
    expect(expiredAnswer?.status()).toBe(410);
    await expect(guest.page.getByTestId("invite-state")).toContainText("This invitation has expired");
    await expect(guest.page.getByTestId("invite-state")).toContainText("Ask Katherine Johnson to resend it");
    await guest.context.close();
  });

  test("hands leadership over", async ({ page, browser }, testInfo) => {
    await asKatherine(page);
    const name = partyName("Relay Team");
    const partyId = await buildParty(page, name);
    const link = await inviteByLink(page, partyId);
    const heir = await otherMember(browser, testInfo, "Heir");
    await heir.page.goto(link);
    await heir.page.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(heir.page).toHaveURL(new RegExp(`/party/${partyId}$`));

    await page.goto(`/partymanager?party=${partyId}`);
    await page.getByText(`Manage ${heir.name}`).click();
    await page.getByRole("button", { name: `Hand leadership over to ${heir.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/party/${partyId}$`));
    await expect(page.getByText(`Led by ${heir.name}`)).toBeVisible();
    await expect(page.getByText("You're in this party.")).toBeVisible();

    await heir.page.goto(`/partymanager?party=${partyId}`);
    await expect(heir.page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await heir.context.close();
  });

  test("the demo world: Katherine's Lanterns with members and pending invitations; the parties board links to it", async ({ page }) => {
    await asKatherine(page);
    await page.goto("/partymanager");
    await expect(page.getByRole("heading", { name: "The Lanterns", level: 2 })).toBeVisible();
    await expect(page.getByTestId("manager-member")).toHaveCount(3);
    await expect(page.getByTestId("pending-invite").filter({ hasText: "hedy@example.com" })).toBeVisible();
    await page.goto("/leaderboard?board=parties");
    await page.getByRole("link", { name: "The Lanterns" }).click();
    await expect(page).toHaveURL(/\/party\/\d+$/);
    await expect(page.getByTestId("fair-rule")).toContainText("How the score is fair");
  });
});

test.describe("scanning", () => {
  test("a photo of a party's QR code leads to its invitation, read by Glow's own WebAssembly", async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "scanning is the page's script; without it the typed code (tested above) is the way");
    await asKatherine(page);
    const partyId = await buildParty(page, partyName("Scanners"));
    await page.goto(`/qrcode?party=${partyId}`);
    const link = await page.getByTestId("invite-link").inputValue();

    const friend = await otherMember(browser, testInfo, "Scanner");
    const fetched: string[] = [];
    friend.page.on("request", (r) => fetched.push(r.url()));
    await friend.page.goto("/invite");
    await hydrated(friend.page);
    expect(fetched.some((url) => url.endsWith(".wasm"))).toBe(false); // loaded only when scanning
    await friend.page.getByTestId("scan-photo").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: await QRCode.toBuffer(link, { margin: 4, width: 400 }) });
    // The reader (1 MB of WebAssembly) is fetched and compiled now: give it time.
    await expect(friend.page).toHaveURL(new RegExp(`/accept-invite/${partyId}\\?code=[A-Z2-9]{6}$`), { timeout: 30_000 });
    await expect(friend.page.getByRole("button", { name: "Accept", exact: true })).toBeVisible();
    const wasm = fetched.filter((url) => url.endsWith(".wasm"));
    if (wasm.length) expect(wasm.every((url) => url.startsWith(`${testInfo.project.use.baseURL}/static/`))).toBe(true);
    expect(fetched.every((url) => url.startsWith(testInfo.project.use.baseURL!) || url.startsWith("data:") || url.startsWith("blob:"))).toBe(true);
    await friend.context.close();
  });

  test("without JavaScript the page says to type the code", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the no-JavaScript page");
    await page.goto("/invite");
    await expect(page.getByText("Scanning needs JavaScript.", { exact: false })).toBeVisible();
  });
});

test.describe("in Chinese", () => {
  test("the invitation screen names the inviter, party and role in Chinese", async ({ page, browser }, testInfo) => {
    await asKatherine(page);
    const name = partyName("Lanterns");
    const partyId = await buildParty(page, name);
    const link = await inviteByLink(page, partyId);
    const guest = await otherMember(browser, testInfo, "Zh");
    await guest.page.goto(`${link}&lng=zh`);
    await expect(guest.page.getByRole("heading", { name: "你的邀请" })).toBeVisible();
    const details = guest.page.getByTestId("invite-details");
    await expect(details).toContainText("邀请你加入");
    await expect(details).toContainText("成员");
    await expect(details).toContainText("链接");
    await expect(guest.page.getByRole("button", { name: "接受" })).toBeVisible();
    await guest.context.close();
  });
});
