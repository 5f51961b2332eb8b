/**
 * /treasure/{id}'s wrong-code limit answers the page, with JavaScript and without, with 429
 * and Retry-After on the page's own response (the route passes its action's header on), and
 * the wait in words beside the code field.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { BASE_URL, callRoute, formRequest, outcome } from "../../tests/support/route";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { TREASURE_RULES } from "~/features/treasures/treasures.server";
import { keptPostsKey } from "~/features/auth/kept-posts-key.server";
import { cardForMember } from "~/features/guesses/guesses.server";
import { db } from "~/platform/db/db.server";
import { treasures } from "~/platform/db/schema";
import * as treasureFind from "./treasure-find";
import * as keptClaim from "./resources/treasure-claim";
import * as keptGuess from "./resources/guess";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555470");

type Answer = { data: { errors?: Record<string, string> }; init: { status: number; headers?: HeadersInit } | null };

describe("the wrong-code limit on a treasure's page", () => {
  it("answers 429 with Retry-After on the document, and says the wait in words", async () => {
    const { cookie } = await signedIn({ firstName: "Guessy" });
    const [chest] = await db().select().from(treasures).where(eq(treasures.name, "The Comet Stone"));
    const post = () =>
      callRoute(treasureFind.action as never, formRequest(`/treasure/${chest!.id}`, { code: "WRONGWRONGWRONGWRONG" }, { headers: { Cookie: cookie, Accept: "text/html" } }), {
        params: { id: String(chest!.id) },
        pattern: "/treasure/:id",
      });
    for (let i = 0; i < TREASURE_RULES.wrongCodes; i++) expect(((await post()).result as Answer).init?.status).toBe(400);
    const limited = (await post()).result as Answer;
    expect(limited.init?.status).toBe(429);
    const document = new Headers(treasureFind.headers({ actionHeaders: new Headers(limited.init?.headers) }));
    expect(Number(document.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.data.errors?.code).toMatch(/^Too many wrong codes\. Please wait \d+ minutes? before trying again\.$/);
  });
});

describe("the addresses kept posts are sent to", () => {
  it("take only posts: a browser that opens one goes to the page, anything else gets 405", async () => {
    const { cookie } = await signedIn({ firstName: "Opener" });
    const get = (path: string, accept: string) => new Request(new URL(path, BASE_URL), { headers: { Cookie: cookie, Accept: accept } });
    const browser = outcome(await callRoute(keptClaim.loader as never, get("/treasures/claim", "text/html")));
    expect(browser).toMatchObject({ status: 302, location: "/treasure" });
    const card = outcome(await callRoute(keptGuess.loader as never, get("/guesses/library-steps", "text/html"), { params: { cardID: "library-steps" } }));
    expect(card).toMatchObject({ status: 302, location: "/takeaguess/library-steps" });
    const script = outcome(await callRoute(keptClaim.loader as never, get("/treasures/claim", "application/json")));
    expect(script).toMatchObject({ status: 405, data: { success: false, type: "BAD_REQUEST" } });
  });
});

describe("a kept post counts only for the member who kept it (decision 1180)", () => {
  const json = (cookie: string) => ({ headers: { Cookie: cookie, Accept: "application/json" } });

  it("a guess kept by one member and sent in another's session is refused with 403 and spends nothing", async () => {
    const ada = await signedIn({ firstName: "Keeper" });
    const kat = await signedIn({ firstName: "Borrower" });
    const kept = { intent: "guess", guess: "Spring", key: "ab".repeat(16), keptFor: keptPostsKey(ada.member.id) };
    const send = (cookie: string) =>
      callRoute(keptGuess.action as never, formRequest("/guesses/lantern-festival", kept, json(cookie)), { params: { cardID: "lantern-festival" } });

    const refused = outcome(await send(kat.cookie));
    expect(refused).toMatchObject({ status: 403, data: { success: false, type: "FORBIDDEN", message: "This was kept on this phone by another member. It waits until they sign in." } });
    expect((await cardForMember("lantern-festival", kat.member.id, "en"))!.attemptsLeft).toBe(3);

    const sent = outcome(await send(ada.cookie));
    expect(sent).toMatchObject({ status: 200, data: { success: true, message: "Right! +10 points" } });
    expect((await cardForMember("lantern-festival", ada.member.id, "en"))!.solved).toMatchObject({ guess: "Spring" });
  });

  it("a claim kept by another member is refused the same way, and one with no owner (kept before owners) is the sender's", async () => {
    const ada = await signedIn({ firstName: "Finder" });
    const kat = await signedIn({ firstName: "Taker" });
    const [chest] = await db().select().from(treasures).where(eq(treasures.name, "The Comet Stone"));
    const code = chest!.code;
    const claim = async (cookie: string, fields: Record<string, string>) =>
      outcome(await callRoute(keptClaim.action as never, formRequest("/treasures/claim", { code, treasureId: String(chest!.id), ...fields }, json(cookie))));
    expect(await claim(kat.cookie, { keptFor: keptPostsKey(ada.member.id), key: "cd".repeat(16) })).toMatchObject({ status: 403 });
    expect(await claim(kat.cookie, { key: "ef".repeat(16) })).toMatchObject({ status: 200, data: { success: true } });
  });
});
