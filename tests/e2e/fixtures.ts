import { test as base, expect, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import { CONSOLE_KEY, E2E_HOOKS_TOKEN } from "../../playwright.config";

/** A console page (/dev/outbox, /dev/mailbox, their JSON) with the key the test server was given. */
export function consolePage(path: "/dev/outbox" | "/dev/outbox.json" | "/dev/mailbox" | "/dev/mailbox.json") {
  return `${path}?key=${CONSOLE_KEY}`;
}

/** The code of the newest text to this number, read from the console outbox. */
export async function codeFor(request: APIRequestContext, e164: string) {
  let body = "";
  await expect
    .poll(async () => {
      const texts = (await (await request.get(consolePage("/dev/outbox.json"))).json()) as Array<{ to: string; body: string }>;
      body = texts.find((t) => t.to === e164)?.body ?? "";
      return body;
    })
    .toMatch(/#\d{6}$/);
  return /#(\d{6})$/.exec(body)![1]!;
}

let counter = 0;
/** A phone number no other test uses (+1 555 7xx xxxx), so tests never share a member. */
export function uniquePhone() {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 10 + (counter % 10) + process.pid * 7;
  return `+1555${String(7_000_000 + (n % 3_000_000)).padStart(7, "0")}`;
}

export interface SignInOptions {
  phone?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  zipcode?: string;
  withAvatar?: boolean;
}

/** Signs a member in by writing a session through the e2e hook; accepts cookies too. */
/** Until React has hydrated, a click posts the plain form (what a member without JavaScript gets). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("header") ?? {}).some((key) => key.startsWith("__reactProps")),
  );
}

export async function signIn(page: Page, options: SignInOptions = {}) {
  const phone = options.phone ?? uniquePhone();
  const response = await page.request.post("/__e2e/session", {
    headers: { "x-e2e-token": E2E_HOOKS_TOKEN },
    data: { ...options, phone },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const body = (await response.json()) as { memberId: number };
  return { phone, memberId: body.memberId };
}

/** A distinct, pronounceable name per member, so tests never see each other's salutes. */
export function uniqueName(prefix: string) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let tail = "";
  for (let i = 0; i < 7; i++) tail += letters[Math.floor(Math.random() * letters.length)];
  return { firstName: prefix, lastName: `${tail[0]!.toUpperCase()}${tail.slice(1)}` };
}

/** A second member in their own browser context (same project settings: JS on or off). */
export async function otherMember(browser: Browser, testInfo: TestInfo, prefix: string) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const page = await context.newPage();
  const name = uniqueName(prefix);
  const { memberId } = await signIn(page, { ...name, phone: uniquePhone(), withAvatar: true });
  return { page, memberId, name: `${name.firstName} ${name.lastName}`, context };
}

/** Answers the cookie banner as a newcomer would (works with and without JavaScript). */
export async function acceptCookies(page: Page) {
  await page.getByRole("button", { name: /Accept cookies|接受 Cookie/ }).click();
  await expect(page.getByRole("button", { name: /Accept cookies|接受 Cookie/ })).toHaveCount(0);
}

/**
 * Collects what would show in the browser's console as a failure: uncaught errors and
 * console errors (404s aside: a test may visit a page that does not exist on purpose).
 * Hydration mismatches arrive here as React error #418.
 */
export function collectPageProblems(page: Page) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("404")) problems.push(message.text());
  });
  return problems;
}

let addressCounter = 0;
/**
 * Makes this page speak from a client address of its own (the e2e server trusts one proxy
 * hop), so the per-address limit on texted codes is the test's own, not shared with others.
 */
export async function ownClientAddress(page: Page) {
  addressCounter += 1;
  const n = (process.pid * 31 + addressCounter) % 62_500;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${200 + (n % 50)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` });
}

/** What is wider than the screen: the document's overflow, and the widest elements that cause it. */
export async function sideways(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement!;
    const width = scroller.clientWidth;
    if (scroller.scrollWidth <= width) return null;
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Only the outermost element that sticks out: its children stick out with it.
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 0.5) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : ""}`;
      culprits.push(`${name} (${Math.round(box.left)}–${Math.round(box.right)} px: "${(el.textContent ?? "").trim().slice(0, 40)}")`);
    }
    return { scrollWidth: scroller.scrollWidth, width, culprits: culprits.slice(0, 5) };
  });
}

export const test = base;
export { expect };
