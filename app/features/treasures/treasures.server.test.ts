import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { seedDemoWorld } from "~/features/demo/seed.server";
import { db } from "~/platform/db/db.server";
import { contests, members, parties, partyMembers, partyPoints, posts, rateLimitHits, treasureClaims, treasures } from "~/platform/db/schema";
import { groupCode, normaliseCode } from "./codes";
import { heldFinds, hideTreasure, newTreasureCode, reviewFind, rotateTreasureCode } from "./game-master.server";
import { claimTreasure, foundTreasures, TREASURE_RULES } from "./treasures.server";

let contestId = 0;
let gameMasterId = 0;
beforeAll(async () => {
  await createTestDatabase();
  await seedDemoWorld(db());
  contestId = (await db().select().from(contests).where(eq(contests.name, "Spring Glow Hunt")))[0]!.id;
  gameMasterId = (await db().select().from(members).where(eq(members.username, "grace")))[0]!.id;
});

let phones = 0;
async function member() {
  phones += 1;
  const [row] = await db().insert(members).values({ phone: `+1555440${String(phones).padStart(4, "0")}`, firstName: "Hunter" }).returning();
  return row!;
}

async function treasure(extra: Partial<typeof treasures.$inferInsert> = {}) {
  const made = await hideTreasure(gameMasterId, contestId, { name: "Test chest", hint: "Somewhere", points: 12, lightReward: 7, opensAt: null, closesAt: null });
  if (Object.keys(extra).length) await db().update(treasures).set(extra).where(eq(treasures.id, made.value.id));
  return (await db().select().from(treasures).where(eq(treasures.id, made.value.id)))[0]!;
}

describe("treasure codes", () => {
  it("carry at least 96 random bits and forgive how they are typed", () => {
    const codes = new Set(Array.from({ length: 2000 }, newTreasureCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/); // 20 × 5 bits = 100 bits
    expect(normaliseCode(` ${groupCode("7K2M9QXDA4B8C1E3F5G6").toLowerCase()} `)).toBe("7K2M9QXDA4B8C1E3F5G6");
    expect(normaliseCode("OIL")).toBe("011");
  });
});

describe("claiming", () => {
  it("a contest's treasure counts for the finder's party in that contest, not their friends' party", async () => {
    const m = await member();
    const [contestParty, friends] = await db()
      .insert(parties)
      .values([
        { name: `Hunters ${m.id}`, contestId, joinCode: `HUNTERS${m.id}` },
        { name: `Friends ${m.id}`, contestId: null, joinCode: `FRIENDS${m.id}` },
      ])
      .returning();
    await db().insert(partyMembers).values([
      { partyId: contestParty!.id, memberId: m.id, contestId },
      { partyId: friends!.id, memberId: m.id, contestId: null },
    ]);
    const t = await treasure();
    expect((await claimTreasure({ memberId: m.id, code: t.code })).ok).toBe(true);
    const credited = await db().select().from(partyPoints).where(eq(partyPoints.memberId, m.id));
    expect(credited.map((p) => [p.partyId, p.points])).toEqual([[contestParty!.id, 12]]);
  });

  it("claims once under concurrency: five presses at the same moment, one find", async () => {
    const m = await member();
    const t = await treasure();
    const answers = await Promise.all(Array.from({ length: 5 }, () => claimTreasure({ memberId: m.id, code: t.code })));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.refusal)).toEqual(Array(4).fill("already-yours"));
    const claims = await db().select().from(treasureClaims).where(eq(treasureClaims.memberId, m.id));
    expect(claims).toMatchObject([{ treasureId: t.id, status: "counted", points: 12 }]);
    const [row] = await db().select().from(members).where(eq(members.id, m.id));
    expect(row).toMatchObject({ score: 12, lightBalance: 7 });
    const feed = await db().select().from(posts).where(and(eq(posts.type, "treasure"), eq(posts.actorId, m.id)));
    expect(feed).toMatchObject([{ refId: t.id, text: "Test chest" }]);
    // A second scan later: "already yours".
    expect(await claimTreasure({ memberId: m.id, code: groupCode(t.code).toLowerCase(), treasureId: t.id })).toEqual({ ok: false, refusal: "already-yours" });
    expect((await foundTreasures(m.id)).map((f) => f.id)).toEqual([t.id]);
  });

  it("the link's treasure and the code must agree", async () => {
    const m = await member();
    const [a, b] = [await treasure(), await treasure()];
    expect(await claimTreasure({ memberId: m.id, code: a.code, treasureId: b.id })).toEqual({ ok: false, refusal: "wrong-code" });
  });

  it("outside its window it says when it opens, and when it closed", async () => {
    const m = await member();
    const opens = new Date(Date.now() + 3600_000);
    const later = await treasure({ opensAt: opens });
    expect(await claimTreasure({ memberId: m.id, code: later.code })).toEqual({ ok: false, refusal: "not-open", details: { opens: opens.toISOString() } });
    const closed = new Date(Date.now() - 60_000);
    const gone = await treasure({ opensAt: new Date(Date.now() - 3600_000), closesAt: closed });
    expect(await claimTreasure({ memberId: m.id, code: gone.code })).toMatchObject({ ok: false, refusal: "closed" });
  });

  it("a rotated code finds nothing; the new one does", async () => {
    const m = await member();
    const t = await treasure();
    expect((await rotateTreasureCode(contestId, t.id)).ok).toBe(true);
    expect(await claimTreasure({ memberId: m.id, code: t.code })).toEqual({ ok: false, refusal: "wrong-code" });
    const [rotated] = await db().select().from(treasures).where(eq(treasures.id, t.id));
    expect(rotated!.code).not.toBe(t.code);
    expect((await claimTreasure({ memberId: m.id, code: rotated!.code })).ok).toBe(true);
  });
});

