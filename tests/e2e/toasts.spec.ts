/**
 * Toasts never cover the control that answers them (issue 27, point 17; decision 0514): the
 * 'Please accept cookies…' toast arrives with "Accept cookies and send the code", and on a
 * phone the toast (stacked above the cookie banner) used to sit over that button for its
 * 3 seconds.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, ownClientAddress, test, uniquePhone } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The control in full view, under nothing of the bottom dock (toasts and the cookie banner). */
async function expectUncovered(page: Page, control: Locator) {
  const viewport = page.viewportSize()!;
  const box = (await control.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  for (const cover of await page.locator("[data-toast-type], [data-cookie-banner]").all()) {
    const other = await cover.boundingBox();
    if (other) expect(overlaps(box, other), `covered by "${await cover.innerText()}"`).toBe(false);
  }
  // The control is what a pointer reaches at its middle.
  const reached = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top === null ? "nothing" : el === top || el.contains(top) ? "the control" : (top.closest("section, div")?.textContent ?? top.tagName).slice(0, 60);
  });
  expect(reached).toBe("the control");
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 664 },
  { width: 360, height: 560 },
]) {
  test(`at ${viewport.width}×${viewport.height} the cookie toast leaves "Accept cookies and send the code" in view and uncovered`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await ownClientAddress(page);
    await page.goto("/signin");
    // With JavaScript, the answer comes to the hydrated page (a click before would post the plain form).
    if (testInfo.project.use.javaScriptEnabled) await hydrated(page);
    await page.getByLabel("Phone number").fill(uniquePhone().slice(2));
    await page.getByRole("button", { name: "Send Code" }).click();
    const toast = page.locator("[data-toast-type]").filter({ hasText: "Please accept cookies to sign in or sign up." });
    await expect(toast).toBeVisible();
    const accept = page.getByRole("button", { name: "Accept cookies and send the code" });
    await expect(accept).toBeVisible();
    await expectUncovered(page, accept);
    // It answers: the code is sent to the typed number.
    await accept.click();
    await expect(page.getByText(/^Code sent to /)).toBeVisible();
  });
}
