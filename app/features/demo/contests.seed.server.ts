/**
 * The demo world's contest play: Grace's Spring Glow Hunt with its first round published
 * (entries, Alan's and Rosalind's scores, notes for the parties) and its second open (the
 * Lanterns' and Comet Crew's entries waiting for the judges), Rosalind as a second judge
 * (never of her own Lanterns), a question and a role request in Grace's request modal, and
 * a judge invitation on its way.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { eq, and } from "drizzle-orm";
import type { Tx } from "~/platform/db/transaction.server";
import * as t from "~/platform/db/schema";
import { hashInviteToken } from "~/features/parties/index.server";
import { INVITE_TTL_MS } from "~/features/parties";

type People = Record<"ada" | "grace" | "alan" | "katherine" | "linus" | "mei" | "rosalind", t.Member>;

const criteria = [
  { name: "Creativity", weight: 2 },
  { name: "Teamwork", weight: 1 },
  { name: "Glow", weight: 1 },
];

export async function seedDemoContests(tx: Tx, world: { spring: t.Contest; people: People; lanterns: t.Party; comets: t.Party; now: Date }) {
  const { spring, people, lanterns, comets, now } = world;
  const { ada, grace, alan, katherine, linus, mei, rosalind } = people;
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const day = 60 * 24;

  await tx.insert(t.memberRoles).values({ memberId: rosalind.id, contestId: spring.id, role: "judge" });

  const [first] = await tx
    .update(t.contestRounds)
    .set({ challenge: "Find the fountain's secret and take a party photo there.", criteria, publishedAt: ago(2 * day - 60) })
    .where(and(eq(t.contestRounds.contestId, spring.id), eq(t.contestRounds.number, 1)))
    .returning();
  // The second round is open: parties are sending entries and the judges are at work.
  const [second] = await tx
    .update(t.contestRounds)
    .set({
      state: "open",
      challenge: "Light up a neighbour's evening: bring a lantern and a kind word to someone who lives near you.",
      criteria,
      opensAt: ago(day),
      closesAt: new Date(now.getTime() + 3 * day * 60_000),
    })
    .where(and(eq(t.contestRounds.contestId, spring.id), eq(t.contestRounds.number, 2)))
    .returning();

  const entries = await tx
    .insert(t.roundEntries)
    .values([
      { roundId: first!.id, partyId: lanterns.id, text: "We found the secret under the third step and sang to the fountain at noon.", submittedBy: katherine.id, submittedAt: ago(3 * day) },
      { roundId: first!.id, partyId: comets.id, text: "Our photo shows all six of us reflected in the water, holding the fountain's brass key.", submittedBy: mei.id, submittedAt: ago(3 * day - 90) },
      { roundId: second!.id, partyId: lanterns.id, text: "Ada and Rosalind brought paper lanterns to Mrs. Ortiz on Pine Street and read her a poem.", link: "https://example.com/lanterns-round-2", submittedBy: ada.id, submittedAt: ago(300) },
      { roundId: second!.id, partyId: comets.id, text: "We lit the stairwell of building 12 with jar lanterns and left a thank-you note for every door.", submittedBy: linus.id, submittedAt: ago(200) },
    ])
    .returning();
  const [lanternsFirst, cometsFirst] = entries as [t.RoundEntry, t.RoundEntry];
  // The Comets' round 1 entry speaks of a photo: a small one drawn here (a few milliseconds).
  const photo = await cometsPhoto();
  await tx.insert(t.entryPhotos).values({ entryId: cometsFirst.id, bytes: photo, contentType: "image/jpeg", size: photo.length });

  // Round 1's scores: Alan judged both entries; Rosalind, on the Lanterns, judged the Comets only.
  const scores: { entry: t.RoundEntry; judge: t.Member; values: number[]; note: string }[] = [
    { entry: lanternsFirst, judge: alan, values: [5, 4, 5], note: "Singing to the fountain was a lovely touch." },
    { entry: cometsFirst, judge: alan, values: [4, 5, 3], note: "Great teamwork in the photo." },
    { entry: cometsFirst, judge: rosalind, values: [4, 4, 4], note: "" },
  ];
  await tx.insert(t.entryScores).values(
    scores.flatMap((s) => s.values.map((score, criterion) => ({ entryId: s.entry.id, judgeId: s.judge.id, criterion, score, updatedAt: ago(2 * day + 60) }))),
  );
  await tx.insert(t.entryJudges).values(scores.map((s) => ({ entryId: s.entry.id, judgeId: s.judge.id, status: "assigned" as const, noteForParty: s.note, updatedAt: ago(2 * day + 60) })));

  await tx.insert(t.contestRequests).values([
    { contestId: spring.id, memberId: ada.id, kind: "question", message: "May our entry for round 2 include a video link?", createdAt: ago(90) },
    { contestId: spring.id, memberId: linus.id, kind: "role", role: "ringleader", message: "I'd like to start a second party for my neighbours.", createdAt: ago(45) },
  ]);
  await tx.insert(t.invites).values({
    tokenHash: hashInviteToken(randomBytes(32).toString("base64url")),
    partyId: null,
    contestId: spring.id,
    inviterId: grace.id,
    role: "judge",
    channel: "email",
    email: "hedy@example.com",
    language: "en",
    createdAt: ago(120),
    expiresAt: new Date(ago(120).getTime() + INVITE_TTL_MS),
  });
  await tx.insert(t.contestAudit).values({ contestId: spring.id, actorId: grace.id, action: "reopen-round", subject: "#1", reason: "The Comet Crew's photo upload failed at the deadline.", createdAt: ago(3 * day - 120) });
}

/** Six friends by a fountain at night, drawn and made a JPEG like an uploaded photo. */
function cometsPhoto() {
  const friends = Array.from({ length: 6 }, (_, i) => `<circle cx="${70 + i * 36}" cy="120" r="14" fill="#fde68a"/><circle cx="${70 + i * 36}" cy="190" r="12" fill="#fde68a" opacity="0.35"/>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#1e293b"/><rect y="160" width="320" height="80" fill="#1d4ed8"/><ellipse cx="160" cy="165" rx="40" ry="8" fill="#b45309"/>${friends}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
