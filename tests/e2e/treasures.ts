import type { Browser, TestInfo } from "@playwright/test";
import { expect, signIn } from "./fixtures";

// The game master's side of a treasure hunt, for the specs that play one (quests, offline).

export const GRACE = "+15550100002"; // the demo contest's game master

/** Grace, the game master, in her own browser context (same project: JavaScript on or off). */
export async function gameMaster(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, { phone: GRACE });
  return { page, context };
}

/** Grace hides a treasure; the link on its printed sheet and its typed code. */
export async function hideTreasure(browser: Browser, testInfo: TestInfo, name: string) {
  const gm = await gameMaster(browser, testInfo);
  await gm.page.goto("/gamemaster/treasures");
  await gm.page.getByLabel("Name").fill(name);
  await gm.page.getByLabel("Hint (optional)").fill("Behind the test bench.");
  await gm.page.getByLabel("Points").fill("12");
  await gm.page.getByRole("button", { name: "Hide it" }).click();
  await expect(gm.page.getByText("Treasure hidden. Print its QR code from the sheet.")).toBeVisible();
  const card = gm.page.getByRole("listitem").filter({ hasText: name });
  await card.getByRole("link", { name: "Print this one" }).click();
  const sheet = gm.page.getByRole("listitem").filter({ hasText: name });
  await expect(sheet.getByRole("img", { name: `QR code for ${name}` })).toBeVisible();
  const link = (await sheet.locator("[data-sheet-link]").getAttribute("href"))!;
  const code = (await sheet.locator("[data-sheet-code]").textContent())!.trim();
  await gm.context.close();
  return { link: new URL(link).pathname + new URL(link).search, code };
}
