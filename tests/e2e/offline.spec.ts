import type { BrowserContext, Page } from "@playwright/test";
import { expect, hydrated, signIn, test, uniqueName, uniquePhone } from "./fixtures";
import { hideTreasure } from "./treasures";

/**
 * A member with bad signal (issue 39, decisions 1180, 1181 and 1320): posts kept on the phone
 * belong to the member who kept them and go out from any page, from one tab; the service
 * worker shows Glow's own offline page and the pages the member last saw.
 *
 * All of it needs JavaScript (a page without it posts its forms, and has no worker).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "kept posts and the offline shell need JavaScript; without it the forms simply post");

let counter = 0;
const stamp = () => `${Date.now().toString(36)}${process.pid % 100}${(counter += 1)}`;

/** The kept posts in this browser's storage. */
const keptInStorage = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("glow:outbox") ?? "[]") as Array<{ label: string }>);

/** Once the page's service worker is running (it registers after the page has loaded). */
async function workerReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** A member in the test's browser context: the page's cookies become theirs. */
async function member(page: Page, prefix: string) {
  const name = uniqueName(prefix);
  const { phone } = await signIn(page, { ...name, phone: uniquePhone(), withAvatar: true });
  return { name: `${name.firstName} ${name.lastName}`, phone };
}

/** Keeps a guess on the lantern festival's card while offline (the page must be that card's). */
async function keepGuess(page: Page, context: BrowserContext, guess: string) {
  await context.setOffline(true);
  await page.getByLabel("Your answer").fill(guess);
  await page.getByRole("button", { name: "Guess", exact: true }).click();
  await expect(page.getByText(`No connection: Guess “${guess}” on Lantern festival is kept on your phone`)).toBeVisible();
}

/** A member with a second tab open on `otherPath`, who keeps a guess offline on the lantern festival's card. */
async function keepGuessWithTwoTabs(page: Page, context: BrowserContext, prefix: string, otherPath: string) {
  await member(page, prefix);
  const other = await context.newPage();
  await other.goto(otherPath);
  await hydrated(other);
  await page.goto("/takeaguess/lantern-festival");
  await hydrated(page);
  await keepGuess(page, context, "Spring");
  return other;
}

test.describe("kept posts belong to the member who kept them", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a claim one member kept is never sent for another who signs in on the same phone; it waits for its owner, who sends or discards", async ({ page, browser, context }, testInfo) => {
    const treasure = `Shared phone chest ${stamp()}`;
    const { code } = await hideTreasure(browser, testInfo, treasure);
    const ada = await member(page, "Adaline");
    await page.goto("/treasure");
    await hydrated(page);

    // Offline, Ada types the code: the claim is kept, named by what it holds.
    await context.setOffline(true);
    await page.getByLabel("Treasure code").fill(code);
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    const outbox = page.getByRole("region", { name: "1 waiting to send" });
    await expect(outbox).toContainText(`Code ${code.slice(0, 4)}-…`);
    await expect(outbox).not.toContainText(code);

    // Still offline, another member signs in on this phone (the tab still shows Ada's page).
    await member(page, "Katja");
    await context.setOffline(false);
    // The tab tried to send it as Ada's; the server, in Katja's session, refused to count it.
    await expect(page.getByRole("heading", { name: "Found: 0 treasures" })).toBeVisible();
    await expect(page.getByText("1 more is kept on this phone for another member. It waits until they sign in again.")).toBeVisible();
    await expect(page.getByRole("region", { name: /waiting to send/ })).toHaveCount(0);
    expect(await keptInStorage(page)).toHaveLength(1);

    // Katja opens the treasure screen afresh, and any other page: nothing of Ada's is sent.
    await page.goto("/treasure");
    await expect(page.getByRole("heading", { name: "Found: 0 treasures" })).toBeVisible();
    await expect(page.getByRole("link", { name: treasure })).toHaveCount(0);
    await page.goto("/newsfeed");
    await hydrated(page);
    // Katja signs out: still kept, for Ada.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You have successfully logged out!")).toBeVisible();
    expect(await keptInStorage(page)).toHaveLength(1);

    // Ada signs in again and opens the feed: her claim goes, counted for her, once.
    await signIn(page, { phone: ada.phone });
    await page.goto("/newsfeed");
    await expect(page.getByText(`You found ${treasure}! +12 points`)).toBeVisible();
    await expect.poll(() => keptInStorage(page)).toHaveLength(0);
    await page.goto("/treasure");
    await expect(page.getByRole("link", { name: treasure })).toHaveCount(1);
  });

  test("the member who kept a post can discard it before it is sent", async ({ page, context }) => {
    await member(page, "Ditcher");
    await page.goto("/takeaguess/lantern-festival");
    await hydrated(page);
    await keepGuess(page, context, "Winter");
    await keepGuess(page, context, "Spring");
    const outbox = page.getByRole("region", { name: "2 waiting to send" });
    await outbox.getByRole("button", { name: "Discard Guess “Winter” on Lantern festival" }).click();
    await expect(page.getByRole("region", { name: "1 waiting to send" })).toContainText("Guess “Spring” on Lantern festival");

    await context.setOffline(false);
    await expect(page.getByText("Right! +10 points")).toBeVisible();
    await page.goto("/takeaguess/lantern-festival");
    await expect(page.getByText("You answered “Spring” and earned 10 points.")).toBeVisible();
    // The discarded guess never spent a try.
    await expect(page.getByText("“Spring”: right")).toBeVisible();
    await expect(page.getByText("“Winter”: wrong")).toHaveCount(0);
  });
});

