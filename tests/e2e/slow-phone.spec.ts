import type { Browser, Page } from "@playwright/test";
import { E2E_HOOKS_TOKEN } from "../../playwright.config";
import { collectPageProblems, expect, hydrated, signIn, test, uniquePhone } from "./fixtures";

/**
 * A slow phone's first visit (decisions 1260–1264): the page paints with what it carries,
 * the stylesheet following at the end of the body; its translations come with it; its
 * scripts are few files; and nothing moves when the rest arrives.
 */

const GRACE = "+15550100002"; // the demo contest's game master

/** Pages as visitors, members and the game master see them. */
const PAGES: { path: string; as?: "member" | "game master" }[] = [
  { path: "/" },
  { path: "/signin" },
  { path: "/newsfeed", as: "member" },
  { path: "/profile", as: "member" },
  { path: "/beamkins", as: "member" },
  { path: "/playquest", as: "member" },
  { path: "/gamemaster", as: "game master" },
];

async function signedInContext(browser: Browser, baseURL: string | undefined, who: "member" | "game master" | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 412, height: 823 } });
  if (who) {
    const response = await context.request.post("/__e2e/session", {
      headers: { "x-e2e-token": E2E_HOOKS_TOKEN },
      data: who === "game master" ? { phone: GRACE } : { phone: uniquePhone(), firstName: "Ada", withAvatar: true },
    });
    expect(response.ok()).toBeTruthy();
  }
  return context;
}

/** Every element's computed style (custom properties aside) and box, in document order. */
async function styles(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")].map((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const values: string[] = [];
      for (const name of style) if (!name.startsWith("--")) values.push(`${name}: ${style.getPropertyValue(name)}`);
      return {
        element: `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}`.slice(0, 80),
        text: el.textContent,
        box: [box.x, box.y, box.width, box.height].map(Math.round).join(","),
        values,
      };
    }),
  );
}

test.describe("the first paint", () => {
  for (const { path, as } of PAGES) {
    test(`needs no stylesheet: every element of ${path} looks as the whole stylesheet makes it`, async ({ browser, baseURL }, testInfo) => {
      test.skip(testInfo.project.name !== "no-js", "the page before its scripts, once");
      // Every computed style of every element, twice: slow on a busy machine.
      test.slow();
      const seen: Awaited<ReturnType<typeof styles>>[] = [];
      for (const withStylesheet of [false, true]) {
        const context = await signedInContext(browser, baseURL, as, false);
        const page = await context.newPage();
        // Fonts arrive whenever they do; both loads go without them.
        await page.route(/\.woff2$/, (route) => route.abort());
        if (!withStylesheet) await page.route(/\/static\/app-[\w-]+\.css$/, (route) => route.abort());
        await page.goto(path);
        await expect(page.locator("head link[rel=stylesheet]"), path).toHaveCount(0);
        await expect(page.locator("head style"), path).toHaveCount(1);
        seen.push(await styles(page));
        await context.close();
      }
      const [carried, whole] = seen as [Awaited<ReturnType<typeof styles>>, Awaited<ReturnType<typeof styles>>];
      expect(carried.length, path).toBe(whole.length);
      const differences = carried.flatMap((el, i) => {
        const other = whole[i]!;
        const values = el.values.filter((value, j) => value !== other.values[j]);
        // A text that changed between the two loads ("3 minutes ago") has a box of its own.
        const moved = el.box !== other.box && el.text === other.text;
        return values.length || moved ? [`${path} ${el.element}: ${el.box} / ${other.box} ${values.slice(0, 3).join("; ")}`] : [];
      });
      expect(differences).toEqual([]);
    });
  }

  test("defines each display font once, so a font that arrives later never moves the page", async ({ browser, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "the stylesheet's arrival after the scripts' start");
    const context = await signedInContext(browser, baseURL, "member", true);
    const page = await context.newPage();
    await page.goto("/newsfeed");
    await hydrated(page);
    await expect
      .poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/static/app-"))))
      .toBe(true);
    const faces = await page.evaluate(() => [...document.fonts].map((face) => face.family.replaceAll('"', "")));
    expect(faces.filter((family) => family === "Righteous")).toHaveLength(1);
    expect(faces.filter((family) => family === "Pacifico")).toHaveLength(1);
    // The stylesheet itself defines none: they are the page's.
    const inStylesheet = await page.evaluate(
      () => [...document.styleSheets].filter((sheet) => sheet.href).flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof CSSFontFaceRule).length,
    );
    expect(inStylesheet).toBe(0);
    await context.close();
  });
});

test.describe("before the page hydrates", () => {
  test("its translations are asked for with the page, once each, and it hydrates without errors", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "translations are for the page's scripts");
    await signIn(page, { firstName: "Ada", withAvatar: true });
    const problems = collectPageProblems(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/locales/")) asked.push(new URL(request.url()).pathname);
    });
    await page.goto("/newsfeed");
    await hydrated(page);
    const preloaded = await page.locator('head link[rel=preload][as=fetch][crossorigin="anonymous"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(preloaded).toEqual(expect.arrayContaining(["/locales/en/common.json", "/locales/en/errors.json", "/locales/en/auth.json", "/locales/en/newsfeed.json"]));
    for (const href of preloaded) expect(asked.filter((path) => path === href), href!).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test("what every page runs is four files: React Router's manifest, the client entry, one shared file, the root route", async ({ page }) => {
    await signIn(page, { firstName: "Ada", withAvatar: true });
    const pages: string[][] = [];
    for (const path of ["/signin", "/newsfeed", "/profile"]) {
      const html = await (await page.request.get(path)).text();
      pages.push([...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!.replace(/-[\w-]+\.js$/, "")));
    }
    // The rest of each page's files are its route's own (Rollup's split of what routes share).
    const everyPage = pages.reduce((all, files) => all.filter((file) => files.includes(file)));
    expect(everyPage.sort()).toEqual(["/static/entry.client", "/static/glow", "/static/manifest", "/static/root"]);
  });
});