describe("wrong codes", () => {
  it(`slow down after ${TREASURE_RULES.wrongCodes}: then 429 with the wait, even for a right code, until the window passes`, async () => {
    const m = await member();
    const t = await treasure();
    const start = new Date();
    for (let i = 0; i < TREASURE_RULES.wrongCodes; i++) {
      expect(await claimTreasure({ memberId: m.id, code: `WRONGCODE${i}` }, new Date(start.getTime() + i * 1000))).toEqual({ ok: false, refusal: "wrong-code" });
    }
    const blocked = await claimTreasure({ memberId: m.id, code: "STILLWRONG" }, new Date(start.getTime() + 10_000));
    expect(blocked).toMatchObject({ ok: false, refusal: "too-many-wrong" });
    expect(!blocked.ok && blocked.retryAfter).toBeGreaterThan(60);
    expect(await claimTreasure({ memberId: m.id, code: t.code }, new Date(start.getTime() + 11_000))).toMatchObject({ ok: false, refusal: "too-many-wrong" });
    // Another member is not slowed down.
    expect((await claimTreasure({ memberId: (await member()).id, code: t.code })).ok).toBe(true);
    const later = new Date(start.getTime() + TREASURE_RULES.wrongWindowMs + 5_000);
    expect((await claimTreasure({ memberId: m.id, code: t.code }, later)).ok).toBe(true);
  });
});

describe("a burst of finds", () => {
  it(`goes to the game master's review after ${TREASURE_RULES.burstFinds} quick finds, and counts once approved`, async () => {
    const m = await member();
    const chests = [await treasure(), await treasure(), await treasure(), await treasure()];
    const answers = [];
    for (const chest of chests) answers.push(await claimTreasure({ memberId: m.id, code: chest.code }));
    expect(answers.map((a) => a.ok && a.value.status)).toEqual(["counted", "counted", "counted", "review"]);
    const [before] = await db().select().from(members).where(eq(members.id, m.id));
    expect(before!.score).toBe(36);
    expect((await heldFinds(contestId, "en")).map((f) => f.memberId)).toContain(m.id);
    expect((await reviewFind(gameMasterId, contestId, chests[3]!.id, m.id, true)).ok).toBe(true);
    expect((await reviewFind(gameMasterId, contestId, chests[3]!.id, m.id, true)).ok).toBe(false);
    const [after] = await db().select().from(members).where(eq(members.id, m.id));
    expect(after!.score).toBe(48);
  });
});

describe("a claim kept on the phone while offline", () => {
  it("sent twice with its key counts once and gets the same answer", async () => {
    const m = await member();
    const t = await treasure();
    const key = "k-0123456789abcdef-offline";
    const first = await claimTreasure({ memberId: m.id, code: t.code, key });
    const again = await claimTreasure({ memberId: m.id, code: t.code, key });
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(await db().select().from(treasureClaims).where(eq(treasureClaims.memberId, m.id))).toHaveLength(1);
  });

  it("the same form corrected and sent again with its key is a new post, not the old answer", async () => {
    const m = await member();
    const t = await treasure();
    const key = "k-form-0123456789abcdef";
    expect(await claimTreasure({ memberId: m.id, code: "TYPO", key, treasureId: t.id })).toEqual({ ok: false, refusal: "wrong-code" });
    expect((await claimTreasure({ memberId: m.id, code: t.code, key, treasureId: t.id })).ok).toBe(true);
  });

  it("a wrong code resent with its key counts once toward the limit", async () => {
    const m = await member();
    const key = "k-wrong-0123456789abcdef";
    await claimTreasure({ memberId: m.id, code: "NOPE", key });
    await claimTreasure({ memberId: m.id, code: "NOPE", key });
    const hits = await db().select().from(rateLimitHits).where(and(eq(rateLimitHits.bucket, "treasure-wrong-code"), eq(rateLimitHits.key, String(m.id))));
    expect(hits).toHaveLength(1);
  });
});