test.describe("posts kept before posts had owners", () => {
  test("are sent only when the member signed in says they are theirs", async ({ page }) => {
    await member(page, "Heir");
    await page.goto("/takeaguess/lantern-festival");
    await hydrated(page);
    // What the phone kept before this version: no owner.
    await page.evaluate(() =>
      localStorage.setItem(
        "glow:outbox",
        JSON.stringify([{ key: "0123456789abcdef0123456789abcdef", action: "/guesses/lantern-festival", fields: { intent: "guess", guess: "Spring" }, label: "A guess", keptAt: Date.now() }]),
      ),
    );
    await page.reload();
    await hydrated(page);
    const outbox = page.getByRole("region", { name: "Kept before Glow knew whose they were" });
    await expect(outbox).toContainText("Send one only if you made it: it counts for whoever is signed in.");
    // Opening the page sent nothing.
    await expect(page.getByText("You have 3 tries left.")).toBeVisible();
    await outbox.getByRole("button", { name: "It's mine: send A guess" }).click();
    await expect(page.getByText("Right! +10 points")).toBeVisible();
    await expect.poll(() => keptInStorage(page)).toHaveLength(0);
  });
});

test.describe("kept posts go out from any page", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a guess kept on its card is sent from the newsfeed when the connection returns", async ({ page, context }) => {
    const feed = await keepGuessWithTwoTabs(page, context, "Roamer", "/newsfeed");
    // The card is closed while offline; only the feed is open when the signal comes back.
    await page.close();
    await context.setOffline(false);
    await expect(feed.getByText("Right! +10 points")).toBeVisible();
    await expect.poll(() => keptInStorage(feed)).toHaveLength(0);
  });

  test("a page whose offline parts never arrived before the signal went keeps working, and sends when it is back", async ({ page, context }) => {
    await member(page, "Latecomer");
    // The signal goes before the page's offline parts (loaded after hydration) arrive: their
    // file is on its way when the phone goes offline, and never comes.
    const parts = /\/offline-parts-[\w-]+\.js$/;
    let goneOffline!: () => void;
    const offline = new Promise<void>((resolve) => (goneOffline = resolve));
    let lost!: () => void;
    const failed = new Promise<void>((resolve) => (lost = resolve));
    await page.route(parts, async (route) => {
      await offline;
      await route.abort("internetdisconnected");
      lost();
    });
    await page.goto("/takeaguess/lantern-festival");
    await hydrated(page);
    await keepGuess(page, context, "Spring");
    goneOffline();
    await failed;
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // Still the card, not the error screen, and the guess waits on the phone.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("In which season is the lantern festival held?");
    await expect(page.getByRole("region", { name: "1 waiting to send" })).toBeVisible();
    await page.unroute(parts);
    await context.setOffline(false);
    await expect(page.getByText("Right! +10 points")).toBeVisible();
  });

  test("with two tabs open, one sends the kept post and one toast says so", async ({ page, context }) => {
    const other = await keepGuessWithTwoTabs(page, context, "Twotabs", "/playquest");

    // The first post to arrive is held until both tabs have had their chance to send.
    let posts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route("**/guesses/lantern-festival", async (route) => {
      posts += 1;
      await held;
      await route.continue();
    });
    await context.setOffline(false);
    // Both tabs heard the connection return: one sends (its post is held), the other waits
    // its turn for the lock (or, sending too, posts a second time).
    const waiting = async () => {
      const locks = await page.evaluate(() => navigator.locks.query());
      return posts >= 2 || (posts === 1 && (locks.pending?.length ?? 0) >= 1);
    };
    await expect.poll(waiting, { timeout: 20_000 }).toBe(true);
    expect(posts).toBe(1);
    release();

    const toasts = () => Promise.all([page, other].map((tab) => tab.getByText("Right! +10 points").count()));
    await expect.poll(async () => (await toasts()).reduce((a, b) => a + b, 0)).toBe(1);
    // The waiting tab had its turn and found nothing left to send.
    await expect.poll(async () => (await page.evaluate(() => navigator.locks.query())).pending?.length ?? 0).toBe(0);
    await expect.poll(async () => (await page.evaluate(() => navigator.locks.query())).held?.length ?? 0).toBe(0);
    expect(posts).toBe(1);
    expect((await toasts()).reduce((a, b) => a + b, 0)).toBe(1);
  });

  test("a post one tab sent is not sent again by a tab whose storage still shows it", async ({ page, context }) => {
    const other = await keepGuessWithTwoTabs(page, context, "Laggard", "/playquest");
    const kept = await page.evaluate(() => localStorage.getItem("glow:outbox"));

    let posts = 0;
    await context.route("**/guesses/lantern-festival", async (route) => {
      posts += 1;
      await route.continue();
    });
    await context.setOffline(false);
    const toasts = async () => (await Promise.all([page, other].map((tab) => tab.getByText("Right! +10 points").count()))).reduce((a, b) => a + b, 0);
    await expect.poll(toasts).toBe(1);
    await expect.poll(() => keptInStorage(page)).toHaveLength(0);
    expect(posts).toBe(1);

    // A tab's copy of local storage hears another tab's change late (decision 1320): here the
    // quest map's copy still holds the sent guess when that tab next looks for posts to send.
    await other.evaluate((text) => {
      localStorage.setItem("glow:outbox", text!);
      window.dispatchEvent(new Event("glow:outbox-changed"));
    }, kept);
    // It finds the guess answered, sends nothing, and lets it go.
    await expect.poll(() => keptInStorage(other)).toHaveLength(0);
    await expect.poll(async () => (await other.evaluate(() => navigator.locks.query())).held?.length ?? 0).toBe(0);
    expect(posts).toBe(1);
    expect(await toasts()).toBeLessThanOrEqual(1);
  });
});

