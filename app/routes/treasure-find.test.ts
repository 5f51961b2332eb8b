/**
 * /treasure/{id}'s wrong-code limit answers the page, with JavaScript and without, with 429
 * and Retry-After on the page's own response (the route passes its action's header on), and
 * the wait in words beside the code field.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { memberFactory } from "../../tests/support/members";
import { callRoute, formRequest } from "../../tests/support/route";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { TREASURE_RULES } from "~/features/treasures/treasures.server";
import { db } from "~/platform/db/db.server";
import { treasures } from "~/platform/db/schema";
import * as treasureFind from "./treasure-find";

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
