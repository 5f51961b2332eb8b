/**
 * The demo world's quests, treasure hunt, guess cards and a catch link, so `npm start`
 * shows /playquest, /choose-quest, /treasure, /takeaguess, /kidnap and the game master's
 * tables with content. Called once by seedDemoWorld, inside its transaction.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/db.server";
import * as t from "~/platform/db/schema";
import { ensureBuiltInQuests, SIGNUP_QUEST, writeQuest, type QuestDefinition, newCatchCode } from "~/features/quests/index.server";
import { newTreasureCode } from "~/features/treasures/index.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const MINUTE = 60_000;

type Treasure = typeof t.treasures.$inferSelect;

export const LANTERN_TRAIL = "lantern-trail";
export const COMET_RELAY = "comet-relay";

const lanternTrail: QuestDefinition = {
  slug: LANTERN_TRAIL,
  title: { en: "The Lantern Trail", zh: "灯笼小径" },
  reward: { en: "A prize box, 20 light and 45 points", zh: "一个奖品盒、20 点光芒和 45 分" },
  timeNeeded: 721,
  position: 2,
  starts: "choose",
  steps: [
    {
      objective: "salute",
      target: "star",
      dialogue: [
        { en: "Every trail starts with a friend. Give someone a star salute!", zh: "每条小径都从朋友开始。给某人一个星星致敬吧！" },
      ],
      lightReward: 5,
      points: 10,
    },
    {
      objective: "treasure",
      dialogue: [
        { en: "Treasures are hidden around the square. Find one and scan its code.", zh: "广场周围藏着宝藏。找到一个，扫描它的二维码。" },
      ],
      lightReward: 10,
      points: 20,
    },
    {
      objective: "guess",
      target: "fountain-lantern",
      dialogue: [{ en: "One last riddle about the lantern. Take a guess!", zh: "最后一个关于灯笼的谜题。猜一猜吧！" }],
      lightReward: 5,
      points: 15,
    },
  ],
};

function cometRelay(cometStone: number): QuestDefinition {
  return {
    slug: COMET_RELAY,
    title: { en: "Comet Relay", zh: "彗星接力" },
    reward: { en: "A prize box for every member of the party", zh: "队伍里每位成员各得一个奖品盒" },
    timeNeeded: 837,
    position: 3,
    starts: "choose",
    kind: "party",
    steps: [
      {
        objective: "treasure",
        target: String(cometStone),
        dialogue: [{ en: "Your party's first leg: find the Comet Stone.", zh: "队伍的第一棒：找到彗星石。" }],
        lightReward: 10,
        points: 20,
      },
      {
        objective: "guess",
        target: "library-steps",
        unlock: "free",
        dialogue: [{ en: "Anyone in the party can count the library steps.", zh: "队伍里谁都可以去数图书馆的台阶。" }],
        lightReward: 5,
        points: 10,
      },
      {
        objective: "light",
        unlock: "free",
        dialogue: [{ en: "Share some light with a beamkin to finish the relay.", zh: "把一些光芒分给一只光灵，完成接力。" }],
        lightReward: 5,
        points: 10,
      },
    ],
  };
}

export interface QuestWorld {
  people: t.Member[];
  contestId: number;
  /** Parties of the demo contest: the Lanterns (Katherine, Ada, Rosalind), the Comet Crew (Mei, Linus, Zhenyi). */
  comets: number;
  now: Date;
}

