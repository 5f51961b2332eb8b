import type { Page } from "@playwright/test";
import { expect, hydrated, signIn, test } from "./fixtures";

let counter = 0;
const uniqueUsername = () => `av${Date.now().toString(36)}${process.pid % 100}${(counter += 1)}`.slice(0, 20);

test.describe("signup and the character creator", () => {
  test("a new member signs up, builds a dylan avatar with chosen hair and mood, and sees it in the header and the feed", async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === "chromium";
    // Each run's own name: the feed is shared by every test against this server, and an
    // earlier run's "Juniper joined Glow" would be a second match.
    const firstName = `${js ? "Juniper" : "Nojs"} ${uniqueUsername().slice(2)}`;
    const { memberId } = await signIn(page);

    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tell us who you are");
    await page.getByLabel("First name").fill(firstName);
    await page.getByLabel("Username").fill(uniqueUsername());
    await page.getByLabel("Email").fill("juniper@example.com");
    await page.getByLabel("Zipcode").fill("94110");
    await page.getByRole("radio", { name: "Dylan" }).check();
    await page.getByRole("button", { name: "Finish signup" }).click();

    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByRole("heading", { name: "Your character" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Dylan" })).toBeChecked();
    const header = page.getByRole("banner");
    await expect(header.getByRole("img", { name: /Your avatar/ })).toHaveAttribute("src", `/avatars/${memberId}/1.svg`);

    await page.getByLabel("Hair", { exact: true }).selectOption({ label: "Shaggy" });
    await page.getByLabel("Mood", { exact: true }).selectOption({ label: "Super happy" });
    const preview = page.getByTestId("avatar-preview");
    if (!js) await page.getByRole("button", { name: "Preview" }).click();
    // With JavaScript the preview follows the choices; without it 'Preview' re-renders the page.
    await expect(preview).toHaveAttribute("src", /hair=shaggy/);
    await expect(preview).toHaveAttribute("src", /mood=superHappy/);
    await expect(preview).toHaveAttribute("alt", /Dylan avatar .*Hair Shaggy.*Mood Super happy/);
    await expect(page.getByLabel("Hair", { exact: true })).toHaveValue("shaggy");

    // The preview image is drawn by the server, never by DiceBear in the browser.
    const previewResponse = await page.request.get(String(await preview.getAttribute("src")));
    expect(previewResponse.headers()["content-type"]).toMatch(/^image\/svg\+xml/);

    await page.getByRole("button", { name: "Save avatar" }).click();
    await expect(page.getByText("Your avatar is saved.")).toBeVisible();
    await expect(page.getByLabel("Hair", { exact: true })).toHaveValue("shaggy");
    await expect(page.getByLabel("Mood", { exact: true })).toHaveValue("superHappy");

    const avatarSrc = `/avatars/${memberId}/2.svg`;
    await expect(header.getByRole("img", { name: /Your avatar/ })).toHaveAttribute("src", avatarSrc);
    const svg = await page.request.get(avatarSrc);
    expect(svg.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await svg.text()).toContain("Dylan! The Avatar Generator");

    await page.goto("/newsfeed");
    const welcome = page.locator("article", { hasText: `${firstName} joined Glow` });
    await expect(welcome.getByRole("img", { name: `${firstName}'s avatar` })).toHaveAttribute("src", avatarSrc);
    await expect(page.getByRole("banner").getByRole("img", { name: /Your avatar/ })).toHaveAttribute("src", avatarSrc);
  });

  test("Enter in a signup field finishes the signup, not 'Show me other faces'", async ({ page }) => {
    await signIn(page);
    await page.goto("/signup");
    await page.getByLabel("First name").fill("Enterprise");
    await page.getByLabel("Username").fill(uniqueUsername());
    await page.getByLabel("Email").fill("enter@example.com");
    await page.getByLabel("Zipcode").fill("94110");
    await page.getByLabel("Zipcode").press("Enter");
    await expect(page).toHaveURL(/\/profile/);
  });

  test("a wrong value is refused field by field and nothing typed is lost", async ({ page }, testInfo) => {
    await signIn(page, { firstName: "Err", username: uniqueUsername(), zipcode: "10001", withAvatar: true });
    await page.goto("/profile");
    await page.getByText("Frame and background").click();
    await page.getByLabel("Rotate (degrees)").fill("400");
    await page.getByRole("button", { name: "Save avatar" }).click();
    await expect(page.getByText("Enter a whole number from 0 to 360.")).toBeVisible();
    await expect(page.getByLabel("Rotate (degrees)")).toHaveValue("400");
    await expect(page.getByLabel("Rotate (degrees)")).toHaveAttribute("aria-invalid", "true");
    // With JavaScript the refused field takes the focus, so its label and error are read out.
    if (testInfo.project.name === "chromium") await expect(page.getByLabel("Rotate (degrees)")).toBeFocused();
  });

  test("'Randomize' picks a new seed, and the creator credits the art's licences", async ({ page }) => {
    await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
    await page.goto("/profile");
    await expect(page.getByLabel("Seed")).toHaveValue("Aneka");
    await page.getByRole("button", { name: "Randomize" }).click();
    await expect(page.getByLabel("Seed")).not.toHaveValue("Aneka");
    const credits = page.getByRole("region", { name: "Avatar art" });
    await expect(credits.getByRole("link", { name: "CC BY 4.0" })).toHaveCount(2);
    await expect(credits.getByRole("link", { name: "CC0 1.0" })).toHaveCount(2);
    await expect(credits).toContainText("Natalia Spivak");
  });

  test("Enter in the seed field keeps the seed typed: it saves, or without JavaScript previews", async ({ page }, testInfo) => {
    await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
    await page.goto("/profile");
    // Enter before the page is hydrated previews, as without JavaScript: wait until the
    // creator's default button says it saves.
    const defaultButton = page.locator('button[name=intent][aria-hidden="true"]');
    await expect(defaultButton).toHaveAttribute("value", testInfo.project.name === "chromium" ? "save" : "preview");
    await page.getByLabel("Seed").fill("Typed seed");
    await page.getByLabel("Seed").press("Enter");
    if (testInfo.project.name === "chromium") await expect(page.getByText("Your avatar is saved.")).toBeVisible();
    else await page.waitForLoadState("load");
    await expect(page.getByLabel("Seed")).toHaveValue("Typed seed");
    if (testInfo.project.name !== "chromium") {
      // Previewed, not kept: a fresh visit shows the saved seed.
      await page.goto("/profile");
      await expect(page.getByLabel("Seed")).toHaveValue("Aneka");
    }
  });

  test("after 'Save avatar' the focus stays on the button, not on the page", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "chromium", "without JavaScript the page loads anew, focus and all");
    await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
    await page.goto("/profile");
    // Before hydration Enter submits the form natively and the page loads anew (the no-JS
    // path, with its own test): this one is about the enhanced form.
    await hydrated(page);
    // The creator's code comes after the page's (decision 1124): its main button says
    // 'Save avatar' once it runs, and only then is typing the enhanced form's.
    const save = page.getByRole("button", { name: "Save avatar" });
    await expect(save).toBeVisible();
    await page.getByLabel("Seed").fill("Kept focus");
    await save.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Your avatar is saved.")).toBeVisible();
    await expect(page.getByLabel("Seed")).toHaveValue("Kept focus");
    await expect(save).toBeFocused();
    // Leaving and coming back does not take the focus to it.
    await page.getByRole("banner").getByRole("link", { name: "Newsfeed" }).click();
    await expect(page).toHaveURL(/\/newsfeed/);
    await page.goBack();
    await expect(page.getByLabel("Seed")).toBeVisible();
    await expect(save).not.toBeFocused();
  });

  test.describe("when the creator's code arrives late (decision 1124), against what the member does meanwhile (issue 40, point 16)", () => {
    const creatorFile = /\/character-creator-[^/]*\.js$/;

    /** Holds the creator's file until `release()`: the member meets the server's creator first. */
    async function holdCreator(page: Page) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(creatorFile, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    }

    /** The creator's code ran: its Enter button (first in the form) saves instead of previewing. */
    async function creatorRunning(page: Page) {
      await expect(page.locator('button[aria-hidden="true"][name="intent"][value="save"]')).toHaveCount(1);
    }

    test.beforeEach(async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "chromium", "without JavaScript there is no code to wait for");
      await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
    });

    test("a seed typed before the code arrives is kept, and 'Save avatar' saves it and keeps the focus", async ({ page }) => {
      const release = await holdCreator(page);
      await page.goto("/profile");
      await hydrated(page);
      await page.getByLabel("Seed").fill("Typed early");
      release();
      await creatorRunning(page);
      await expect(page.getByLabel("Seed")).toHaveValue("Typed early");
      const save = page.getByRole("button", { name: "Save avatar" });
      await save.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Your avatar is saved.")).toBeVisible();
      await expect(page.getByLabel("Seed")).toHaveValue("Typed early");
      await expect(save).toBeFocused();
      await page.reload();
      await expect(page.getByLabel("Seed")).toHaveValue("Typed early");
    });

    test("'Save avatar' pressed before the code arrives, which comes while the save is on its way: the saved look, and the focus on the button", async ({ page }) => {
      const release = await holdCreator(page);
      await page.goto("/profile");
      await hydrated(page);
      // The save's answer waits until the creator's code has run (a slow phone, a busy server).
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route(/\/profile\.data/, async (route) => {
        if (route.request().method() === "POST") await answered;
        await route.continue();
      });
      await page.getByLabel("Seed").fill("Saved early");
      const save = page.getByRole("button", { name: "Save avatar" });
      await save.focus();
      await page.keyboard.press("Enter");
      release();
      await creatorRunning(page);
      answer();
      await expect(page.getByText("Your avatar is saved.")).toBeVisible();
      await expect(page.getByLabel("Seed")).toHaveValue("Saved early");
      await expect(save).toBeFocused();
    });

    test("'Save avatar' pressed before the code arrives, which comes after the answer: the saved look, and the focus on the button", async ({ page }) => {
      const release = await holdCreator(page);
      await page.goto("/profile");
      await hydrated(page);
      await page.getByLabel("Seed").fill("Answered first");
      const save = page.getByRole("button", { name: "Save avatar" });
      await save.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Your avatar is saved.")).toBeVisible();
      release();
      await creatorRunning(page);
      await expect(page.getByLabel("Seed")).toHaveValue("Answered first");
      await expect(save).toBeFocused();
    });
    test("a value refused while the code is on its way: the creator shows the refusal when it comes, the refused field focused", async ({ page }) => {
      const release = await holdCreator(page);
      await page.goto("/profile");
      await hydrated(page);
      // The server's creator takes typing before its code runs; its folded section opens natively.
      await page.getByText("Frame and background").click();
      await page.getByLabel("Rotate (degrees)").fill("400");
      const refused = page.waitForResponse((response) => response.request().method() === "POST" && /\/profile\.data/.test(response.url()));
      await page.getByRole("button", { name: "Save avatar" }).click();
      expect((await refused).status()).toBe(400);
      // The page has the answer (no longer busy) before the creator's code comes.
      await expect(page.getByRole("button", { name: "Save details" })).toBeEnabled();
      release();
      await expect(page.getByText("Enter a whole number from 0 to 360.")).toBeVisible();
      await expect(page.getByLabel("Rotate (degrees)")).toHaveValue("400");
      await expect(page.getByLabel("Rotate (degrees)")).toBeFocused();
    });
  });

  test.describe("when the creator's file cannot be fetched (a deploy replaced it while the page was open)", () => {
    const creatorFile = /\/character-creator-[^/]*\.js$/;

    /** Refuses the creator's file on the first `refusedLoads` loads of /profile; counts those loads. */
    async function refuseCreator(page: Page, refusedLoads: number) {
      const loads = { count: 0 };
      page.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.method() === "GET" && new URL(request.url()).pathname === "/profile") loads.count += 1;
      });
      await page.route(creatorFile, (route) => (loads.count <= refusedLoads ? route.abort() : route.continue()));
      return loads;
    }

    test("the page loads afresh once by itself, and the creator is there", async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "chromium", "without JavaScript no file is fetched: the creator is the server's form");
      await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
      const loads = await refuseCreator(page, 1);
      await page.goto("/profile");
      await expect.poll(() => loads.count).toBe(2);
      await hydrated(page);
      await expect(page.getByLabel("Seed")).toHaveValue("Aneka");
      await page.getByRole("button", { name: "Randomize" }).click();
      await expect(page.getByLabel("Seed")).not.toHaveValue("Aneka");
      expect(loads.count).toBe(2);
    });

    test("a file still missing after that leaves the error screen and its 'Reload Page', not a loop", async ({ page }, testInfo) => {
      test.skip(testInfo.project.name !== "chromium", "without JavaScript no file is fetched: the creator is the server's form");
      await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
      const loads = await refuseCreator(page, Number.POSITIVE_INFINITY);
      await page.goto("/profile");
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Reload Page" })).toBeVisible();
      // One fresh load, then no more: give a loop the time it would need to show.
      await page.waitForTimeout(1500);
      expect(loads.count).toBe(2);
    });
  });
});

