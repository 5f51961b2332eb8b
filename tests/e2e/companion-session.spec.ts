/**
 * The session ends while the member chats with the companion (issue 27, point 18; decision
 * 0515): the chat says so and offers sign-in, the header shows the signed-out state, and
 * after signing in the member is back in the chat with what they typed.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { consolePage, expect, hydrated, ownClientAddress, signIn, test } from "./fixtures";

const MESSAGE = "Did you see the sunrise over the hill this morning?";

/** The code of the newest text to this number, read from the console outbox. */
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

/** On the sign-in page an ended session sent the member to: the header is signed out; sign in again. */
async function signInAgain(page: Page, phone: string) {
  await ownClientAddress(page);
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2F(leaderboard|chat-demo)&expired=1$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await page.getByLabel("Phone number").fill(phone.slice(2));
  await page.getByRole("button", { name: "Send Code" }).click();
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(page.request, phone));
  await page.getByRole("button", { name: "Continue" }).click();
}

test("the chat dialog offers sign-in when the session ends, and reopens with the message after it", async ({ page }, testInfo) => {
  test.skip(!testInfo.project.use.javaScriptEnabled, "the chat dialog needs JavaScript; without it the chat is its page (next test)");
  const { phone } = await signIn(page, { firstName: "Chatty" });
  await page.goto("/leaderboard");
  await hydrated(page);
  // The companion's island has loaded: the dock's links open dialogs.
  await expect(page.getByRole("link", { name: "Backpack" })).toHaveAttribute("aria-haspopup", "dialog");
  await page.getByRole("link", { name: "Chat", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Chat with Glow" });
  await expect(dialog.getByRole("log")).toBeVisible();
  await dialog.getByLabel("Message").fill(MESSAGE);

  await page.context().clearCookies({ name: "sessionID" });
  await dialog.getByRole("button", { name: "Send" }).click();
  // Said in the chat, the text kept, sign-in offered; the page behind is signed out.
  await expect(dialog.getByRole("alert")).toHaveText(/Your session has ended, so this message was not sent/);
  await expect(dialog.getByLabel("Message")).toHaveValue(MESSAGE);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Sign in to send it" }).click();
  await signInAgain(page, phone);
  await expect(page).toHaveURL(/\/leaderboard$/);
  const again = page.getByRole("dialog", { name: "Chat with Glow" });
  await expect(again.getByLabel("Message")).toHaveValue(MESSAGE);
  await expect(again.getByText("Your session had ended, so we kept what you typed.", { exact: false })).toBeVisible();
  // It sends now, and the member is signed in.
  await again.getByRole("button", { name: "Send" }).click();
  await expect(again.locator("[data-role=user]")).toHaveText([`You: ${MESSAGE}`]);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("without JavaScript the chat page keeps the message through sign-in and shows the signed-out header", async ({ page }, testInfo) => {
  test.skip(Boolean(testInfo.project.use.javaScriptEnabled), "with JavaScript the dialog is tested above");
  const { phone } = await signIn(page, { firstName: "Plain" });
  await page.goto("/chat-demo");
  await page.getByLabel("Message").fill(MESSAGE);
  await page.context().clearCookies({ name: "sessionID" });
  await page.getByRole("button", { name: "Send" }).click();
  await signInAgain(page, phone);
  await expect(page).toHaveURL(/\/chat-demo$/);
  await expect(page.getByLabel("Message")).toHaveValue(MESSAGE);
});
