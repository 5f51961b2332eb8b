import type { Page } from "@playwright/test";
import { acceptCookies, codeFor, expect, hydrated, signIn, test, uniquePhone } from "./fixtures";
import { GRACE, gameMaster, hideTreasure } from "./treasures";

// Quests, treasure hunts, guess cards, catch links and the game master's quest table, with
// JavaScript on (project chromium) and off (project no-js).

const MEI = "+15550100006"; // leads the Comet Crew, which runs the Comet Relay

let ipCounter = 0;
/** Each test speaks from its own address, so the per-address sign-in limit is its own. */
async function ownAddress(page: Page) {
  ipCounter += 1;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.28.${(process.pid + ipCounter) % 250}.${(ipCounter % 250) + 1}` });
}

const stamp = () => `${Date.now().toString(36)}${process.pid % 100}${(ipCounter += 1)}`;

test.describe("a new member's first steps", () => {
  test("from /start through the story to signup ('Complete Signup' completes), through the tutorial to a prize box", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const js = testInfo.project.name === "chromium";
    await ownAddress(page);
    const phone = uniquePhone();

    await page.goto("/start");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Glow");
    await acceptCookies(page);
    await page.getByRole("link", { name: "Begin the story" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A spark in the dark");
    await expect(page.getByText("Part 1 of 4")).toBeVisible();
    if (js) {
      // The story sound is optional: on by default (storyMuted false), never playing before a tap.
      const sound = page.getByRole("button", { name: "Story sound" });
      await expect(sound).toHaveAttribute("aria-pressed", "true");
      await sound.click();
      await expect(sound).toHaveAttribute("aria-pressed", "false");
      expect(await page.evaluate(() => localStorage.getItem("storyMuted"))).toBe("true");
    }
    for (const title of ["Light grows with play", "Friends make it brighter", "Your first quest"]) {
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    }
    await page.getByRole("link", { name: "Join Glow" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);

    await page.getByLabel("Phone number").fill(phone.slice(2));
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByLabel("Code", { exact: true }).fill(await codeFor(page.request, phone));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fplayquest$/);
    // The companion's welcome: 'Complete Signup' lives here (the companion speaks on a page's load).
    await page.goto(page.url());
    await expect(page.getByTestId("companion-dialogue")).toContainText("welcome to Glow! I'm Sparkit.");
    await page.getByLabel("First name").fill("Nova");
    await page.getByLabel("Username").fill(`nova${stamp()}`.slice(0, 20));
    await page.getByLabel("Email").fill("nova@example.com");
    await page.getByLabel("Zipcode").fill("94110");
    await page.getByRole("button", { name: "Finish signup" }).click();

    await expect(page).toHaveURL(/\/playquest$/);
    const finished = page.getByRole("region", { name: "Finished" });
    await expect(finished).toContainText("Complete Signup");
    await expect(page.getByRole("heading", { name: "A prize box is waiting" })).toBeVisible();
    await page.getByRole("group").getByText("See the odds").click();
    await expect(page.getByRole("table", { name: /What a prize box can hold/ })).toBeVisible();
    await page.getByRole("button", { name: "Open the box" }).click();
    await expect(page.getByRole("heading", { name: "Your prize box from Complete Signup" })).toBeVisible();

    // The tutorial is offered to a newcomer; each step counts only when it is really done.
    await page.getByRole("button", { name: "Start the tutorial" }).click();
    await expect(page.getByText("Quest started. Good luck!")).toBeVisible();
    const tutorial = page.getByRole("article", { name: "Quest Tutorial" });
    await expect(tutorial).toContainText("0 of 3 steps done");
    await tutorial.getByRole("link", { name: "Go there" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How quests work");
    await page.getByRole("link", { name: "To your quest map" }).click();
    await expect(tutorial).toContainText("1 of 3 steps done");
    await expect(tutorial.getByText("Change anything you like in the character creator, then save your avatar.")).toBeVisible();

    await tutorial.getByRole("link", { name: "Go there" }).click();
    await expect(page).toHaveURL(/\/profile#creator$/);
    if (js) await hydrated(page);
    await page.getByRole("button", { name: "Save avatar" }).click();
    await expect(page.getByText("Your avatar is saved.")).toBeVisible();
    await page.goto("/playquest");
    await expect(tutorial).toContainText("2 of 3 steps done");

    await tutorial.getByRole("link", { name: "Go there" }).click();
    await expect(page).toHaveURL(/\/chat-demo$/);
    if (js) await hydrated(page);
    await page.getByLabel("Message").fill("Hello, friend!");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("log").locator("[data-role=assistant]")).toHaveCount(1);

    await page.goto("/playquest");
    await expect(finished).toContainText("Quest Tutorial");
    await expect(page.getByRole("article", { name: "Quest Tutorial" })).toHaveCount(0);
    await page.getByRole("button", { name: "Open the box" }).click();
    await expect(page.getByRole("heading", { name: "Your prize box from Quest Tutorial" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your prize box from Quest Tutorial" }).getByRole("status")).toHaveText(/.+!/);
    // The tutorial is not pushed at a member who has played.
    await expect(page.getByRole("button", { name: "Start the tutorial" })).toHaveCount(0);
  });

  test("a forged 'step done' post changes nothing", async ({ page }) => {
    await signIn(page, { withAvatar: true, firstName: "Forger" });
    const before = await page.request.get("/playquest");
    expect(before.ok()).toBeTruthy();
    const forged = await page.request.post("/playquest", { form: { intent: "complete-step", stepId: "1" }, headers: { Accept: "application/json" } });
    expect(forged.status()).toBe(400);
    await page.goto("/playquest");
    await expect(page.getByRole("region", { name: "Finished" })).toHaveCount(0);
  });
});

test.describe("treasure hunts", () => {
  // Each test has the game master set things up first, in a browser of their own.
  test.describe.configure({ timeout: 90_000 });
  test("a member opens a treasure link twice and claims it once", async ({ page, browser }, testInfo) => {
    const name = `Test chest ${stamp()}`;
    const { link } = await hideTreasure(browser, testInfo, name);
    await signIn(page, { withAvatar: true, firstName: "Finder" });

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.getByRole("button", { name: `Claim ${name}` }).click();
    await expect(page.getByText(`You found ${name}! +12 points`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Already yours!" })).toBeVisible();

    // The second scan: already yours, nothing to press.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Already yours!" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Claim ${name}` })).toHaveCount(0);

    await page.goto("/treasure");
    await expect(page.getByRole("heading", { name: "Found: 1 treasure" })).toBeVisible();
    await expect(page.getByRole("link", { name })).toHaveCount(1);
    await page.goto("/newsfeed");
    await expect(page.getByText(name).first()).toBeVisible();
  });

  test("a typed wrong code is refused with the code kept; the right one, typed loosely, finds it", async ({ page, browser }, testInfo) => {
    const name = `Typed chest ${stamp()}`;
    const { code } = await hideTreasure(browser, testInfo, name);
    await signIn(page, { withAvatar: true, firstName: "Typist" });
    await page.goto("/treasure");
    await page.getByLabel("Treasure code").fill("WRONG-CODE-0000");
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("That code is not right. Check it and try again.");
    await expect(page.getByLabel("Treasure code")).toHaveValue("WRONG-CODE-0000");
    await page.getByLabel("Treasure code").fill(code.toLowerCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    await expect(page.getByText(`You found ${name}! +12 points`)).toBeVisible();
  });

  test("claimed while offline: kept on the phone, waiting to send, and it arrives once when the connection returns", async ({ page, browser, context }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "keeping a post while offline needs JavaScript; without it the form simply posts");
    const name = `Offline chest ${stamp()}`;
    const { link } = await hideTreasure(browser, testInfo, name);
    await signIn(page, { withAvatar: true, firstName: "Hiker" });
    await page.goto(link);
    await hydrated(page);

    await context.setOffline(true);
    await page.getByRole("button", { name: `Claim ${name}` }).click();
    const outbox = page.getByRole("region", { name: "1 waiting to send" });
    // It names what it holds: the start of the scanned code, and the treasure.
    await expect(outbox).toContainText(new RegExp(`Code [0-9A-Z]{4}-… for ${name}`));
    await expect(outbox).toContainText("waiting to send");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("glow:outbox") ?? "[]").length)).toBe(1);

    await context.setOffline(false);
    await expect(page.getByText(`You found ${name}! +12 points`)).toBeVisible();
    await expect(outbox).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Already yours!" })).toBeVisible();
    await page.goto("/treasure");
    await expect(page.getByRole("link", { name })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Found: 1 treasure" })).toBeVisible();
  });
});

