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
