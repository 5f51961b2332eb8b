import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, hydrated, otherMember, signIn, test, uniqueName, uniquePhone } from "./fixtures";
import { E2E_HOOKS_TOKEN } from "../../playwright.config";

let counter = 0;
/** A staff account made through the e2e hook; the test then signs in at /login like anyone. */
async function staffAccount(page: Page, options: { isAdmin?: boolean; resources?: { name: string; url: string }[] } = {}) {
  counter += 1;
  const username = `${options.isAdmin ? "admin" : "agent"}-${process.pid}-${Date.now() % 100_000}-${counter}`;
  const password = `password for ${username}`;
  const response = await page.request.post("/__e2e/staff", {
    headers: { "x-e2e-token": E2E_HOOKS_TOKEN },
    data: { username, password, isAdmin: options.isAdmin ?? false, resources: options.resources ?? [] },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { username, password };
}

/** A browser of its own for a staff member (same project: JavaScript on or off), from its own address. */
async function staffBrowser(browser: Browser, testInfo: TestInfo) {
  counter += 1;
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `10.77.${process.pid % 250}.${(counter % 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

async function signInAsStaff(page: Page, account: { username: string; password: string }, js: boolean) {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Staff sign-in" })).toBeVisible();
  if (js) await hydrated(page);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("staff", () => {
  test("with JavaScript, 'Accept cookies' leaves the sign-in button alone: 'Signing in…' only once it is pressed", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "without JavaScript nothing changes on the page until the next one arrives");
    const staff = await staffBrowser(browser, testInfo);
    const account = await staffAccount(staff.page);
    await staff.page.goto("/login");
    await hydrated(staff.page);
    // Each post's answer is held, so the page is seen while it is on its way.
    const hold = async (pattern: string) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let arrived!: () => void;
      const seen = new Promise<void>((resolve) => (arrived = resolve));
      await staff.page.route(pattern, async (route) => {
        arrived();
        await released;
        await route.continue();
      });
      return { seen, release };
    };
    /** Once the page has drawn what it does about the post under way. */
    const drawn = () => staff.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const signInButton = staff.page.locator("form[aria-label='Staff sign-in'] button[type=submit]");

    const consent = await hold("**/preferences/cookies*");
    await staff.page.getByRole("button", { name: "Accept cookies" }).click();
    await consent.seen;
    await drawn();
    expect(await signInButton.textContent()).toBe("Sign in");
    await expect(signInButton).toBeEnabled();
    consent.release();
    await expect(staff.page.getByRole("button", { name: "Accept cookies" })).toHaveCount(0);
    await expect(signInButton).toHaveText("Sign in");

    // Its own post still says so, and takes no second press.
    const signingIn = await hold("**/login.data*");
    await staff.page.getByLabel("Username").fill(account.username);
    await staff.page.getByLabel("Password").fill(account.password);
    await signInButton.click();
    await signingIn.seen;
    await expect(signInButton).toHaveText("Signing in…");
    await expect(signInButton).toBeDisabled();
    signingIn.release();
    await expect(staff.page).toHaveURL(/\/dashboard$/);
    await staff.context.close();
  });

  test("a wrong password shows the server's message and keeps the username; the right one reaches the dashboard", async ({ browser }, testInfo) => {
    const js = testInfo.project.name === "chromium";
    const staff = await staffBrowser(browser, testInfo);
    const account = await staffAccount(staff.page, { isAdmin: true });
    await signInAsStaff(staff.page, { ...account, password: "not the right one" }, js);
    await expect(staff.page.getByRole("alert")).toHaveText("Wrong username or password.");
    await expect(staff.page.getByLabel("Username")).toHaveValue(account.username);
    await expect(staff.page.getByLabel("Password")).toHaveValue("");
    await staff.page.getByLabel("Password").fill(account.password);
    await staff.page.getByRole("button", { name: "Sign in" }).click();
    await expect(staff.page).toHaveURL(/\/dashboard$/);
    await expect(staff.page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(staff.page.getByText(`Signed in as ${account.username} · Admin`)).toBeVisible();
    await expect(staff.page.getByText("Signed in.")).toBeVisible();
    // Section 9: toasts on the older flow's pages last 5000 ms (the fade waits that long,
    // with or without JavaScript), not the site's 3000 ms.
    const toast = staff.page.locator("[data-toast-type]", { hasText: "Signed in." });
    await expect(toast).toHaveAttribute("style", /--toast-close-after:\s*5000ms/);
    if (js) {
      await staff.page.waitForTimeout(3_800);
      await expect(toast).toBeVisible();
      await expect(toast).toBeHidden({ timeout: 5_000 });
    }
    if (js) expect(await staff.page.evaluate(() => sessionStorage.getItem("admin"))).toBe("1");

    // Sign-out ends the staff session, clears the flow's session storage and goes to /.
    await staff.page.getByRole("button", { name: "Sign out" }).click();
    await expect(staff.page).toHaveURL(/\/$/);
    if (js) expect(await staff.page.evaluate(() => [sessionStorage.getItem("admin"), sessionStorage.getItem("clientids")])).toEqual([null, null]);
    await staff.page.goto("/dashboard");
    await expect(staff.page).toHaveURL(/\/login$/);
    await staff.context.close();
  });

  test("an agent with one resource signs in and the resource opens in a new tab", async ({ browser }, testInfo) => {
    const js = testInfo.project.name === "chromium";
    const staff = await staffBrowser(browser, testInfo);
    const resource = { name: "Text manager", url: `${testInfo.project.use.baseURL}/healthz?text-manager=${counter}` };
    const account = await staffAccount(staff.page, { resources: [resource] });
    if (js) {
      const opened = staff.context.waitForEvent("page");
      await signInAsStaff(staff.page, account, js);
      const tab = await opened;
      await expect(tab).toHaveURL(resource.url);
      await expect(tab.locator("body")).toHaveText("ok");
      await expect(staff.page).toHaveURL(/\/dashboard$/);
    } else {
      // Without JavaScript nothing can open a tab by itself: the link to it comes first.
      await signInAsStaff(staff.page, account, js);
      await expect(staff.page).toHaveURL(/\/dashboard\?opening=1$/);
      const link = staff.page.getByRole("status").getByRole("link", { name: "Open Text manager" });
      await expect(link).toHaveAttribute("target", "_blank");
      const opened = staff.context.waitForEvent("page");
      await link.click();
      await expect(await opened).toHaveURL(resource.url);
    }
    await expect(staff.page.getByRole("region", { name: "Your resources" }).getByRole("link", { name: "Text manager", exact: true })).toBeVisible();
    await staff.context.close();
  });

  test("an admin suspends a member, who is signed out on their next request", async ({ page, browser }, testInfo) => {
    test.slow();
    const js = testInfo.project.name === "chromium";
    const name = uniqueName("Suspendee");
    await signIn(page, { ...name, phone: uniquePhone(), withAvatar: true });
    await page.goto("/newsfeed");
    await expect(page.getByText(`Signed in as ${name.firstName} ${name.lastName}`)).toBeVisible();

    const staff = await staffBrowser(browser, testInfo);
    await signInAsStaff(staff.page, await staffAccount(staff.page, { isAdmin: true }), js);
    await expect(staff.page).toHaveURL(/\/dashboard$/);
    await staff.page.getByLabel("Look up a member").fill(name.lastName);
    await staff.page.getByRole("button", { name: "Look up" }).click();
    const found = staff.page.getByRole("list", { name: "Members found" }).getByRole("listitem").filter({ hasText: name.lastName });
    await expect(found).toHaveCount(1);
    await found.getByLabel("Reason").fill("Spamming the feed");
    await found.getByRole("button", { name: "Suspend" }).click();
    await expect(staff.page.getByText("The member is suspended and signed out everywhere.")).toBeVisible();
    await expect(staff.page.getByRole("list", { name: "Suspended members" }).getByText(name.lastName)).toBeVisible();
    await expect(staff.page.locator("#audit tr[data-audit-action=suspend-member]").first()).toBeVisible();

    // The member's next request: signed out.
    await page.reload();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${name.firstName}`)).toHaveCount(0);
    await page.goto("/salute-select");
    await expect(page).toHaveURL(/\/signin/);
    await staff.context.close();
  });

  test("an agent hides a reported secret salute and sees its sender, which the recipient's pages still never show", async ({ page, browser }, testInfo) => {
    // Three people in three browsers, each through the real pages.
    test.slow();
    const js = testInfo.project.name === "chromium";
    const sender = uniqueName("Whisper");
    await signIn(page, { ...sender, phone: uniquePhone(), withAvatar: true });
    const friend = await otherMember(browser, testInfo, "Hearer");

    await page.goto(`/secret-salute?to=${friend.memberId}`);
    await page.getByRole("radio", { name: "Keep shining. You're doing great." }).check();
    await page.getByLabel("Short note (optional)").fill("Nice hat, I guess");
    await page.getByRole("button", { name: "Send secret salute" }).click();
    await expect(page.getByText("Your secret salute is on its way.")).toBeVisible();

    const fp = friend.page;
    await fp.goto("/secret-salute");
    const item = fp.locator("li[data-salute-kind=secret]").filter({ hasText: "Nice hat, I guess" });
    const saluteId = (await item.getAttribute("id"))!.replace("salute-", "");
    await item.getByLabel("Reason").selectOption("unkind");
    await item.getByRole("button", { name: "Report" }).click();
    await expect(fp.getByText("Thanks. The salute is hidden and our team will look at it.")).toBeVisible();

    const staff = await staffBrowser(browser, testInfo);
    await signInAsStaff(staff.page, await staffAccount(staff.page), js);
    await expect(staff.page).toHaveURL(/\/dashboard/);
    const report = staff.page.locator(`#report-${saluteId}`);
    await expect(report.getByTestId("report-sender")).toHaveText(new RegExp(`^${sender.firstName} ${sender.lastName} \\(member #\\d+\\)$`));
    await expect(report.getByText("Nice hat, I guess")).toBeVisible();
    // An agent warns; suspending is for admins, and is not offered.
    await expect(report.getByRole("radio", { name: /Suspend/ })).toHaveCount(0);
    await report.getByRole("radio", { name: "Warn them" }).check();
    await report.getByRole("button", { name: "Hide" }).click();
    await expect(staff.page.getByText("The salute stays hidden. The reporter has been told.")).toBeVisible();
    await expect(staff.page.locator(`#report-${saluteId}`)).toHaveCount(0);

    // The recipient is told it was handled, and never who sent it, on any page.
    const pages: string[] = [];
    await fp.goto("/salute-select");
    await expect(fp.getByText("Thank you for your report. The Glow team has looked at the salute you reported.")).toBeVisible();
    pages.push(await fp.content());
    await fp.goto("/secret-salute");
    await expect(fp.locator(`#salute-${saluteId}`)).toHaveCount(0);
    pages.push(await fp.content());
    await fp.goto("/newsfeed");
    pages.push(await fp.content());
    pages.push(await (await fp.request.get("/feed/updates")).text());
    for (const html of pages) {
      expect(html).not.toContain(sender.firstName);
      expect(html).not.toContain(sender.lastName);
    }
    await fp.goto("/salute-select");
    await fp.getByRole("button", { name: "Got it" }).click();
    await expect(fp.getByText("Notice dismissed.")).toBeVisible();
    await expect(fp.getByText("Thank you for your report.")).toHaveCount(0);

    // The sender gets the warning.
    await page.goto("/salute-select");
    await expect(page.getByText(/One of the salutes you sent was reported/)).toBeVisible();
    await staff.context.close();
    await friend.context.close();
  });
});
