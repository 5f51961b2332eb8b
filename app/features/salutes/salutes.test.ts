import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { db } from "~/platform/db/db.server";
import { gemLedger, lightLedger, members, posts } from "~/platform/db/schema";
import { listFeed } from "~/features/feed/feed.server";
import { weekStart } from "~/features/leaderboard/score.server";
import {
  findStarReceipt,
  gemsLeft,
  hideSalute,
  listReceivedSalutes,
  reportSalute,
  SALUTE_RULES,
  sendSalute,
} from "./salutes.server";
import { reportQueue } from "./moderation.server";
import { searchRecipients } from "./recipients.server";

let phoneCounter = 0;
async function member(firstName: string, extra: Partial<typeof members.$inferInsert> = {}) {
  phoneCounter += 1;
  const [row] = await db()
    .insert(members)
    .values({ phone: `+1555000${String(phoneCounter).padStart(4, "0")}`, firstName, lastName: "Tester", ...extra })
    .returning();
  return row!;
}

beforeAll(async () => {
  await createTestDatabase();
});

describe("gems", () => {
  it("never lets concurrent sends spend more than the weekly allowance", async () => {
    const giver = await member("Giver");
    const friends = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`Friend${i}`)));
    // Six compliments of 3 gems at once: only three fit in 10.
    const outcomes = await Promise.all(
      friends.map((f, i) =>
        sendSalute({ kind: "compliment", senderId: giver.id, recipientId: f.id, message: `Thanks ${i}`, gems: 3 }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.refusal === "not-enough-gems")).toHaveLength(3);
    const [row] = await db().select().from(members).where(eq(members.id, giver.id));
    expect(row!.gemBalance).toBe(1);
    expect(await gemsLeft(giver.id)).toBe(1);
    const [spent] = await db()
      .select({ n: sql<number>`coalesce(sum(${gemLedger.delta}), 0)::int` })
      .from(gemLedger)
      .where(eq(gemLedger.memberId, giver.id));
    expect(spent!.n).toBe(-9);
  });

  it("sends every salute when members salute each other at the same moment (no two sends wait on each other)", async () => {
    const ring = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`Ring${i}`)));
    // Each salutes the next, and the last the first, four times over, all at once: on
    // PostgreSQL each send holds its sender's row and updates its recipient's.
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        sendSalute({ kind: "star", senderId: ring[i % 6]!.id, recipientId: ring[(i + 1) % 6]!.id, message: `Round ${i}`, stars: 1, gems: 0 }),
      ),
    );
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  });

  it("tops up to 10 when a new week starts", async () => {
    const giver = await member("Weekly", { gemBalance: 2, gemWeek: "2020-01-06" });
    const friend = await member("Weekfriend");
    expect(await gemsLeft(giver.id)).toBe(10);
    const out = await sendSalute({ kind: "compliment", senderId: giver.id, recipientId: friend.id, message: "Hi", gems: 4 });
    expect(out.ok).toBe(true);
    expect(await gemsLeft(giver.id)).toBe(6);
  });

  it("refuses giving to yourself", async () => {
    const me = await member("Selfie");
    const out = await sendSalute({ kind: "compliment", senderId: me.id, recipientId: me.id, message: "Me!", gems: 1 });
    expect(out).toEqual({ ok: false, refusal: "self" });
    expect(await gemsLeft(me.id)).toBe(10);
  });
});

describe("receiving a salute", () => {
  it("earns the recipient light, score (gems + 5 × stars) and a post", async () => {
    const giver = await member("Stargiver");
    const friend = await member("Starfriend");
    const out = await sendSalute({ kind: "star", senderId: giver.id, recipientId: friend.id, message: "Brilliant", stars: 3, gems: 2 });
    expect(out.ok).toBe(true);
    const [row] = await db().select().from(members).where(eq(members.id, friend.id));
    expect(row!.score).toBe(17);
    expect(row!.weekScore).toBe(17);
    expect(row!.scoreWeek).toBe(weekStart());
    expect(row!.lightBalance).toBe(5);
    const light = await db().select().from(lightLedger).where(eq(lightLedger.memberId, friend.id));
    expect(light.map((l) => [l.delta, l.reason])).toEqual([[5, "salute-received"]]);
    const { posts: feed } = await listFeed();
    expect(feed[0]).toMatchObject({ type: "starsalute", actor: { id: giver.id }, subject: { id: friend.id }, text: "Brilliant" });
  });

  it("refuses the same salute to the same person again within minutes", async () => {
    const giver = await member("Repeater");
    const friend = await member("Repeatfriend");
    const first = await sendSalute({ kind: "compliment", senderId: giver.id, recipientId: friend.id, message: "Nice work", gems: 0 });
    const again = await sendSalute({ kind: "compliment", senderId: giver.id, recipientId: friend.id, message: " Nice work ", gems: 0 });
    const different = await sendSalute({ kind: "compliment", senderId: giver.id, recipientId: friend.id, message: "And thanks", gems: 0 });
    expect(first.ok).toBe(true);
    expect(again).toEqual({ ok: false, refusal: "repeat" });
    expect(different.ok).toBe(true);
    const later = new Date(Date.now() + SALUTE_RULES.repeatWindowMs + 1000);
    const afterWindow = await sendSalute({ kind: "compliment", senderId: giver.id, recipientId: friend.id, message: "Nice work", gems: 0 }, later);
    expect(afterWindow.ok).toBe(true);
  });
});

