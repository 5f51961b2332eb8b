import { collectPageProblems, expect, signIn, test, uniqueName, uniquePhone } from "./fixtures";

test.describe("the API's reference", () => {
  test("/api/docs shows every call, in English and Chinese, and links the OpenAPI document", async ({ page }) => {
    const problems = collectPageProblems(page);
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: "Glow API reference", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "POST /api/getphonecode/" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "GET /api/getparties/" })).toBeVisible();
    const parties = page.locator("#getparties");
    await expect(parties.getByRole("rowheader", { name: "zipcode", exact: true })).toBeVisible();
    // Its refusals in their own words, read off the refusal map the call answers with (1145).
    await expect(parties.getByText(/Ask for parties by memberid, contestid and zipcode together, or by exactly one of them/)).toBeVisible();
    await expect(parties.getByRole("cell", { name: "405", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "POST /api/creaturechatmessage/" }).click();
    await expect(page).toHaveURL(/#creaturechatmessage$/);
    await page.getByRole("link", { name: "The same reference as an OpenAPI 3.1 document" }).click();
    await expect(page).toHaveURL(/\/api\/openapi\.json$/);
    expect(JSON.parse((await page.locator("body").textContent()) ?? "{}")).toMatchObject({ openapi: "3.1.0" });
    await page.goto("/api/docs?lng=zh");
    await expect(page.getByRole("heading", { name: "Glow API 参考", level: 1 })).toBeVisible();
    await expect(page.locator("#getparties").getByText(/请按 memberid、contestid 和 zipcode 三者一起，或只按其中一个查询队伍/)).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe("the API from a page's own script", () => {
  test("a signed-in page calls with its session cookie, and a changing call carries the CSRF cookie's token", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "chromium", "a page's script needs JavaScript");
    await signIn(page, { ...uniqueName("Scripted"), phone: uniquePhone(), withAvatar: true });
    await page.goto("/landing");
    const answers = await page.evaluate(async () => {
      const json = { Accept: "application/json", "Content-Type": "application/json" };
      const light = await (await fetch("/api/getMemberLight/", { headers: json })).json();
      const token = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? null;
      const body = JSON.stringify({ message: "hello from the page" });
      const without = await fetch("/api/creaturechatmessage/", { method: "POST", headers: json, body });
      const withToken = await fetch("/api/creaturechatmessage/", { method: "POST", headers: { ...json, "X-CSRF-Token": token ?? "" }, body });
      return { light, token: Boolean(token), without: without.status, withToken: await withToken.json() };
    });
    expect(answers.light).toMatchObject({ success: true, result: { light: expect.any(Number) } });
    expect(answers.token).toBe(true);
    expect(answers.without).toBe(403);
    expect(answers.withToken).toMatchObject({ success: true, result: { creaturemessage: expect.any(String) } });
  });
});
