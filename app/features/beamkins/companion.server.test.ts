import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { BASE_URL, callRoute } from "../../../tests/support/route";
import { memberFactory } from "../../../tests/support/members";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { questDialogueAt } from "~/features/quests/runs.server";
import { db } from "~/platform/db/db.server";
import { creatures, memberCreatures } from "~/platform/db/schema";
import { loadCompanion } from "./companion.server";
import { chooseActiveCreature, obtainCreature } from "./creatures.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

const signedIn = memberFactory("+1555300");

const companionAt = (path: string, cookie?: string, lng = "en") =>
  callRoute(
    ({ request, context }) => loadCompanion(request, context, questDialogueAt),
    new Request(`${BASE_URL}${path}?lng=${lng}`, { headers: cookie ? { Cookie: cookie } : {} }),
  ).then((call) => {
    if (call.thrown) throw call.thrown;
    return call.result;
  });

describe("the floating companion", () => {
  it("is the member's active beamkin, named in their language, with its light", async () => {
    const { member, cookie } = await signedIn();
    const [sparkit] = await db().select().from(creatures).where(eq(creatures.slug, "sparkit"));
    await obtainCreature(member.id, sparkit!.id, "starter");
    await db().update(memberCreatures).set({ light: 37 }).where(eq(memberCreatures.memberId, member.id));

    const en = await companionAt("/newsfeed", cookie);
    expect(en?.signedIn).toBe(true);
    expect(en?.creature).toEqual({ id: sparkit!.id, slug: "sparkit", name: "Sparkit", light: 37 });
    const zh = await companionAt("/newsfeed", cookie, "zh");
    expect(zh?.creature?.name).toBe("火花仔");
    expect(zh?.labels.region).not.toBe(en?.labels.region);
  });

  it("follows the member's choice of companion, and is empty without one", async () => {
    const { member, cookie } = await signedIn();
    expect((await companionAt("/leaderboard", cookie))?.creature).toBeNull();
    const starters = await db().select().from(creatures).where(eq(creatures.starter, true));
    await obtainCreature(member.id, starters[0]!.id, "starter");
    expect((await companionAt("/leaderboard", cookie))?.creature?.slug).toBe(starters[0]!.slug);
    await chooseActiveCreature(member.id, 0);
    expect((await companionAt("/leaderboard", cookie))?.creature).toBeNull();
  });

  it("greets visitors only where there is something to say (the signup welcome)", async () => {
    expect(await companionAt("/newsfeed")).toBeNull();
    const signup = await companionAt("/signup");
    expect(signup?.signedIn).toBe(false);
    expect(signup?.dialogue?.lines[0]).toBeTruthy();
  });
});