describe("star receipt", () => {
  it("knows its own newsfeed post, even among salutes sent in the same instant, until it is hidden", async () => {
    const giver = await member("Receiptgiver");
    const other = await member("Receiptother");
    const friend = await member("Receiptfriend");
    const now = new Date();
    const [mine, theirs] = await Promise.all([
      sendSalute({ kind: "star", senderId: giver.id, recipientId: friend.id, message: "Shine on", stars: 2, gems: 0 }, now),
      sendSalute({ kind: "star", senderId: other.id, recipientId: friend.id, message: "Hear hear", stars: 1, gems: 0 }, now),
    ]);
    if (!mine.ok || !theirs.ok) throw new Error("not sent");
    expect(mine.value.postId).not.toBe(theirs.value.postId);
    expect(await findStarReceipt(mine.value.receiptCode, "en")).toMatchObject({ id: mine.value.saluteId, stars: 2, postId: mine.value.postId });
    expect(await findStarReceipt(theirs.value.receiptCode, "en")).toMatchObject({ id: theirs.value.saluteId, stars: 1, postId: theirs.value.postId });
    // Hidden by its recipient: the post is gone, the receipt stays.
    expect((await hideSalute(friend.id, mine.value.saluteId)).ok).toBe(true);
    expect(await findStarReceipt(mine.value.receiptCode, "en")).toMatchObject({ id: mine.value.saluteId, postId: null });
    expect(await findStarReceipt(theirs.value.receiptCode, "en")).toMatchObject({ postId: theirs.value.postId });
  });
});

describe("secret salutes", () => {
  it("allows 20 a day per sender, even sent all at once", async () => {
    const giver = await member("Secretive");
    const friends = await Promise.all(Array.from({ length: 22 }, (_, i) => member(`Secretfriend${i}`)));
    const outcomes = await Promise.all(
      friends.map((f) => sendSalute({ kind: "secret", senderId: giver.id, recipientId: f.id, prompt: "kindness", note: "" })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(SALUTE_RULES.secretPerDay);
    expect(outcomes.filter((o) => !o.ok && o.refusal === "secret-limit")).toHaveLength(2);
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 1000);
    const next = await sendSalute({ kind: "secret", senderId: giver.id, recipientId: friends[0]!.id, prompt: "smile", note: "" }, tomorrow);
    expect(next.ok).toBe(true);
  });

  it("shows the recipient the prompt and note but never the sender; hiding removes it", async () => {
    const giver = await member("Hidden", { username: "hidden_giver" });
    const friend = await member("Receiver");
    const out = await sendSalute({ kind: "secret", senderId: giver.id, recipientId: friend.id, prompt: "brave", note: "You were great" });
    if (!out.ok) throw new Error(out.refusal);
    const [post] = await db().select().from(posts).where(eq(posts.id, out.value.postId));
    expect(post!.actorId).toBeNull();
    const received = await listReceivedSalutes(friend.id, "en");
    expect(received).toEqual([
      expect.objectContaining({ id: out.value.saluteId, kind: "secret", from: null, prompt: "brave", message: "You were great" }),
    ]);
    expect(JSON.stringify(received)).not.toContain("Hidden");
    // Only the recipient can hide it.
    expect(await hideSalute(giver.id, out.value.saluteId)).toEqual({ ok: false, refusal: "gone" });
    expect((await hideSalute(friend.id, out.value.saluteId)).ok).toBe(true);
    expect(await listReceivedSalutes(friend.id, "en")).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.id, out.value.postId))).toEqual([]);
  });

  it("a report reaches staff with the sender", async () => {
    const giver = await member("Reported");
    const friend = await member("Reporter");
    const out = await sendSalute({ kind: "secret", senderId: giver.id, recipientId: friend.id, prompt: "funny", note: "" });
    if (!out.ok) throw new Error(out.refusal);
    expect((await reportSalute(friend.id, out.value.saluteId, "unkind")).ok).toBe(true);
    const reports = await reportQueue("en");
    expect(reports.find((r) => r.id === out.value.saluteId)).toMatchObject({ sender: { id: giver.id }, reason: "unkind" });
  });
});

describe("recipient search", () => {
  it("finds by name or username, case-insensitively, never yourself", async () => {
    const me = await member("Searcher", { username: "searcher" });
    const target = await member("Quintessa", { lastName: "Moon", username: "qmoon" });
    expect((await searchRecipients("quint", me.id, "en")).map((r) => r.id)).toContain(target.id);
    expect((await searchRecipients("QMO", me.id, "en")).map((r) => r.id)).toContain(target.id);
    expect((await searchRecipients("searcher", me.id, "en")).map((r) => r.id)).not.toContain(me.id);
    expect(await searchRecipients("%", me.id, "en")).toEqual([]);
  });

  it("finds a Chinese name as it is shown, family name first, and shows it that way", async () => {
    const me = await member("搜索者");
    const target = await member("振仪", { lastName: "王" });
    const found = await searchRecipients("王振仪", me.id, "en");
    expect(found.find((r) => r.id === target.id)?.name).toBe("王振仪");
    expect((await searchRecipients("振仪", me.id, "en")).map((r) => r.id)).toContain(target.id);
  });
});