test.describe("guess cards", () => {
  test("a member guesses wrong, close, then right, told how many tries remain", async ({ page }) => {
    await signIn(page, { withAvatar: true, firstName: "Guesser" });
    await page.goto("/takeaguess/library-steps");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How many steps lead up to the library door?");
    await expect(page.getByText("You have 3 tries left.")).toBeVisible();
    const answer = page.getByLabel("Your answer");
    await answer.fill("7");
    await page.getByRole("button", { name: "Guess" }).click();
    await expect(page.getByText("Not quite. You have 2 tries left.")).toBeVisible();
    await answer.fill("40");
    await page.getByRole("button", { name: "Guess" }).click();
    await expect(page.getByText("Close! You have 1 try left.")).toBeVisible();
    await expect(page.getByText("“40” was close!")).toBeVisible();
    await answer.fill(" ４２ ");
    await page.getByRole("button", { name: "Guess" }).click();
    await expect(page.getByText("Right! +10 points")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Right!" })).toBeVisible();
    await expect(page.getByLabel("Your answer")).toHaveCount(0);
  });

  test("a guess made offline survives a closed tab: sent from the next page once the connection returns, counted once", async ({ page, context }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "keeping a post while offline needs JavaScript; without it the form simply posts");
    // Two pages, each loading the app's code, and a wait for the connection: more than the default on a busy machine.
    test.setTimeout(90_000);
    await signIn(page, { withAvatar: true, firstName: "Rambler" });
    await page.goto("/takeaguess/lantern-festival");
    await hydrated(page);
    await expect(page.getByText("You have 3 tries left.")).toBeVisible();

    await context.setOffline(true);
    await page.getByLabel("Your answer").fill("Spring");
    await page.getByRole("button", { name: "Guess" }).click();
    await expect(page.getByRole("region", { name: "1 waiting to send" })).toBeVisible();
    // The tab is closed while still offline: the guess stays on the phone.
    await page.close();

    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto("/playquest");
    await expect(next.getByText("Right! +10 points")).toBeVisible();
    expect(await next.evaluate(() => JSON.parse(localStorage.getItem("glow:outbox") ?? "[]").length)).toBe(0);
    await next.goto("/takeaguess/lantern-festival");
    await expect(next.getByRole("heading", { name: "Right!" })).toBeVisible();
    await expect(next.getByText("You answered “Spring” and earned 10 points.")).toBeVisible();
  });
});