export async function seedQuestWorld(tx: Tx, world: QuestWorld) {
  const { people, contestId, now } = world;
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const who = (username: string) => people.find((p) => p.username === username)!;
  const [ada, grace, mei] = [who("ada"), who("grace"), who("meilin")];

  await ensureBuiltInQuests(tx);

  // The treasure hunt: three to find now, one whose window opens tomorrow evening.
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 20));
  const hidden = await tx
    .insert(t.treasures)
    .values([
      { code: newTreasureCode(), name: "The fountain's secret", hint: "Where the water sings at noon.", contestId, hiddenBy: grace.id, points: 10, lightReward: 10, createdAt: ago(60 * 24 * 7) },
      { code: newTreasureCode(), name: "The quiet shelf", hint: "Between two blue books.", contestId, hiddenBy: grace.id, points: 15, lightReward: 10, createdAt: ago(60 * 24 * 7) },
      { code: newTreasureCode(), name: "The Comet Stone", hint: "Under the bench that faces east.", contestId, hiddenBy: grace.id, points: 20, lightReward: 10, createdAt: ago(60 * 24 * 6) },
      {
        code: newTreasureCode(),
        name: "The midnight lantern",
        hint: "Only lit after dark.",
        contestId,
        hiddenBy: grace.id,
        points: 30,
        lightReward: 15,
        opensAt: tomorrow,
        closesAt: new Date(tomorrow.getTime() + 4 * 60 * MINUTE),
        createdAt: ago(60 * 24),
      },
    ])
    .returning();
  const [fountain, , cometStone] = hidden as [Treasure, Treasure, Treasure, Treasure];

  await tx.insert(t.guessCards).values([
    {
      id: "fountain-lantern",
      contestId,
      question: { en: "This lantern hangs over a landmark of the Spring Glow Hunt. Which one?", zh: "这盏灯笼挂在春日寻光活动的哪个地标上方？" },
      imageUrl: "/quests/fountain-lantern.svg",
      imageAlt: { en: "A golden lantern glowing over water at dusk", zh: "黄昏时分，一盏金色灯笼在水面上方发光" },
      answers: ["fountain", "the fountain", "喷泉"],
      hints: [{ text: { en: "You can hear it before you see it.", zh: "还没看到它，就先听到它的声音。" }, cost: 5 }],
      points: 15,
      maxAttempts: 3,
      createdBy: grace.id,
    },
    {
      id: "library-steps",
      contestId,
      question: { en: "How many steps lead up to the library door?", zh: "通往图书馆大门的台阶有多少级？" },
      numericAnswer: 42,
      tolerance: 0,
      hints: [{ text: { en: "More than 40, fewer than 45.", zh: "多于 40 级，少于 45 级。" }, cost: 4 }],
      points: 10,
      maxAttempts: 3,
      createdBy: grace.id,
    },
    {
      id: "lantern-festival",
      contestId,
      question: { en: "In which season is the lantern festival held?", zh: "元宵灯节在哪个季节举行？" },
      answers: ["spring", "春天", "春季", "春"],
      points: 10,
      maxAttempts: 3,
      createdBy: grace.id,
    },
    {
      id: "rainbow-colour",
      contestId,
      question: { en: "Name one colour of the rainbow.", zh: "说出彩虹的一种颜色。" },
      pattern: "red|orange|yellow|green|blue|indigo|violet|[红橙黄绿蓝靛紫]色?",
      points: 5,
      maxAttempts: 2,
      createdBy: grace.id,
    },
  ]);

  const trailId = (await writeQuest(tx, lanternTrail, { contestId }))!;
  const relayId = (await writeQuest(tx, cometRelay(cometStone.id), { contestId }))!;
  const [signup] = await tx.select({ id: t.quests.id }).from(t.quests).where(eq(t.quests.slug, SIGNUP_QUEST));
  const [signupStep] = await tx.select().from(t.questSteps).where(eq(t.questSteps.questId, signup!.id));

  // Every demo member finished 'Complete Signup' the day they joined.
  for (const person of people) {
    const joined = person.joinedAt;
    const [run] = await tx.insert(t.questRuns).values({ questId: signup!.id, memberId: person.id, startedAt: joined, completedAt: joined }).returning();
    await tx.insert(t.questProgress).values({ runId: run!.id, stepId: signupStep!.id, memberId: person.id, points: signupStep!.points, light: signupStep!.lightReward, completedAt: joined });
    await tx.insert(t.lightLedger).values({ memberId: person.id, delta: signupStep!.lightReward, reason: "quest-step", ref: `step:${signupStep!.id}`, createdAt: joined });
    await tx.execute(sql`update members set light_balance = light_balance + ${signupStep!.lightReward} where id = ${person.id}`);
    // Ada has not opened hers yet: /playquest shows it waiting.
    await tx.insert(t.prizeBoxes).values(
      person.id === ada.id
        ? { memberId: person.id, questId: signup!.id, runId: run!.id, createdAt: joined }
        : { memberId: person.id, questId: signup!.id, runId: run!.id, createdAt: joined, openedAt: joined, roll: 40, drawnKind: "light", rewardKind: "light", rewardAmount: 10 },
    );
  }

  // Ada found the fountain's secret and is on the Lantern Trail.
  await tx.insert(t.treasureClaims).values({ treasureId: fountain.id, memberId: ada.id, points: fountain.points, claimedAt: ago(300) });
  await tx.insert(t.lightLedger).values({ memberId: ada.id, delta: fountain.lightReward, reason: "treasure", ref: `treasure:${fountain.id}`, createdAt: ago(300) });
  await tx.execute(sql`update members set light_balance = light_balance + ${fountain.lightReward} where id = ${ada.id}`);
  await tx.insert(t.questRuns).values({ questId: trailId, memberId: ada.id, startedAt: ago(120) });

  // The Comet Crew run the Comet Relay: Mei found the Comet Stone.
  const [relay] = await tx.insert(t.questRuns).values({ questId: relayId, partyId: world.comets, startedAt: ago(500) }).returning();
  const [firstLeg] = await tx.select().from(t.questSteps).where(eq(t.questSteps.questId, relayId)).orderBy(t.questSteps.position).limit(1);
  await tx.insert(t.treasureClaims).values({ treasureId: cometStone.id, memberId: mei.id, points: cometStone.points, claimedAt: ago(400) });
  await tx.insert(t.questProgress).values({ runId: relay!.id, stepId: firstLeg!.id, memberId: mei.id, points: firstLeg!.points, light: firstLeg!.lightReward, completedAt: ago(400) });
  await tx.insert(t.lightLedger).values([
    { memberId: mei.id, delta: cometStone.lightReward, reason: "treasure", ref: `treasure:${cometStone.id}`, createdAt: ago(400) },
    { memberId: mei.id, delta: firstLeg!.lightReward, reason: "quest-step", ref: `step:${firstLeg!.id}`, createdAt: ago(400) },
  ]);
  await tx.execute(sql`update members set light_balance = light_balance + ${cometStone.lightReward + firstLeg!.lightReward} where id = ${mei.id}`);

  // Grace shares a Quipwisp with everyone at the hunt.
  const [quipwisp] = await tx.select({ id: t.creatures.id }).from(t.creatures).where(eq(t.creatures.slug, "quipwisp"));
  if (quipwisp) {
    await tx.insert(t.catchLinks).values({ code: newCatchCode(), creatureId: quipwisp.id, createdBy: grace.id, maxCatches: 100, expiresAt: new Date(now.getTime() + 30 * 24 * 60 * MINUTE), createdAt: ago(60) });
  }

  // The feed tells of the finds and the finished quests.
  await tx.insert(t.posts).values([
    { type: "treasure", actorId: ada.id, refId: fountain.id, text: fountain.name, createdAt: ago(300) },
    { type: "treasure", actorId: mei.id, refId: cometStone.id, text: cometStone.name, createdAt: ago(400) },
    { type: "quest", actorId: ada.id, refId: signup!.id, createdAt: ada.joinedAt },
  ]);
  return { trailId, relayId };
}
