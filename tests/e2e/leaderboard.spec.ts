import { collectPageProblems, expect, hydrated, signIn, test } from "./fixtures";

// The boards' tabs are links: without JavaScript each loads its board, with it the board
// changes inside the page. Runs with and without JavaScript.

/** The demo world's Ada (seeded: a score, a party). Read-only here. */
const ADA = { phone: "+15550100001" };

test("the boards' tabs open each board, with Ada's own row and the parties' member counts", async ({ page }, testInfo) => {
  const problems = collectPageProblems(page);
  await signIn(page, ADA);
  await page.goto("/leaderboard");
  const boards = page.getByRole("navigation", { name: "Leaderboards" });
  await expect(boards.getByRole("link", { name: "All time" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator('tr[aria-current="true"]')).toContainText("Ada Lovelace(you)");

  const withJs = testInfo.project.name === "chromium";
  if (withJs) {
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  }
  await boards.getByRole("link", { name: "Parties" }).click();
  await expect(page).toHaveURL(/\/leaderboard\?board=parties$/);
  await expect(boards.getByRole("link", { name: "Parties" })).toHaveAttribute("aria-current", "page");
  await expect(boards.getByRole("link", { name: "All time" })).not.toHaveAttribute("aria-current", /.*/);
  await expect(page.getByText("Parties ranked by the total score of their members.")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Party" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /\d+ members?$/ }).first()).toBeVisible();

  await boards.getByRole("link", { name: "This week" }).click();
  await expect(page).toHaveURL(/\/leaderboard\?board=week$/);
  await expect(page.getByText("Points earned since Monday (UTC).")).toBeVisible();
  if (withJs) expect(await page.evaluate(() => "stillThisDocument" in window)).toBe(true);
  expect(problems).toEqual([]);
});
