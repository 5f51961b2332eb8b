/**
 * The demo world: seeded once, into an empty database, so every screen has something
 * real to show on a fresh `npm start`. Idempotent: it does nothing when members exist.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";
import * as t from "~/platform/db/schema";
import { beamkinCatalogue, beamkinImageUrl } from "~/features/beamkins";
import { recomputeScores } from "~/features/leaderboard/index.server";
import { seedDemoContests } from "./contests.seed.server";
import { seedDemoParties, seedDemoPartyPoints } from "./parties.seed.server";
import { seedDemoStaff } from "./staff.seed.server";
import { seedQuestWorld } from "./quests.seed.server";

/** Demo members sign in with these numbers; codes go to the console outbox. */
export const demoMembers = [
  { phone: "+15550100001", firstName: "Ada", lastName: "Lovelace", username: "ada", zipcode: "94110" },
  { phone: "+15550100002", firstName: "Grace", lastName: "Hopper", username: "grace", zipcode: "94110" },
  { phone: "+15550100003", firstName: "Alan", lastName: "Turing", username: "alan", zipcode: "10001" },
  { phone: "+15550100004", firstName: "Katherine", lastName: "Johnson", username: "katherine", zipcode: "10001" },
  { phone: "+15550100005", firstName: "Linus", lastName: "Pauling", username: "linus", zipcode: "60601" },
  { phone: "+15550100006", firstName: "Mei", lastName: "Lin", username: "meilin", zipcode: "60601" },
  { phone: "+15550100007", firstName: "Wang", lastName: "Zhenyi", username: "zhenyi", zipcode: "94110" },
  { phone: "+15550100008", firstName: "Rosalind", lastName: "Franklin", username: "rosalind", zipcode: "10001" },
] as const;

/** The game master of the demo contest (Grace) and a judge (Alan). */
export const DEMO_GAME_MASTER_PHONE = "+15550100002";

const MINUTE = 60_000;