test.describe("a step that asks for a star salute", () => {
  // Five pages (choose, map, search, salute, receipt) and the map again.
  test.describe.configure({ timeout: 90_000 });
  test("/playquest finds the recipient, the Star Salutes screen gives it, and the step is done", async ({ page }) => {
    await ownAddress(page);
    await signIn(page, { withAvatar: true, firstName: "Trailblazer" });
    await page.goto("/choose-quest");
    await page.getByRole("button", { name: "Start The Lantern Trail" }).click();
    await expect(page).toHaveURL(/\/playquest$/);
    const trail = page.getByRole("article", { name: /The Lantern Trail/ });
    const star = trail.getByRole("region", { name: "A star salute for this step" });
    await star.getByLabel("Who do you want to salute? Search by name or username").fill("Grace");
    await star.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/starsalute\?q=Grace$/);
    await page.getByRole("list", { name: "Matching members" }).getByRole("link", { name: /Grace Hopper/ }).click();
    await page.getByLabel("Why they deserve it").fill("She hid the best treasures.");
    await page.getByRole("button", { name: "Give star salute" }).click();
    await expect(page).toHaveURL(/\/starsalute\/view\//);

    await page.goto("/playquest");
    await expect(trail.getByRole("listitem").first()).toContainText("(done)");
    await expect(star).toHaveCount(0);
  });

  test("the map's picker, prize parts and companion art load after its first scripts, and the server still sends them whole", async ({ page }, testInfo) => {
    await ownAddress(page);
    await signIn(page, { withAvatar: true, firstName: "Wayfarer" });
    await page.goto("/choose-quest");
    await page.getByRole("button", { name: "Start The Lantern Trail" }).click();
    await expect(page).toHaveURL(/\/playquest$/);
    // The server's page: the picker and the companion are in it, their code is not preloaded,
    // and what is preloaded comes after the page's own content (fetchpriority="low", 1030).
    const html = await (await page.request.get("/playquest")).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.length).toBeGreaterThan(0);
    expect(html.match(/<link rel="modulepreload"/g)).toHaveLength(preloads.length);
    expect(preloads.filter((href) => /occasional|recipient-picker|prize-ui|beamkin-art|\/look-/.test(href!))).toEqual([]);
    expect(html).toContain("data-beamkin=");
    const trail = page.getByRole("article", { name: /The Lantern Trail/ });
    const star = trail.getByRole("region", { name: "A star salute for this step" });
    await expect(star.getByLabel("Who do you want to salute? Search by name or username")).toBeVisible();
    await expect(trail.locator("svg[data-beamkin]")).toHaveCount(1);
    if (testInfo.project.name !== "no-js") {
      // Once the page has taken over, the picker suggests as the member types (its code came later).
      await hydrated(page);
      await star.getByLabel("Who do you want to salute? Search by name or username").fill("Grace");
      await expect(star.getByRole("list", { name: "Matching members" }).getByRole("link", { name: /Grace Hopper/ })).toBeVisible();
    }
  });
});

