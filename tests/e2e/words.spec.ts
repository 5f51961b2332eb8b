/**
 * Words that agree with their numbers and say what they mean (issue 40, point 7), with
 * JavaScript and without: "1 member … of 6 places", a contest's own number of judges, and
 * a judging screen that offers to revise scores only when there are scores below.
 */
import { expect, signIn, test } from "./fixtures";

const GRACE = "+15550100002";
const KATHERINE = "+15550100004";

test.describe.configure({ timeout: 90_000 });

const unique = (what: string) => `${what} ${Math.random().toString(36).slice(2, 7)}`;

test("a party of one says '1 member', on the dashboard and on the invitation", async ({ page, browser }, testInfo) => {
  await signIn(page, { phone: KATHERINE });
  await page.goto("/partybuilder");
  await page.getByLabel("Contest").selectOption({ label: "No contest: a friends' party" });
  await page.getByLabel("Party name").fill(unique("Solo Lamps"));
  await page.getByLabel("Size cap").fill("6");
  await page.getByRole("radio", { name: /^By invitation/ }).check();
  await page.getByRole("button", { name: "Build the party" }).click();
  await expect(page).toHaveURL(/\/partymanager\?party=\d+$/);
  const dashboard = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByText("1 member and 0 pending invitations, of 6 places.")).toBeVisible();
  await page.getByRole("button", { name: "Create an invite link" }).click();
  const link = await page.getByTestId("invite-link").inputValue();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const guest = await context.newPage();
  await signIn(guest, { firstName: "Guest" });
  await guest.goto(link);
  await expect(guest.getByText("1 member of 6 places", { exact: true })).toBeVisible();
  await context.close();
  // The link is a pending invitation until it is used: one, in English and in Chinese.
  await page.goto(dashboard);
  await expect(page.getByText("1 member and 1 pending invitation, of 6 places.")).toBeVisible();
  await page.goto(`${dashboard}&lng=zh`);
  await expect(page.getByText("1 位成员和 1 个待接受的邀请，共 6 个名额。")).toBeVisible();
});

test("a new judge of a contest with nothing to score yet reads its own number of judges, and no 'revise your scores below'", async ({ page, browser }, testInfo) => {
  await signIn(page, { phone: GRACE });
  await page.goto("/gamemaster");
  const newContest = page.getByTestId("new-contest");
  await newContest.getByText("Start a new contest").click();
  await newContest.getByLabel("Name", { exact: true }).fill(unique("Quiet Cup"));
  await newContest.getByLabel("Judges per entry").fill("2");
  await newContest.getByRole("button", { name: "Create contest" }).click();
  await expect(page).toHaveURL(/\/gamemaster\?contest=\d+$/);
  await page.getByRole("button", { name: "Make a link and QR code" }).click();
  const link = (await page.getByTestId("role-invite-link").textContent())!.trim();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const judge = await context.newPage();
  await signIn(judge, { firstName: "Fresh", lastName: "Judge" });
  await judge.goto(link);
  await expect(judge.getByText("so each gets at least 2 judges")).toBeVisible();
  await judge.getByRole("button", { name: "Accept the role" }).click();
  await expect(judge).toHaveURL(/\/judging$/);
  await expect(judge.getByText("Nothing left for you to score")).toBeVisible();
  await expect(judge.getByText("revise your scores below")).toHaveCount(0);
  await context.close();
});