/** The creator's preview and editor, measured where a phone shows them. */
async function creatorLayout(page: Page) {
  return page.locator("#creator").evaluate((creator) => {
    const box = (element: Element | null) => element!.getBoundingClientRect();
    const seed = creator.querySelector<HTMLInputElement>("input[name=seed]")!;
    return {
      previewBottom: box(creator.querySelector("[data-testid=avatar-preview]")).bottom,
      styleTop: box(creator.querySelector("input[name=style]")!.closest("fieldset")).top,
      seedWidth: box(seed).width,
      seedShown: seed.scrollWidth <= seed.clientWidth,
      // Each style's name on one line (one line is about 20 px high), inside its card.
      names: [...creator.querySelectorAll("input[name=style]")].map((radio) => {
        const name = radio.parentElement!;
        const card = name.closest("label")!;
        return {
          name: name.textContent,
          height: box(name).height,
          inside: box(name).left >= box(card).left && box(name).right <= box(card).right,
        };
      }),
    };
  });
}

test.describe("the character creator on a narrow screen", () => {
  for (const [width, lng] of [
    [375, "en"],
    [360, "zh"],
  ] as const) {
    test(`at ${width} px (${lng}) the editor is under the preview, the seed shown whole, style names unbroken`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await signIn(page, { withAvatar: true, username: uniqueUsername(), zipcode: "10001" });
      await page.goto(`/profile?lng=${lng}`);
      await page.locator("input[name=seed]").fill("GERQ5WXY7Z");
      const layout = await creatorLayout(page);
      expect(layout.styleTop).toBeGreaterThanOrEqual(layout.previewBottom);
      expect(layout.seedWidth).toBeGreaterThan(180);
      expect(layout.seedShown).toBe(true);
      for (const name of layout.names) {
        expect(name.inside, String(name.name)).toBe(true);
        expect(name.height, String(name.name)).toBeLessThan(30);
      }
    });
  }
});
