import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { creatures, memberCreatures, members, posts } from "~/platform/db/schema";
import { catchBeamkin, catchLinkByCode, shareCatchLink } from "./catch-links.server";

beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
});

let phones = 0;
async function member() {
  phones += 1;
  const [row] = await db().insert(members).values({ phone: `+1555470${String(phones).padStart(4, "0")}`, firstName: "Catcher" }).returning();
  return row!;
}
const creature = async (slug: string) => (await db().select().from(creatures).where(eq(creatures.slug, slug)))[0]!;

describe("catch links", () => {
  it("a friend's link is caught once; a used link says so", async () => {
    const [friend, a, b] = [await member(), await member(), await member()];
    const sparkit = await creature("sparkit");
    await db().insert(memberCreatures).values({ memberId: friend.id, creatureId: sparkit.id });
    const shared = await shareCatchLink(friend.id, { creatureId: sparkit.id }, false);
    if (!shared.ok) throw new Error("not shared");
    expect((await catchLinkByCode(shared.value.code, a.id))?.state).toBe("ready");
    const caught = await catchBeamkin(a.id, shared.value.code);
    expect(caught).toMatchObject({ ok: true, value: { slug: "sparkit" } });
    const owned = await db().select().from(memberCreatures).where(eq(memberCreatures.memberId, a.id));
    expect(owned).toMatchObject([{ creatureId: sparkit.id, obtainedVia: "kidnap" }]);
    expect((await db().select().from(members).where(eq(members.id, a.id)))[0]!.creatureId).toBe(sparkit.id);
    expect(await db().select().from(posts).where(and(eq(posts.type, "beamkin"), eq(posts.actorId, a.id)))).toHaveLength(1);
    expect(await catchBeamkin(b.id, shared.value.code)).toEqual({ ok: false, refusal: "used" });
    expect((await catchLinkByCode(shared.value.code, b.id))?.state).toBe("used");
    expect((await catchLinkByCode(shared.value.code, a.id))?.state).toBe("caught");
  });

  it("a member's sixth friend link within 24 hours waits until the oldest of the five is a day old (issue 36: a 429 says when)", async () => {
    const m = await member();
    const sparkit = await creature("sparkit");
    await db().insert(memberCreatures).values({ memberId: m.id, creatureId: sparkit.id });
    const now = new Date("2026-11-28T12:00:00Z");
    for (let i = 0; i < 5; i++) {
      // The first was shared 23 hours ago, the rest an hour apart after it.
      const at = new Date(now.getTime() - (23 - i) * 3600_000);
      expect((await shareCatchLink(m.id, { creatureId: sparkit.id }, false, at)).ok).toBe(true);
    }
    expect(await shareCatchLink(m.id, { creatureId: sparkit.id }, false, now)).toEqual({ ok: false, refusal: "too-many-links", retryAfter: 3600 });
  });

  it("a member can share only a beamkin they have; a game master any, for many catches", async () => {
    const m = await member();
    expect(await shareCatchLink(m.id, { creatureId: (await creature("prismane")).id }, false)).toEqual({ ok: false, refusal: "not-yours" });
    const gm = await shareCatchLink(m.id, { creatureId: (await creature("prismane")).id, catches: 2 }, true);
    if (!gm.ok) throw new Error("not shared");
    const catchers = [await member(), await member(), await member()];
    const results = await Promise.all(catchers.map((c) => catchBeamkin(c.id, gm.value.code)));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, refusal: "used" }]);
  });

  it("an expired link says when it expired; one already owned leaves the link for someone else", async () => {
    const m = await member();
    const quipwisp = await creature("quipwisp");
    const made = await shareCatchLink(m.id, { creatureId: quipwisp.id, days: 1 }, true, new Date(Date.now() - 3 * 24 * 3600_000));
    if (!made.ok) throw new Error("not shared");
    expect(await catchBeamkin(m.id, made.value.code)).toMatchObject({ ok: false, refusal: "expired", details: { expired: made.value.expiresAt } });

    const fresh = await shareCatchLink(m.id, { creatureId: quipwisp.id, catches: 1 }, true);
    if (!fresh.ok) throw new Error("not shared");
    const owner = await member();
    await db().insert(memberCreatures).values({ memberId: owner.id, creatureId: quipwisp.id });
    expect(await catchBeamkin(owner.id, fresh.value.code)).toMatchObject({ ok: false, refusal: "already-yours" });
    expect((await catchBeamkin((await member()).id, fresh.value.code)).ok).toBe(true);
    expect(await catchBeamkin(m.id, "NOT-A-CODE")).toEqual({ ok: false, refusal: "unknown-link" });
  });
});