test.describe("party quests", () => {
  // Mei shows the join code first, in a browser of her own.
  test.describe.configure({ timeout: 90_000 });
  test("a member who joins the Comet Crew late plays the Comet Relay from its current step, beside each member's share", async ({ page, browser }, testInfo) => {
    // The demo contest's round 2 is open, and an open round locks its parties' rosters
    // (docs/parties.md): Grace closes its entries first (judges still score), as she would
    // before letting a late member in. The other project may have done it already.
    const gm = await gameMaster(browser, testInfo);
    await gm.page.goto("/gamemaster");
    await gm.page.getByRole("combobox", { name: "Contest" }).selectOption({ label: "Spring Glow Hunt" });
    await gm.page.getByRole("button", { name: "Switch" }).click();
    await expect(gm.page.getByRole("region", { name: "Spring Glow Hunt" })).toBeVisible();
    const round2 = gm.page.getByTestId("round-2");
    await expect(round2).toBeVisible();
    const closeEntries = round2.getByRole("button", { name: "Close entries, start judging" });
    if (await closeEntries.count()) {
      await closeEntries.click();
      await expect(gm.page.getByTestId("round-2")).toContainText("Judging");
    }
    await gm.context.close();

    const mei = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    const meiPage = await mei.newPage();
    await signIn(meiPage, { phone: MEI });
    await meiPage.goto("/partymanager");
    const code = (await meiPage.getByTestId("join-code").textContent())!.trim();
    await mei.close();

    // A newcomer joins with the code (the parties capability's join): the 'join a party' hook runs.
    await ownAddress(page);
    await signIn(page, { withAvatar: true, firstName: "Cometeer" });
    await page.goto("/invite");
    await page.getByLabel("Join code").fill(code);
    await page.getByRole("button", { name: "Find the party" }).click();
    await page.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(page).toHaveURL(/\/party\/\d+$/);

    await page.goto("/playquest");
    const relay = page.getByRole("article", { name: /Comet Relay/ });
    await expect(relay).toContainText("Party quest with Comet Crew.");
    // The first leg was Mei's, before this member joined; the next is open for them.
    const steps = relay.getByRole("list", { name: "Steps of Comet Relay" });
    await expect(steps.getByRole("listitem").first()).toContainText("before you joined");
    await expect(steps.getByRole("listitem").nth(1)).toHaveAttribute("aria-current", "step");
    await expect(relay.getByRole("table", { name: "Each member's share" })).toContainText("Mei");
  });
});

test.describe("catching a beamkin", () => {
  // Each test has the game master set things up first, in a browser of their own.
  test.describe.configure({ timeout: 90_000 });
  test("a game master shares a catch link; a member catches the beamkin once, and the link says so after", async ({ page, browser }, testInfo) => {
    const gm = await gameMaster(browser, testInfo);
    await gm.page.goto("/kidnap");
    await gm.page.getByLabel("Beamkin").selectOption({ label: "Dozelight" });
    await gm.page.getByLabel("Catches").fill("3");
    await gm.page.getByRole("button", { name: "Make the link" }).click();
    const shared = gm.page.getByRole("region", { name: "Your catch link for Dozelight" });
    await expect(shared.getByRole("img", { name: "QR code to catch Dozelight" })).toBeVisible();
    const url = new URL((await shared.locator("p.font-mono").textContent())!.trim());
    await gm.context.close();

    await signIn(page, { withAvatar: true, firstName: "Catcher" });
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("heading", { name: "A wild Dozelight appeared!" })).toBeVisible();
    await page.getByRole("button", { name: "Catch Dozelight" }).click();
    await expect(page.getByText("You caught Dozelight!")).toBeVisible();
    await expect(page).toHaveURL(/\/beamkins/);
    await expect(page.getByRole("heading", { level: 3, name: /Dozelight/ })).toBeVisible();
    await page.goto(url.pathname + url.search);
    await expect(page.getByText("You caught Dozelight with this link already.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Catch Dozelight" })).toHaveCount(0);
  });
});

