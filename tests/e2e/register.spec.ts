/**
 * /register, the spec's Register screen (issue 27, point 21; decision 0516): from the landing
 * page, phone and code, then name and zipcode, in one flow of plain forms; with JavaScript
 * and without.
 */
import type { APIRequestContext } from "@playwright/test";
import { acceptCookies, consolePage, expect, ownClientAddress, test, uniquePhone } from "./fixtures";

async function codeFor(request: APIRequestContext, e164: string) {
  let code = "";
  await expect
    .poll(async () => {
      const texts = (await (await request.get(consolePage("/dev/outbox.json"))).json()) as Array<{ to: string; body: string }>;
      code = /#(\d{6})$/.exec(texts.find((t) => t.to === e164)?.body ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test("a newcomer registers from the landing page: phone, code, then name and zipcode", async ({ page }) => {
  const phone = uniquePhone();
  await ownClientAddress(page);
  await page.goto("/landing");
  await acceptCookies(page);
  await page.getByRole("link", { name: "Start playing" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle("Register · Glow");
  await expect(page.getByText("Register with your phone number", { exact: false })).toBeVisible();

  await page.getByLabel("Phone number").fill(phone.slice(2));
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(page.request, phone));
  await page.getByRole("button", { name: "Continue" }).click();

  // Signed in, still registering: the name and zipcode step, on the same address.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Almost there!");
  await page.getByLabel("First name").fill("Rosalind");
  await page.getByLabel("Zipcode").fill("1");
  await page.getByRole("button", { name: "Finish registering" }).click();
  // Refused with the field's message, what was typed kept.
  await expect(page.getByText("Enter a zipcode of 3 to 10 letters, digits, spaces or hyphens.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Rosalind");
  await page.getByLabel("Zipcode").fill("94110");
  await page.getByRole("button", { name: "Finish registering" }).click();

  await expect(page).toHaveURL(/\/newsfeed$/);
  await expect(page.getByText("Welcome to Glow, Rosalind!")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Signed in as Rosalind", { exact: false })).toBeVisible();
  // Registered: /register sends the member on.
  await page.goto("/register");
  await expect(page).toHaveURL(/\/newsfeed$/);
});

test("an invitation's register link goes on to the invitation once registered", async ({ page }) => {
  const phone = uniquePhone();
  await ownClientAddress(page);
  await page.goto("/register?acceptinginvitation=true&partyId=4&inviter=Grace");
  await acceptCookies(page);
  await expect(page.getByText("Sign in to accept your invitation.", { exact: false })).toBeVisible();
  await page.getByLabel("Phone number").fill(phone.slice(2));
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(page.request, phone));
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("First name").fill("Ida");
  await page.getByLabel("Zipcode").fill("100000");
  await page.getByRole("button", { name: "Finish registering" }).click();
  await expect(page).toHaveURL(/\/accept-invite\/4\?inviter=Grace$/);
});