test.describe("the offline shell", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a reload without signal shows Glow's offline page with what is kept and when it goes; the quest map and the treasure screen stay readable", async ({ page, context }) => {
    await member(page, "Hillwalker");
    await page.goto("/playquest");
    await workerReady(page);
    // Seen once the worker runs: kept for reading offline.
    await page.goto("/playquest");
    await expect(page.getByRole("heading", { level: 1, name: "Your quests" })).toBeVisible();
    await page.goto("/treasure");
    await expect(page.getByRole("heading", { level: 1, name: "Your treasures" })).toBeVisible();
    await page.goto("/takeaguess/lantern-festival");
    await hydrated(page);
    await keepGuess(page, context, "Autumn");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page).toHaveTitle("You're offline · Glow");
    const kept = page.getByRole("region", { name: "Kept on this phone" });
    await expect(kept.getByRole("listitem")).toHaveText([/Guess “Autumn” on Lantern festival\s*waiting to send · kept/]);
    await expect(kept).toContainText("Sent in your name as soon as this phone is back online");
    // The quest map as the member last saw it.
    await page.getByRole("link", { name: "Your quest map" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your quests" })).toBeVisible();
    await expect(page).toHaveURL(/\/playquest$/);
    // And the treasure screen as they last saw it, opened by its address.
    await page.goto("/treasure");
    await expect(page.getByRole("heading", { level: 1, name: "Your treasures" })).toBeVisible();
    await expect(page).toHaveURL(/\/treasure$/);

    // Back online, the page asked for opens by itself and sends what waits.
    await page.goto("/takeaguess/lantern-festival");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("In which season is the lantern festival held?");
    await expect(page.getByText("Not quite. You have 2 tries left.")).toBeVisible();
  });

  test("Glow's offline page is drawn with its own styles, from Glow and from the worker without signal: its CSP refuses none of them", async ({ page, context }) => {
    // Every refusal the page's CSP makes, from the document's first byte on.
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refusedByCsp: refused });
      document.addEventListener("securitypolicyviolation", (event) => refused.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await page.emulateMedia({ colorScheme: "light" });
    // Unstyled, the page would be white with a plain link: its style gives the amber page and button.
    const drawn = () =>
      page.evaluate(() => ({
        page: getComputedStyle(document.body).backgroundColor,
        retry: getComputedStyle(document.querySelector("[data-retry]")!).backgroundColor,
        refused: (window as unknown as { refusedByCsp: string[] }).refusedByCsp,
      }));
    const styled = { page: "rgb(255, 251, 235)", retry: "rgb(180, 83, 9)", refused: [] };

    await page.goto("/offline?lng=en");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    expect(await drawn()).toEqual(styled);

    // As the worker shows it, with the headers it kept it with, when a page cannot be loaded.
    await page.goto("/");
    await workerReady(page);
    await context.setOffline(true);
    await page.goto("/newsfeed");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    expect(await drawn()).toEqual(styled);
  });

  test("online, a page comes from Glow, never from the worker's kept copy, and the copy follows it", async ({ page, browser }, testInfo) => {
    const treasure = `Fresh page chest ${stamp()}`;
    const { code } = await hideTreasure(browser, testInfo, treasure);
    await member(page, "Freshness");
    await page.goto("/treasure");
    await workerReady(page);
    await page.goto("/treasure");
    await expect.poll(() => cachedPages(page)).toContain("/treasure");
    await expect(page.getByRole("heading", { name: "Found: 0 treasures" })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Treasure code").fill(code);
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    await expect(page.getByText(`You found ${treasure}! +12 points`)).toBeVisible();

    // Opened afresh through the worker: the server's page as it is now, not the copy of before.
    await page.goto("/playquest");
    const answer = await page.goto("/treasure");
    expect(answer!.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { name: "Found: 1 treasure" })).toBeVisible();
    // And what the worker keeps for a later offline reading is that page.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("glow-pages")).match("/treasure"))?.text() ?? ""))
      .toContain(treasure);
  });

  test("Chromium reads the web app manifest without an error and could install Glow from it", async ({ page }) => {
    await page.goto("/");
    await workerReady(page);
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send("Page.getAppManifest")) as { url: string; errors: Array<{ message: string }>; data?: string };
    expect(new URL(read.url).pathname).toBe("/manifest.webmanifest");
    expect(read.errors).toEqual([]);
    const manifest = JSON.parse(read.data!) as { name: string; short_name: string; start_url: string; scope: string; display: string; icons: Array<{ src: string; sizes: string; type: string }> };
    expect(manifest).toMatchObject({ name: "Glow", short_name: "Glow", start_url: "/", scope: "/", display: "standalone" });
    // Each icon is there, of the type and the size it says (a PNG's size is in its header).
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"], icon.src).toContain(icon.type);
      if (icon.type === "image/png") {
        const bytes = await file.body();
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    }
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    // What Chromium asks of an installable app: the manifest, its icons, a worker over the start
    // page. A test's browser context is incognito, where nothing installs: that one is the browser's.
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });

  test("nothing of a member's stays cached after sign-out", async ({ page, context }) => {
    const { name, phone } = await member(page, "Leaver");
    // Each page says whose it is, by an opaque key (never the phone), for the worker.
    const key = (await page.goto("/treasure"))!.headers()["glow-member"];
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain(phone.slice(-4));
    await workerReady(page);
    await page.goto("/playquest");
    await expect.poll(() => cachedPages(page)).toEqual(expect.arrayContaining(["/playquest", "/treasure"]));
    await hydrated(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You have successfully logged out!")).toBeVisible();
    await expect.poll(() => cachedPages(page)).toEqual([]);
    expect((await page.request.get("/home")).headers()["glow-member"]).toBeUndefined();

    await context.setOffline(true);
    await page.goto("/playquest");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Your quest map" })).toBeHidden();
  });
});

/** The pages the service worker keeps for reading offline (its own cache, read from the page). */
function cachedPages(page: Page) {
  return page.evaluate(async () => {
    const cache = await caches.open("glow-pages");
    return (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => !path.startsWith("/__glow-sw/")).sort();
  });
}