test.describe("the game master's quest table", () => {
  // Each test has the game master set things up first, in a browser of their own.
  test.describe.configure({ timeout: 90_000 });
  test("edits, duplicates and deletes a quest", async ({ page }) => {
    const title = `Night walk ${stamp()}`;
    await signIn(page, { phone: GRACE });
    await page.goto("/gamemaster/quests");
    await expect(page.getByRole("columnheader", { name: "Time Needed" })).toBeVisible();

    await page.getByRole("link", { name: "New quest" }).click();
    const create = page.getByRole("dialog", { name: "New quest" });
    await create.getByLabel("Title (English)").fill(title);
    await create.getByLabel("Reward (English)").fill("10 light");
    await create.getByLabel("Time Needed (seconds)").fill("874");
    await create.getByRole("button", { name: "Create as shown" }).click();
    await expect(page.getByText("Quest created as a draft. Add its steps.")).toBeVisible();
    const steps = page.getByRole("dialog", { name: `Steps of ${title}` });
    await steps.getByLabel("The step asks to").selectOption({ label: "Visit a page" });
    await steps.getByLabel("Target (optional)").fill("lantern");
    await steps.getByLabel("The companion's line (English)").fill("Walk to the lantern.");
    await steps.getByRole("button", { name: "Add the step" }).click();
    // A page is a path: what was typed comes back with the reason.
    await expect(steps.getByText(/a page starts with \//)).toBeVisible();
    await expect(steps.getByLabel("Target (optional)")).toHaveValue("lantern");
    await steps.getByLabel("Target (optional)").fill("/beamkins");
    await steps.getByRole("button", { name: "Add the step" }).click();
    await expect(page.getByText("Step added.")).toBeVisible();
    await steps.getByRole("link", { name: "Close" }).click();

    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: /Edit quest \d+/ });
    await edit.getByLabel("Reward (English)").fill("A prize box and 25 light");
    await edit.getByRole("radio", { name: "Published" }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Quest saved.")).toBeVisible();
    await expect(row).toContainText("A prize box and 25 light");
    await expect(row).toContainText("Published");

    await row.getByRole("button", { name: `Duplicate ${title}` }).click();
    await expect(page.getByText("Quest duplicated as a draft.")).toBeVisible();
    const copies = page.getByRole("row").filter({ hasText: title });
    await expect(copies).toHaveCount(2);
    await expect(copies.nth(1)).toContainText("Draft");

    // Sorted by reward (the sortable column); then delete the copy.
    await page.getByRole("link", { name: /^Reward/ }).click();
    await expect(page.getByRole("columnheader", { name: /Reward/ })).toHaveAttribute("aria-sort", "ascending");
    const copy = page.getByRole("row").filter({ hasText: title }).filter({ hasText: "Draft" });
    await copy.getByRole("link", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${title}?` });
    await expect(confirm).toContainText("This cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Quest deleted.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  });

  test("is the game master's: a member without the role gets 403, told so, and stays signed in", async ({ page }) => {
    await signIn(page, { withAvatar: true });
    await page.goto("/newsfeed");
    for (const path of ["/gamemaster/quests", "/gamemaster/treasures", "/gamemaster/treasures/sheet"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "You can’t do this here", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle("Not open to you · Glow");
      // Nothing here signs out (the catalogue's FORBIDDEN button did).
      await expect(page.getByText("Your session has expired", { exact: false })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Go back to Login" })).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Go to your home page" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile$/);
    // In Chinese too.
    await page.goto("/gamemaster/quests?lng=zh");
    await expect(page.getByRole("heading", { name: "你无法在这里进行此操作", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "回到你的首页" })).toBeVisible();
  });
});

test.describe("the story a returning member sees, and the demo prize box", () => {
  test("a returning member's /start is their own story: a welcome back with their beamkin", async ({ page }) => {
    await signIn(page, { phone: "+15550100001" }); // Ada, of the demo world
    await page.goto("/start");
    await expect(page).toHaveURL(/\/story-landing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Ada Lovelace!");
    await expect(page.getByText("Sparkit kept your light glowing while you were away.")).toBeVisible();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's next");
    await page.getByRole("link", { name: "To your quests" }).click();
    await expect(page).toHaveURL(/\/playquest$/);
  });

  test("/prize-box-demo rolls on the server with its odds shown, and gives nothing", async ({ page }) => {
    await page.goto("/prize-box-demo");
    await page.getByText("See the odds").click();
    await expect(page.getByText("These are demo odds: the demo box gives nothing.")).toBeVisible();
    await page.getByRole("button", { name: "Open the demo box" }).click();
    await expect(page.getByRole("status").filter({ hasText: /!$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open another" })).toBeVisible();
  });
});
