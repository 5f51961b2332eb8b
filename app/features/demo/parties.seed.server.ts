/**
 * The demo world's parties: Katherine's Lanterns (by invitation, with members and pending
 * invitations), Mei's Comet Crew (request to join) in the Spring Glow Hunt, and an open
 * friends' party; the contest's first round published and the next one still a draft, so
 * rosters are open to try every way in.
 *
 * The pending invitations' tokens are thrown away (only their hashes are stored, as for
 * every invitation): Katherine resends one to get a link she can share.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/transaction.server";
import * as t from "~/platform/db/schema";
import { hashInviteToken } from "~/features/parties/index.server";
import { newJoinCode, INVITE_TTL_MS } from "~/features/parties";

type People = Record<"ada" | "grace" | "alan" | "katherine" | "linus" | "mei" | "zhenyi" | "rosalind", t.Member>;

export async function seedDemoParties(tx: Tx, world: { spring: t.Contest; summer: t.Contest; people: People; now: Date }) {
  const { spring, people, now } = world;
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const { ada, alan, katherine, linus, mei, zhenyi, rosalind } = people;

  await tx.insert(t.contestRounds).values([
    { contestId: spring.id, number: 1, state: "published", opensAt: ago(60 * 24 * 7), closesAt: ago(60 * 24 * 2) },
    { contestId: spring.id, number: 2, state: "draft", opensAt: new Date(now.getTime() + 60 * 24 * 3 * 60_000) },
  ]);

  const [lanterns, comets, stargazers] = await tx
    .insert(t.parties)
    .values([
      {
        name: "The Lanterns",
        motto: "We light the way, together.",
        contestId: spring.id,
        zipcode: "10001",
        cap: 8,
        joinPolicy: "invite",
        joinCode: newJoinCode(),
        createdBy: katherine.id,
        createdAt: ago(600),
      },
      {
        name: "Comet Crew",
        motto: "Fast, bright and always together.",
        contestId: spring.id,
        zipcode: "60601",
        cap: 6,
        joinPolicy: "request",
        joinCode: newJoinCode(),
        createdBy: mei.id,
        createdAt: ago(560),
      },
      {
        name: "Sunday Stargazers",
        motto: "Friends who look up.",
        contestId: null,
        cap: 12,
        joinPolicy: "open",
        joinCode: newJoinCode(),
        createdBy: rosalind.id,
        createdAt: ago(400),
      },
    ])
    .returning();
  const roster = [
    { party: lanterns!, member: katherine, role: "ringleader" as const, at: ago(600) },
    { party: lanterns!, member: ada, role: "member" as const, at: ago(590) },
    { party: lanterns!, member: rosalind, role: "member" as const, at: ago(580) },
    { party: comets!, member: mei, role: "ringleader" as const, at: ago(560) },
    { party: comets!, member: linus, role: "member" as const, at: ago(550) },
    { party: comets!, member: zhenyi, role: "member" as const, at: ago(540) },
    { party: stargazers!, member: rosalind, role: "ringleader" as const, at: ago(400) },
    { party: stargazers!, member: alan, role: "member" as const, at: ago(390) },
  ];
  await tx.insert(t.partyMembers).values(
    roster.map((r) => ({ partyId: r.party.id, memberId: r.member.id, contestId: r.party.contestId, role: r.role, joinedAt: r.at })),
  );
  await tx.insert(t.partyEvents).values(
    roster.map((r) => ({
      partyId: r.party.id,
      kind: r.role === "ringleader" ? ("formed" as const) : ("joined" as const),
      actorId: r.member.id,
      subjectId: r.member.id,
      createdAt: r.at,
    })),
  );
  await tx.insert(t.posts).values(
    roster.map((r) => ({
      type: "party",
      actorId: r.member.id,
      refId: r.party.id,
      text: r.party.name,
      data: (r.role === "ringleader" ? {} : { event: "joined" }) as Record<string, string>,
      createdAt: r.at,
    })),
  );

  // Katherine's pending invitations: two emails (one to a Chinese reader) and a link.
  const invited = (minutesAgo: number) => ({ createdAt: ago(minutesAgo), expiresAt: new Date(ago(minutesAgo).getTime() + INVITE_TTL_MS) });
  const token = () => hashInviteToken(randomBytes(32).toString("base64url"));
  await tx.insert(t.invites).values([
    { tokenHash: token(), partyId: lanterns!.id, contestId: spring.id, inviterId: katherine.id, channel: "email", email: "hedy@example.com", language: "en", ...invited(300) },
    { tokenHash: token(), partyId: lanterns!.id, contestId: spring.id, inviterId: katherine.id, channel: "email", email: "jianxiong@example.com", language: "zh", ...invited(200) },
    { tokenHash: token(), partyId: lanterns!.id, contestId: spring.id, inviterId: katherine.id, channel: "link", ...invited(100) },
  ]);

  return { lanterns: lanterns!, comets: comets!, stargazers: stargazers! };
}

/**
 * The parties' points from what their members earned (the seed's scores were just derived
 * from its salutes and judged rounds): as if every member earned theirs while in the party.
 */
export async function seedDemoPartyPoints(tx: Pick<Tx, "execute">, now: Date) {
  await tx.execute(sql`
    insert into party_points (party_id, member_id, points, created_at)
    select pm.party_id, pm.member_id, m.score, ${now.toISOString()}
      from party_members pm join members m on m.id = pm.member_id
     where m.score > 0`);
}