export async function seedDemoWorld(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(t.members);
  if ((existing?.n ?? 0) > 0) return false;

  return db.transaction(async (tx) => {
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);

    const people = await tx
      .insert(t.members)
      .values(demoMembers.map((m, i) => ({ ...m, joinedAt: ago(60 * 24 * (30 - i)), lightBalance: 30 })))
      .returning();
    const byName = (username: string) => people.find((p) => p.username === username)!;
    const [ada, grace, alan, katherine, linus, mei, zhenyi, rosalind] = demoMembers.map((m) =>
      byName(m.username),
    ) as [t.Member, t.Member, t.Member, t.Member, t.Member, t.Member, t.Member, t.Member];

    const styles = ["pixelArt", "dylan", "personas", "lorelei"] as const;
    await tx.insert(t.characters).values(
      people.map((p, i) => ({ memberId: p.id, style: styles[i % styles.length]!, seed: p.username ?? "Aneka" })),
    );

    const creatureRows = await tx
      .insert(t.creatures)
      .values(
        beamkinCatalogue.map((b) => ({
          slug: b.slug,
          name: `names.${b.slug}`,
          personality: b.personality,
          imageUrl: beamkinImageUrl(b.slug),
          starter: b.starter,
        })),
      )
      .returning();
    const creature = (slug: string) => creatureRows.find((c) => c.slug === slug)!;

    const owned = [
      { member: ada, slug: "sparkit", light: 72 },
      { member: grace, slug: "glimmerfox", light: 55 },
      { member: alan, slug: "mothlume", light: 18 },
      { member: katherine, slug: "emberpup", light: 91 },
      { member: mei, slug: "lullabloom", light: 40 },
      { member: zhenyi, slug: "prismane", light: 63 },
    ];
    await tx.insert(t.memberCreatures).values(
      owned.map((o) => ({ memberId: o.member.id, creatureId: creature(o.slug).id, light: o.light })),
    );
    for (const o of owned) {
      await tx
        .update(t.members)
        .set({ creatureId: creature(o.slug).id })
        .where(sql`${t.members.id} = ${o.member.id}`);
    }
    await tx.insert(t.lightLedger).values(
      people.map((p) => ({ memberId: p.id, delta: 30, reason: "daily-visit", createdAt: ago(60) })),
    );

    const [spring, summer] = await tx
      .insert(t.contests)
      .values([
        {
          name: "Spring Glow Hunt",
          description: "Find the hidden treasures around the neighbourhood and cheer each other on.",
          startsAt: ago(60 * 24 * 7),
          endsAt: new Date(now.getTime() + 60 * 24 * 21 * MINUTE),
          gameMasterId: grace.id,
        },
        {
          name: "Summer Party League",
          description: "Parties compete in weekly rounds scored by the judges.",
          startsAt: new Date(now.getTime() + 60 * 24 * 30 * MINUTE),
          status: "Paused",
          gameMasterId: grace.id,
        },
      ])
      .returning();
    await tx.insert(t.memberRoles).values([
      { memberId: grace.id, contestId: spring!.id, role: "gamemaster" },
      { memberId: grace.id, contestId: summer!.id, role: "gamemaster" },
      { memberId: alan.id, contestId: spring!.id, role: "judge" },
      { memberId: katherine.id, contestId: spring!.id, role: "ringleader" },
      { memberId: mei.id, contestId: spring!.id, role: "ringleader" },
    ]);

    const { lanterns, comets } = await seedDemoParties(tx, { spring: spring!, summer: summer!, people: { ada, grace, alan, katherine, linus, mei, zhenyi, rosalind }, now });
    await seedDemoContests(tx, { spring: spring!, people: { ada, grace, alan, katherine, linus, mei, rosalind }, lanterns, comets, now });
    // Round 1's published places (the judges' normalised scores, docs/contests.md): 50 and 30 points.
    await tx.insert(t.judgeScores).values([
      { contestId: spring!.id, partyId: lanterns.id, judgeId: grace.id, round: 1, points: 50 },
      { contestId: spring!.id, partyId: comets.id, judgeId: grace.id, round: 1, points: 30 },
    ]);

    const { trailId } = await seedQuestWorld(tx, { people, contestId: spring!.id, comets: comets.id, now });

    const saluteRows = await tx
      .insert(t.salutes)
      .values([
        { kind: "compliment", senderId: ada.id, recipientId: grace.id, message: "Thanks for running such a fun hunt!", gems: 2, createdAt: ago(240) },
        { kind: "star", senderId: katherine.id, recipientId: ada.id, message: "Best treasure hunter in the Lanterns.", stars: 3, createdAt: ago(200) },
        { kind: "secret", senderId: linus.id, recipientId: mei.id, promptKey: "kindness", message: "", createdAt: ago(180) },
        { kind: "compliment", senderId: zhenyi.id, recipientId: rosalind.id, message: "你的笑容让大家都很开心！", gems: 1, createdAt: ago(120) },
        { kind: "star", senderId: grace.id, recipientId: katherine.id, message: "A ringleader who lifts everyone up.", stars: 2, createdAt: ago(90) },
      ])
      .returning();
    await tx.insert(t.gemLedger).values(
      saluteRows
        .filter((s) => s.gems > 0)
        .map((s) => ({ memberId: s.senderId, delta: -s.gems, reason: "gift", saluteId: s.id, createdAt: s.createdAt })),
    );
    for (const s of saluteRows.filter((s) => s.gems > 0)) {
      await tx.execute(sql`update members set gem_balance = gem_balance - ${s.gems} where id = ${s.senderId}`);
    }

    const postValues: (typeof t.posts.$inferInsert)[] = [];
    people.forEach((p, i) => postValues.push({ type: "welcome", actorId: p.id, createdAt: ago(60 * 24 * (30 - i)) }));
    for (const s of saluteRows) {
      const type = s.kind === "compliment" ? "compliment" : s.kind === "star" ? "starsalute" : "secretsalute";
      postValues.push({
        type,
        actorId: s.kind === "secret" ? null : s.senderId,
        subjectId: s.recipientId,
        refId: s.id,
        text: s.message,
        createdAt: s.createdAt,
      });
    }
    postValues.push(
      { type: "contest", actorId: grace.id, refId: spring!.id, text: "", data: { contest: "Spring Glow Hunt", round: 1, winner: "The Lanterns" }, createdAt: ago(30) },
    );
    for (const o of owned) {
      postValues.push({ type: "beamkin", actorId: o.member.id, refId: creature(o.slug).id, createdAt: ago(60 * 24 * 20) });
    }
    // Enough history that the feed has more than one page.
    for (let i = 0; i < 14; i++) {
      const who = people[i % people.length]!;
      postValues.push({ type: "quest", actorId: who.id, refId: trailId, createdAt: ago(60 * 24 * 2 + i * 37) });
    }
    await tx.insert(t.posts).values(postValues);
    await seedDemoStaff(tx, { senderId: zhenyi.id, recipientId: rosalind.id, sentAt: ago(170), reportedAt: ago(150) });
    // The leaderboard reads materialised scores: derive them from what was just seeded.
    await recomputeScores(tx, now);
    await seedDemoPartyPoints(tx, now);
    return true;
  });
}
